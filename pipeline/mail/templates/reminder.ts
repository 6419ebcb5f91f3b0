import type { Language as EmailLanguage } from '../../../domain/languages.ts';
import type { ProjectChangeKind } from '../../../domain/project-changes.ts';
import { formatDeadline } from './format-deadline.ts';
import type { EmailContent, EmailTemplate } from '../render-email.ts';

export type ReminderKind = 'deadline' | ProjectChangeKind;

export interface ReminderVars {
  username: string;
  kind: ReminderKind;
  /** For a deadline reminder: the reminder's day count (7, 2, …). */
  days: number | null;
  title: string;
  organization: string | null;
  /** ISO time of the offer deadline, or null. */
  deadline: string | null;
  projectUrl: string;
  simapUrl: string;
  settingsUrl: string;
}

interface ReminderWords {
  locale: string;
  subject(kind: ReminderKind, days: number | null, title: string): string;
  heading(username: string): string;
  intro(kind: ReminderKind, days: number | null): string;
  organization: string;
  deadline: string;
  noDeadline: string;
  simap: string;
  open: string;
  openHint: string;
  footer(settingsUrl: string): string;
}

const dayWord = { fr: ['jour', 'jours'], de: ['Tag', 'Tagen'], it: ['giorno', 'giorni'], en: ['day', 'days'] } as const;
const plural = (language: EmailLanguage, n: number | null) => `${n ?? 0} ${dayWord[language][n === 1 ? 0 : 1]}`;

const WORDS: Record<EmailLanguage, ReminderWords> = {
  fr: {
    locale: 'fr-CH',
    subject: (kind, days, title) =>
      ({
        deadline: `Vigie : délai de remise dans ${plural('fr', days)} – ${title}`,
        corrected: `Vigie : rectificatif publié – ${title}`,
        awarded: `Vigie : marché adjugé – ${title}`,
        revoked: `Vigie : appel d’offres révoqué – ${title}`,
        abandoned: `Vigie : procédure interrompue – ${title}`,
      })[kind],
    heading: (u) => `Bonjour ${u},`,
    intro: (kind, days) =>
      ({
        deadline: `Le délai de remise de ce projet que vous suivez échoit dans ${plural('fr', days)} :`,
        corrected: 'Un rectificatif a été publié pour ce projet que vous suivez :',
        awarded: 'Ce projet que vous suivez a été adjugé :',
        revoked: 'Ce projet que vous suivez a été révoqué :',
        abandoned: 'La procédure de ce projet que vous suivez a été interrompue :',
      })[kind],
    organization: 'Adjudicateur',
    deadline: 'Délai de remise',
    noDeadline: 'non indiqué',
    simap: 'Sur simap.ch',
    open: 'Voir le projet',
    openHint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
    footer: (url) => `Vous recevez ce rappel parce que vous suivez ce projet sur Vigie. Réglages des rappels : ${url}`,
  },
  de: {
    locale: 'de-CH',
    subject: (kind, days, title) =>
      ({
        deadline: `Vigie: Eingabefrist in ${plural('de', days)} – ${title}`,
        corrected: `Vigie: Berichtigung publiziert – ${title}`,
        awarded: `Vigie: Zuschlag erteilt – ${title}`,
        revoked: `Vigie: Ausschreibung widerrufen – ${title}`,
        abandoned: `Vigie: Verfahren abgebrochen – ${title}`,
      })[kind],
    heading: (u) => `Guten Tag ${u},`,
    intro: (kind, days) =>
      ({
        deadline: `Die Eingabefrist dieses beobachteten Projekts läuft in ${plural('de', days)} ab:`,
        corrected: 'Für dieses beobachtete Projekt wurde eine Berichtigung publiziert:',
        awarded: 'Dieses beobachtete Projekt wurde zugeschlagen:',
        revoked: 'Dieses beobachtete Projekt wurde widerrufen:',
        abandoned: 'Das Verfahren dieses beobachteten Projekts wurde abgebrochen:',
      })[kind],
    organization: 'Auftraggeber',
    deadline: 'Eingabefrist',
    noDeadline: 'nicht angegeben',
    simap: 'Auf simap.ch',
    open: 'Projekt ansehen',
    openHint: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
    footer: (url) => `Sie erhalten diese Erinnerung, weil Sie dieses Projekt auf Vigie beobachten. Einstellungen: ${url}`,
  },
  it: {
    locale: 'it-CH',
    subject: (kind, days, title) =>
      ({
        deadline: `Vigie: termine di inoltro tra ${plural('it', days)} – ${title}`,
        corrected: `Vigie: rettifica pubblicata – ${title}`,
        awarded: `Vigie: commessa aggiudicata – ${title}`,
        revoked: `Vigie: bando revocato – ${title}`,
        abandoned: `Vigie: procedura interrotta – ${title}`,
      })[kind],
    heading: (u) => `Buongiorno ${u},`,
    intro: (kind, days) =>
      ({
        deadline: `Il termine di inoltro di questo progetto che segue scade tra ${plural('it', days)}:`,
        corrected: 'È stata pubblicata una rettifica per questo progetto che segue:',
        awarded: 'Questo progetto che segue è stato aggiudicato:',
        revoked: 'Questo progetto che segue è stato revocato:',
        abandoned: 'La procedura di questo progetto che segue è stata interrotta:',
      })[kind],
    organization: 'Committente',
    deadline: 'Termine di inoltro',
    noDeadline: 'non indicato',
    simap: 'Su simap.ch',
    open: 'Vedi il progetto',
    openHint: 'Se il pulsante non funziona, copi questo link nel browser:',
    footer: (url) => `Riceve questo promemoria perché segue questo progetto su Vigie. Impostazioni: ${url}`,
  },
  en: {
    locale: 'en-GB',
    subject: (kind, days, title) =>
      ({
        deadline: `Vigie: offer deadline in ${plural('en', days)} – ${title}`,
        corrected: `Vigie: correction published – ${title}`,
        awarded: `Vigie: contract awarded – ${title}`,
        revoked: `Vigie: tender revoked – ${title}`,
        abandoned: `Vigie: procedure abandoned – ${title}`,
      })[kind],
    heading: (u) => `Hello ${u},`,
    intro: (kind, days) =>
      ({
        deadline: `The offer deadline of this project you watch is in ${plural('en', days)}:`,
        corrected: 'A correction was published for this project you watch:',
        awarded: 'This project you watch has been awarded:',
        revoked: 'This project you watch has been revoked:',
        abandoned: 'The procedure of this project you watch has been abandoned:',
      })[kind],
    organization: 'Contracting authority',
    deadline: 'Offer deadline',
    noDeadline: 'not given',
    simap: 'On simap.ch',
    open: 'View the project',
    openHint: "If the button doesn't work, copy this link into your browser:",
    footer: (url) => `You receive this reminder because you watch this project on Vigie. Reminder settings: ${url}`,
  },
};

function content(language: EmailLanguage, vars: ReminderVars): EmailContent {
  const words = WORDS[language];
  const deadline = vars.deadline ? formatDeadline(words.locale, new Date(vars.deadline)) : words.noDeadline;
  const lines = [
    ...(vars.organization ? [`${words.organization}: ${vars.organization}`] : []),
    `${words.deadline}: ${deadline}`,
    `${words.simap}: ${vars.simapUrl}`,
  ];
  return {
    subject: words.subject(vars.kind, vars.days, vars.title),
    heading: words.heading(vars.username),
    paragraphs: [words.intro(vars.kind, vars.days)],
    items: [{ title: vars.title, lines, url: vars.projectUrl }],
    action: { label: words.open, url: vars.projectUrl },
    actionHint: words.openHint,
    footer: words.footer(vars.settingsUrl),
  };
}

export const reminderTemplate: EmailTemplate<ReminderVars> = {
  id: 'reminder',
  content: { fr: (v) => content('fr', v), de: (v) => content('de', v), it: (v) => content('it', v), en: (v) => content('en', v) },
};
