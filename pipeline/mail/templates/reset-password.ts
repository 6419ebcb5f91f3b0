import type { EmailTemplate } from '../render-email.ts';

export interface ResetPasswordVars {
  username: string;
  url: string;
}

export const resetPasswordTemplate: EmailTemplate<ResetPasswordVars> = {
  id: 'reset-password',
  content: {
    fr: ({ username, url }) => ({
      subject: 'Vigie : réinitialisez votre mot de passe',
      heading: `Bonjour ${username},`,
      paragraphs: [
        'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Vigie.',
        'Ce lien est valable une heure et ne peut servir qu’une fois.',
      ],
      action: { label: 'Choisir un nouveau mot de passe', url },
      actionHint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
      footer: "Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.",
    }),
    de: ({ username, url }) => ({
      subject: 'Vigie: Passwort zurücksetzen',
      heading: `Guten Tag ${username},`,
      paragraphs: [
        'Wir haben eine Anfrage zum Zurücksetzen des Passworts Ihres Vigie-Kontos erhalten.',
        'Dieser Link ist eine Stunde gültig und kann nur einmal verwendet werden.',
      ],
      action: { label: 'Neues Passwort wählen', url },
      actionHint: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
      footer: 'Falls Sie nichts angefordert haben, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.',
    }),
    it: ({ username, url }) => ({
      subject: 'Vigie: reimposta la tua password',
      heading: `Buongiorno ${username},`,
      paragraphs: [
        'Abbiamo ricevuto una richiesta di reimpostazione della password del tuo account Vigie.',
        'Questo link è valido un’ora e può essere usato una sola volta.',
      ],
      action: { label: 'Scegli una nuova password', url },
      actionHint: 'Se il pulsante non funziona, copia questo link nel browser:',
      footer: 'Se non hai richiesto nulla, ignora questo messaggio: la tua password resta invariata.',
    }),
    en: ({ username, url }) => ({
      subject: 'Vigie: reset your password',
      heading: `Hello ${username},`,
      paragraphs: ['We received a request to reset the password of your Vigie account.', 'This link is valid for one hour and works only once.'],
      action: { label: 'Choose a new password', url },
      actionHint: "If the button doesn't work, copy this link into your browser:",
      footer: "If you didn't ask for this, ignore this message: your password stays unchanged.",
    }),
  },
};
