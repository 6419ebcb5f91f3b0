import { escapeHtml, type EmailLanguage } from '../../../pipeline/mail/render-email.ts';

export type UnsubscribePageState =
  { kind: 'confirm'; scope: 'alert' | 'all'; prompt: string | null } | { kind: 'done'; scope: 'alert' | 'all'; stopped: number } | { kind: 'invalid' };

interface Words {
  title: string;
  confirmAlert(prompt: string): string;
  confirmAll: string;
  button: string;
  doneAlert: string;
  doneAll(count: number): string;
  nothing: string;
  invalid: string;
  reactivate: string;
  openApp: string;
}

const NNBSP = '\u202f';

const WORDS: Record<EmailLanguage, Words> = {
  fr: {
    title: 'Vigie – désinscription',
    confirmAlert: (p) => `Ne plus recevoir d’e-mails pour l’alerte «${NNBSP}${p}${NNBSP}»${NNBSP}?`,
    confirmAll: `Ne plus recevoir aucun e-mail d’alerte de Vigie${NNBSP}?`,
    button: 'Me désinscrire',
    doneAlert: 'C’est fait : cette alerte est désactivée et ne vous enverra plus d’e-mails.'.replace(' :', `${NNBSP}:`),
    doneAll: (n) => (n === 1 ? '1 alerte désactivée' : `${n} alertes désactivées`) + `${NNBSP}: vous ne recevrez plus d’e-mails d’alerte.`,
    nothing: 'Aucune alerte active : vous ne recevez déjà plus d’e-mails d’alerte.'.replace(' :', `${NNBSP}:`),
    invalid: 'Ce lien de désinscription n’est pas valide. Connectez-vous pour gérer vos alertes.',
    reactivate: 'Vous pouvez réactiver vos alertes à tout moment dans l’application.',
    openApp: 'Ouvrir mes alertes',
  },
  de: {
    title: 'Vigie – Abmeldung',
    confirmAlert: (p) => `Keine E-Mails mehr für den Alarm „${p}“ erhalten?`,
    confirmAll: 'Keine Alarm-E-Mails von Vigie mehr erhalten?',
    button: 'Abmelden',
    doneAlert: 'Erledigt: Dieser Alarm ist deaktiviert und sendet keine E-Mails mehr.',
    doneAll: (n) => `${n === 1 ? '1 Alarm deaktiviert' : `${n} Alarme deaktiviert`}: Sie erhalten keine Alarm-E-Mails mehr.`,
    nothing: 'Kein aktiver Alarm: Sie erhalten bereits keine Alarm-E-Mails mehr.',
    invalid: 'Dieser Abmeldelink ist ungültig. Melden Sie sich an, um Ihre Alarme zu verwalten.',
    reactivate: 'Sie können Ihre Alarme jederzeit in der App wieder aktivieren.',
    openApp: 'Meine Alarme öffnen',
  },
  it: {
    title: 'Vigie – annullamento dell’iscrizione',
    confirmAlert: (p) => `Non ricevere più e-mail per l’avviso «${p}»?`,
    confirmAll: 'Non ricevere più nessuna e-mail di avviso da Vigie?',
    button: 'Annulla l’iscrizione',
    doneAlert: 'Fatto: questo avviso è disattivato e non invierà più e-mail.',
    doneAll: (n) => `${n === 1 ? '1 avviso disattivato' : `${n} avvisi disattivati`}: non riceverai più e-mail di avviso.`,
    nothing: 'Nessun avviso attivo: non ricevi già più e-mail di avviso.',
    invalid: 'Questo link di annullamento non è valido. Accedi per gestire i tuoi avvisi.',
    reactivate: 'Puoi riattivare i tuoi avvisi in qualsiasi momento nell’applicazione.',
    openApp: 'Apri i miei avvisi',
  },
  en: {
    title: 'Vigie – unsubscribe',
    confirmAlert: (p) => `Stop e-mails for the alert “${p}”?`,
    confirmAll: 'Stop all alert e-mails from Vigie?',
    button: 'Unsubscribe',
    doneAlert: 'Done: this alert is deactivated and will send no more e-mails.',
    doneAll: (n) => `${n === 1 ? '1 alert deactivated' : `${n} alerts deactivated`}: you will receive no more alert e-mails.`,
    nothing: 'No active alert: you already receive no alert e-mails.',
    invalid: 'This unsubscribe link is not valid. Log in to manage your alerts.',
    reactivate: 'You can reactivate your alerts at any time in the app.',
    openApp: 'Open my alerts',
  },
};

/** The login-free page behind an e-mail's unsubscribe link: plain HTML, no script, in the recipient's language. */
export function renderUnsubscribePage(language: EmailLanguage, state: UnsubscribePageState, links: { action: string; alerts: string }): string {
  const words = WORDS[language];
  let body: string;
  if (state.kind === 'invalid') body = `<p>${escapeHtml(words.invalid)}</p>`;
  else if (state.kind === 'confirm') {
    const question = state.scope === 'all' || !state.prompt ? words.confirmAll : words.confirmAlert(state.prompt);
    body = `<p>${escapeHtml(question)}</p>
<form method="post" action="${escapeHtml(links.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(words.button)}</button></form>`;
  } else {
    const text = state.stopped === 0 ? words.nothing : state.scope === 'all' ? words.doneAll(state.stopped) : words.doneAlert;
    body = `<p role="status">${escapeHtml(text)}</p><p>${escapeHtml(words.reactivate)}</p>`;
  }
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(words.title)}</title>
<style>body{font-family:system-ui,Arial,sans-serif;color:#0f172a;background:#f8fafc;margin:0;padding:24px}main{max-width:520px;margin:0 auto;background:#fff;padding:24px;border-radius:8px}
button{background:#1d4ed8;color:#fff;border:0;border-radius:6px;padding:12px 20px;font-size:16px;cursor:pointer}a{color:#1d4ed8}</style></head>
<body><main><h1>${escapeHtml(words.title)}</h1>
${body}
<p><a href="${escapeHtml(links.alerts)}">${escapeHtml(words.openApp)}</a></p></main></body>
</html>
`;
}
