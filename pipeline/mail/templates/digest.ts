import type { Language } from '../../../domain/languages.ts';
import { formatDeadline } from './format-deadline.ts';
import { colon, type EmailContent, type EmailItem, type EmailSection, type EmailTemplate } from '../render-email.ts';

type EmailLanguage = Language;

export interface DigestItemVars {
  title: string;
  organization: string | null;
  score: number;
  deadline: Date | null;
  /** Summary extract or the first lines of the notice, in the notice's words. */
  excerpt: string | null;
  projectUrl: string;
  simapUrl: string;
  /** Signed one-click links: 👍 relevant, 👎 not relevant, ☆ watch. */
  actions?: { relevant: string; notRelevant: string; watch: string };
}

/** One alert's matches, best first. */
export interface DigestGroupVars {
  alertPrompt: string;
  items: DigestItemVars[];
  /** Matches of this alert left out of the e-mail (size cap), shown as "and N more" with the alert's link. */
  more?: number;
  alertUrl: string;
  unsubscribeUrl: string;
}

export type DigestKind = 'immediate' | 'daily' | 'weekly';

export interface DigestVars {
  username: string;
  groups: DigestGroupVars[];
  /** The alerts' frequency when they share one; the subject names it. */
  kind?: DigestKind | null;
  alertsUrl: string;
  unsubscribeAllUrl: string;
}

interface DigestWords {
  locale: string;
  actions: { relevant: string; notRelevant: string; watch: string };
  subject(count: number): string;
  kind: Record<DigestKind, string>;
  heading(username: string): string;
  intro(count: number, alerts: number): string;
  alertHeading(prompt: string): string;
  organization: string;
  deadline: string;
  noDeadline: string;
  match(score: number): string;
  openInApp: string;
  openOnSimap: string;
  more(count: number, prompt: string): string;
  unsubscribeAlert: string;
  unsubscribeAll: string;
  manageAlerts: string;
  manageHint: string;
  disclaimer: string;
  reason: string;
}

// French: narrow no-break spaces before « : ; ! ? % » and inside guillemets.
const N = '\u202f';

const WORDS: Record<EmailLanguage, DigestWords> = {
  fr: {
    locale: 'fr-CH',
    actions: { relevant: '👍 Pertinent', notRelevant: '👎 Pas pertinent', watch: '☆ Suivre' },
    subject: (n) =>
      n === 1 ? `Vigie${N}: 1 nouvel appel d’offres correspond à vos alertes` : `Vigie${N}: ${n} nouveaux appels d’offres correspondent à vos alertes`,
    heading: (username) => `Bonjour ${username},`,
    intro: (n, a) =>
      n === 1
        ? `Ce projet publié sur simap.ch correspond à votre alerte${N}:`
        : `Ces ${n} projets publiés sur simap.ch correspondent à ${a === 1 ? 'votre alerte' : `vos ${a} alertes`}, les meilleurs d’abord${N}:`,
    alertHeading: (prompt) => `Alerte «${N}${prompt}${N}»`,
    organization: 'Adjudicateur',
    deadline: 'Délai de remise',
    noDeadline: 'non indiqué',
    match: (n) => `${n}${N}%`,
    openInApp: 'Voir dans Vigie',
    openOnSimap: 'Avis sur simap.ch',
    kind: { immediate: 'alerte immédiate', daily: 'résumé quotidien', weekly: 'résumé hebdomadaire' },
    more: (n, p) => `et ${n} autre${n === 1 ? '' : 's'} pour «${N}${p}${N}» dans Vigie`,
    unsubscribeAlert: 'Ne plus recevoir d’e-mails pour cette alerte',
    unsubscribeAll: 'Se désinscrire de tous les e-mails d’alerte',
    manageAlerts: 'Gérer mes alertes',
    manageHint: `Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur${N}:`,
    disclaimer: `Vigie est un service indépendant, sans lien avec simap.ch. Les extraits et traductions sont indicatifs${N}: vérifiez sur simap.ch, qui fait foi en cas de divergence.`,
    reason: 'Vous recevez cet e-mail parce que vous avez créé des alertes sur Vigie.',
  },
  de: {
    locale: 'de-CH',
    actions: { relevant: '👍 Relevant', notRelevant: '👎 Nicht relevant', watch: '☆ Beobachten' },
    subject: (n) => (n === 1 ? 'Vigie: 1 neue Ausschreibung passt zu Ihren Alarmen' : `Vigie: ${n} neue Ausschreibungen passen zu Ihren Alarmen`),
    heading: (username) => `Guten Tag ${username},`,
    intro: (n, a) =>
      n === 1
        ? 'Dieses auf simap.ch veröffentlichte Projekt passt zu Ihrem Alarm:'
        : `Diese ${n} auf simap.ch veröffentlichten Projekte passen zu ${a === 1 ? 'Ihrem Alarm' : `Ihren ${a} Alarmen`}, die besten zuerst:`,
    alertHeading: (prompt) => `Alarm „${prompt}“`,
    organization: 'Auftraggeber',
    deadline: 'Eingabefrist',
    noDeadline: 'nicht angegeben',
    match: (n) => `${n} %`,
    openInApp: 'In Vigie ansehen',
    openOnSimap: 'Ausschreibung auf simap.ch',
    kind: { immediate: 'Sofortmeldung', daily: 'Tageszusammenfassung', weekly: 'Wochenzusammenfassung' },
    more: (n, p) => `und ${n} weitere für „${p}“ in Vigie`,
    unsubscribeAlert: 'Keine E-Mails mehr zu diesem Alarm',
    unsubscribeAll: 'Von allen Alarm-E-Mails abmelden',
    manageAlerts: 'Meine Alarme verwalten',
    manageHint: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
    disclaimer:
      'Vigie ist ein unabhängiger Dienst und nicht mit simap.ch verbunden. Auszüge und Übersetzungen sind Näherungen: Prüfen Sie die Angaben auf simap.ch, die bei Abweichungen massgebend sind.',
    reason: 'Sie erhalten diese E-Mail, weil Sie auf Vigie Alarme eingerichtet haben.',
  },
  it: {
    locale: 'it-CH',
    actions: { relevant: '👍 Pertinente', notRelevant: '👎 Non pertinente', watch: '☆ Segui' },
    subject: (n) => (n === 1 ? 'Vigie: 1 nuovo bando corrisponde ai tuoi avvisi' : `Vigie: ${n} nuovi bandi corrispondono ai tuoi avvisi`),
    heading: (username) => `Buongiorno ${username},`,
    intro: (n, a) =>
      n === 1
        ? 'Questo progetto pubblicato su simap.ch corrisponde al tuo avviso:'
        : `Questi ${n} progetti pubblicati su simap.ch corrispondono ${a === 1 ? 'al tuo avviso' : `ai tuoi ${a} avvisi`}, i migliori per primi:`,
    alertHeading: (prompt) => `Avviso «${prompt}»`,
    organization: 'Committente',
    deadline: 'Termine di inoltro',
    noDeadline: 'non indicato',
    match: (n) => `${n}%`,
    openInApp: 'Vedi in Vigie',
    openOnSimap: 'Bando su simap.ch',
    kind: { immediate: 'avviso immediato', daily: 'riepilogo giornaliero', weekly: 'riepilogo settimanale' },
    more: (n, p) => `e altri ${n} per «${p}» in Vigie`,
    unsubscribeAlert: 'Non ricevere più e-mail per questo avviso',
    unsubscribeAll: 'Annulla l’iscrizione a tutte le e-mail di avviso',
    manageAlerts: 'Gestisci i miei avvisi',
    manageHint: 'Se il pulsante non funziona, copia questo link nel browser:',
    disclaimer:
      'Vigie è un servizio indipendente, non affiliato a simap.ch. Estratti e traduzioni sono indicativi: verifica su simap.ch, che fa fede in caso di discrepanze.',
    reason: 'Ricevi questa e-mail perché hai creato degli avvisi su Vigie.',
  },
  en: {
    locale: 'en-GB',
    actions: { relevant: '👍 Relevant', notRelevant: '👎 Not relevant', watch: '☆ Watch' },
    subject: (n) => (n === 1 ? 'Vigie: 1 new tender matches your alerts' : `Vigie: ${n} new tenders match your alerts`),
    heading: (username) => `Hello ${username},`,
    intro: (n, a) =>
      n === 1
        ? 'This project published on simap.ch matches your alert:'
        : `These ${n} projects published on simap.ch match ${a === 1 ? 'your alert' : `your ${a} alerts`}, best first:`,
    alertHeading: (prompt) => `Alert “${prompt}”`,
    organization: 'Contracting authority',
    deadline: 'Submission deadline',
    noDeadline: 'not given',
    match: (n) => `${n}%`,
    openInApp: 'View in Vigie',
    openOnSimap: 'Notice on simap.ch',
    kind: { immediate: 'instant alert', daily: 'daily digest', weekly: 'weekly digest' },
    more: (n, p) => `and ${n} more for “${p}” in Vigie`,
    unsubscribeAlert: 'Stop e-mails for this alert',
    unsubscribeAll: 'Unsubscribe from all alert e-mails',
    manageAlerts: 'Manage my alerts',
    manageHint: "If the button doesn't work, copy this link into your browser:",
    disclaimer:
      'Vigie is an independent service, not affiliated with simap.ch. Extracts and translations are approximate: check on simap.ch, which prevails in case of any discrepancy.',
    reason: 'You receive this e-mail because you set up alerts on Vigie.',
  },
};

function deadlineText(words: DigestWords, deadline: Date | null): string {
  return deadline ? formatDeadline(words.locale, deadline) : words.noDeadline;
}

function item(words: DigestWords, language: EmailLanguage, vars: DigestItemVars): EmailItem {
  const c = colon(language);
  return {
    title: vars.title,
    badge: words.match(vars.score),
    lines: [...(vars.organization ? [`${words.organization}${c} ${vars.organization}`] : []), `${words.deadline}${c} ${deadlineText(words, vars.deadline)}`],
    ...(vars.excerpt ? { excerpt: vars.excerpt } : {}),
    url: vars.projectUrl,
    links: [
      { label: words.openOnSimap, url: vars.simapUrl },
      ...(vars.actions
        ? [
            { label: words.actions.relevant, url: vars.actions.relevant },
            { label: words.actions.notRelevant, url: vars.actions.notRelevant },
            { label: words.actions.watch, url: vars.actions.watch },
          ]
        : []),
    ],
  };
}

function section(words: DigestWords, language: EmailLanguage, group: DigestGroupVars): EmailSection {
  return {
    heading: words.alertHeading(group.alertPrompt),
    items: group.items.map((i) => item(words, language, i)),
    ...(group.more ? { note: words.more(group.more, group.alertPrompt) } : {}),
    links: [...(group.more ? [{ label: words.openInApp, url: group.alertUrl }] : []), { label: words.unsubscribeAlert, url: group.unsubscribeUrl }],
  };
}

function content(language: EmailLanguage) {
  const words = WORDS[language];
  return (vars: DigestVars): EmailContent => {
    const count = vars.groups.reduce((sum, group) => sum + group.items.length + (group.more ?? 0), 0);
    return {
      subject: vars.kind ? `${words.subject(count)} (${words.kind[vars.kind]})` : words.subject(count),
      heading: words.heading(vars.username),
      paragraphs: [words.intro(count, vars.groups.length)],
      sections: vars.groups.map((group) => section(words, language, group)),
      action: { label: words.manageAlerts, url: vars.alertsUrl },
      actionHint: words.manageHint,
      footer: `${words.disclaimer} ${words.reason}`,
      footerLinks: [{ label: words.unsubscribeAll, url: vars.unsubscribeAllUrl }],
    };
  };
}

export const digestTemplate: EmailTemplate<DigestVars> = {
  id: 'digest',
  content: { fr: content('fr'), de: content('de'), it: content('it'), en: content('en') },
};

/** The subject a digest of `count` matches had, for the e-mail history. */
export function digestSubject(language: EmailLanguage, count: number): string {
  return WORDS[language].subject(count);
}
