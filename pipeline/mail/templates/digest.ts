import type { Language } from '../../../domain/languages.ts';
import type { EmailContent, EmailItem, EmailTemplate } from '../render-email.ts';

export interface DigestItemVars {
  title: string;
  organization: string | null;
  score: number;
  alertPrompt: string;
  explanation: string;
  deadline: Date | null;
  projectUrl: string;
  simapUrl: string;
  /** Signed one-click links: 👍 relevant, 👎 not relevant, ☆ watch. */
  actions?: { relevant: string; notRelevant: string; watch: string };
}

export type DigestKind = 'immediate' | 'daily' | 'weekly';

/** Matches of one alert left out of a capped digest, shown as one link to the alert's matches in Vigie. */
export interface DigestMoreVars {
  alertPrompt: string;
  count: number;
  url: string;
}

export interface DigestVars {
  username: string;
  items: DigestItemVars[];
  alertsUrl: string;
  /** The alerts' frequency when they share one; the subject names it. */
  kind?: DigestKind | null;
  /** Every match the digest holds (items shown plus those left out); items.length when absent. */
  total?: number;
  more?: DigestMoreVars[];
}

interface DigestWords {
  locale: string;
  actions: { relevant: string; notRelevant: string; watch: string };
  subject(count: number): string;
  kind: Record<DigestKind, string>;
  more(count: number, prompt: string): string;
  heading(username: string): string;
  intro(count: number): string;
  organization: string;
  score: string;
  alert: string;
  explanation: string;
  deadline: string;
  noDeadline: string;
  simap: string;
  manageAlerts: string;
  manageHint: string;
  disclaimer: string;
  reason(alertsUrl: string): string;
  quote(text: string): string;
  percent(score: number): string;
}

const WORDS: Record<Language, DigestWords> = {
  fr: {
    quote: (t) => `« ${t} »`,
    percent: (n) => `${n} %`,
    locale: 'fr-CH',
    kind: { immediate: 'alerte immédiate', daily: 'résumé quotidien', weekly: 'résumé hebdomadaire' },
    more: (n, p) => `et ${n} autre${n === 1 ? '' : 's'} pour « ${p} » dans Vigie`,
    subject: (n) => (n === 1 ? 'Vigie : 1 nouvel appel d’offres correspond à vos alertes' : `Vigie : ${n} nouveaux appels d’offres correspondent à vos alertes`),
    heading: (username) => `Bonjour ${username},`,
    intro: (n) => (n === 1 ? 'Ce projet publié sur simap.ch correspond à vos alertes :' : `Ces ${n} projets publiés sur simap.ch correspondent à vos alertes :`),
    organization: 'Adjudicateur',
    score: 'Correspondance',
    alert: 'Alerte',
    explanation: 'Pourquoi',
    deadline: 'Délai de remise',
    noDeadline: 'non indiqué',
    simap: 'Sur simap.ch',
    actions: { relevant: '👍 Pertinent', notRelevant: '👎 Pas pertinent', watch: '☆ Suivre' },
    manageAlerts: 'Gérer mes alertes',
    manageHint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
    disclaimer:
      'Vigie est un service indépendant, sans lien avec simap.ch. Résumés et traductions sont approximatifs : vérifiez sur simap.ch, qui fait foi en cas de divergence.',
    reason: (url) => `Vous recevez cet e-mail parce que vous avez créé des alertes sur Vigie : ${url}`,
  },
  de: {
    quote: (t) => `„${t}“`,
    percent: (n) => `${n} %`,
    locale: 'de-CH',
    kind: { immediate: 'Sofortmeldung', daily: 'Tageszusammenfassung', weekly: 'Wochenzusammenfassung' },
    more: (n, p) => `und ${n} weitere für „${p}“ in Vigie`,
    subject: (n) => (n === 1 ? 'Vigie: 1 neue Ausschreibung passt zu Ihren Alarmen' : `Vigie: ${n} neue Ausschreibungen passen zu Ihren Alarmen`),
    heading: (username) => `Guten Tag ${username},`,
    intro: (n) => (n === 1 ? 'Dieses auf simap.ch veröffentlichte Projekt passt zu Ihren Alarmen:' : `Diese ${n} auf simap.ch veröffentlichten Projekte passen zu Ihren Alarmen:`),
    organization: 'Auftraggeber',
    score: 'Übereinstimmung',
    alert: 'Alarm',
    explanation: 'Begründung',
    deadline: 'Eingabefrist',
    noDeadline: 'nicht angegeben',
    simap: 'Auf simap.ch',
    actions: { relevant: '👍 Relevant', notRelevant: '👎 Nicht relevant', watch: '☆ Beobachten' },
    manageAlerts: 'Meine Alarme verwalten',
    manageHint: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
    disclaimer:
      'Vigie ist ein unabhängiger Dienst und nicht mit simap.ch verbunden. Zusammenfassungen und Übersetzungen sind Näherungen: Prüfen Sie die Angaben auf simap.ch, die bei Abweichungen massgebend sind.',
    reason: (url) => `Sie erhalten diese E-Mail, weil Sie auf Vigie Alarme eingerichtet haben: ${url}`,
  },
  it: {
    quote: (t) => `«${t}»`,
    percent: (n) => `${n}%`,
    locale: 'it-CH',
    kind: { immediate: 'avviso immediato', daily: 'riepilogo giornaliero', weekly: 'riepilogo settimanale' },
    more: (n, p) => `e altri ${n} per «${p}» in Vigie`,
    subject: (n) => (n === 1 ? 'Vigie: 1 nuovo bando corrisponde ai tuoi avvisi' : `Vigie: ${n} nuovi bandi corrispondono ai tuoi avvisi`),
    heading: (username) => `Buongiorno ${username},`,
    intro: (n) => (n === 1 ? 'Questo progetto pubblicato su simap.ch corrisponde ai tuoi avvisi:' : `Questi ${n} progetti pubblicati su simap.ch corrispondono ai tuoi avvisi:`),
    organization: 'Committente',
    score: 'Corrispondenza',
    alert: 'Avviso',
    explanation: 'Motivo',
    deadline: 'Termine di inoltro',
    noDeadline: 'non indicato',
    simap: 'Su simap.ch',
    actions: { relevant: '👍 Pertinente', notRelevant: '👎 Non pertinente', watch: '☆ Segui' },
    manageAlerts: 'Gestisci i miei avvisi',
    manageHint: 'Se il pulsante non funziona, copia questo link nel browser:',
    disclaimer:
      'Vigie è un servizio indipendente, non affiliato a simap.ch. Riassunti e traduzioni sono approssimativi: verifica su simap.ch, che fa fede in caso di discrepanze.',
    reason: (url) => `Ricevi questa e-mail perché hai creato degli avvisi su Vigie: ${url}`,
  },
  en: {
    quote: (t) => `“${t}”`,
    percent: (n) => `${n}%`,
    locale: 'en-GB',
    kind: { immediate: 'instant alert', daily: 'daily digest', weekly: 'weekly digest' },
    more: (n, p) => `and ${n} more for “${p}” in Vigie`,
    subject: (n) => (n === 1 ? 'Vigie: 1 new tender matches your alerts' : `Vigie: ${n} new tenders match your alerts`),
    heading: (username) => `Hello ${username},`,
    intro: (n) => (n === 1 ? 'This project published on simap.ch matches your alerts:' : `These ${n} projects published on simap.ch match your alerts:`),
    organization: 'Contracting authority',
    score: 'Match',
    alert: 'Alert',
    explanation: 'Why',
    deadline: 'Submission deadline',
    noDeadline: 'not given',
    simap: 'On simap.ch',
    actions: { relevant: '👍 Relevant', notRelevant: '👎 Not relevant', watch: '☆ Watch' },
    manageAlerts: 'Manage my alerts',
    manageHint: "If the button doesn't work, copy this link into your browser:",
    disclaimer:
      'Vigie is an independent service, not affiliated with simap.ch. Summaries and translations are approximate: check on simap.ch, which prevails in case of any discrepancy.',
    reason: (url) => `You receive this e-mail because you set up alerts on Vigie: ${url}`,
  },
};

function formatDeadline(words: DigestWords, deadline: Date | null): string {
  if (!deadline) return words.noDeadline;
  return new Intl.DateTimeFormat(words.locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Zurich' }).format(deadline);
}

function item(words: DigestWords, vars: DigestItemVars): EmailItem {
  const lines = [
    ...(vars.organization ? [`${words.organization}: ${vars.organization}`] : []),
    `${words.score}: ${words.percent(vars.score)}`,
    `${words.alert}: ${words.quote(vars.alertPrompt)}`,
    ...(vars.explanation ? [`${words.explanation}: ${vars.explanation}`] : []),
    `${words.deadline}: ${formatDeadline(words, vars.deadline)}`,
    `${words.simap}: ${vars.simapUrl}`,
  ];
  const links = vars.actions
    ? [
        { label: words.actions.relevant, url: vars.actions.relevant },
        { label: words.actions.notRelevant, url: vars.actions.notRelevant },
        { label: words.actions.watch, url: vars.actions.watch },
      ]
    : undefined;
  return { title: vars.title, lines, url: vars.projectUrl, ...(links ? { links } : {}) };
}

function content(language: Language) {
  const words = WORDS[language];
  return (vars: DigestVars): EmailContent => ({
    subject: vars.kind ? `${words.subject(vars.total ?? vars.items.length)} (${words.kind[vars.kind]})` : words.subject(vars.total ?? vars.items.length),
    heading: words.heading(vars.username),
    paragraphs: [words.intro(vars.total ?? vars.items.length)],
    items: [
      ...vars.items.map((i) => item(words, i)),
      ...(vars.more ?? []).map((m) => ({ title: words.more(m.count, m.alertPrompt), lines: [], url: m.url })),
    ],
    action: { label: words.manageAlerts, url: vars.alertsUrl },
    actionHint: words.manageHint,
    footer: `${words.disclaimer} ${words.reason(vars.alertsUrl)}`,
  });
}

export const digestTemplate: EmailTemplate<DigestVars> = {
  id: 'digest',
  content: { fr: content('fr'), de: content('de'), it: content('it'), en: content('en') },
};
