import type { EmailTemplate } from '../render-email.ts';

export interface VerifyEmailVars {
  username: string;
  url: string;
}

export const verifyEmailTemplate: EmailTemplate<VerifyEmailVars> = {
  id: 'verify-email',
  content: {
    fr: ({ username, url }) => ({
      subject: 'Vigie : confirmez votre adresse e-mail',
      heading: `Bonjour ${username},`,
      paragraphs: ['Merci de votre inscription à Vigie. Confirmez votre adresse e-mail pour recevoir vos alertes.', 'Ce lien est valable 48 heures.'],
      action: { label: 'Confirmer mon adresse', url },
      actionHint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
      footer: "Vous recevez ce message car un compte Vigie a été créé avec cette adresse. Si ce n'est pas vous, ignorez-le.",
    }),
    de: ({ username, url }) => ({
      subject: 'Vigie: Bestätigen Sie Ihre E-Mail-Adresse',
      heading: `Guten Tag ${username},`,
      paragraphs: [
        'Danke für Ihre Registrierung bei Vigie. Bestätigen Sie Ihre E-Mail-Adresse, um Ihre Alarme zu erhalten.',
        'Dieser Link ist 48 Stunden gültig.',
      ],
      action: { label: 'Adresse bestätigen', url },
      actionHint: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
      footer: 'Sie erhalten diese Nachricht, weil mit dieser Adresse ein Vigie-Konto erstellt wurde. Falls nicht Sie es waren, ignorieren Sie sie.',
    }),
    it: ({ username, url }) => ({
      subject: 'Vigie: conferma il tuo indirizzo e-mail',
      heading: `Buongiorno ${username},`,
      paragraphs: ['Grazie per esserti registrato a Vigie. Conferma il tuo indirizzo e-mail per ricevere i tuoi avvisi.', 'Questo link è valido 48 ore.'],
      action: { label: 'Conferma indirizzo', url },
      actionHint: 'Se il pulsante non funziona, copia questo link nel browser:',
      footer: 'Ricevi questo messaggio perché è stato creato un account Vigie con questo indirizzo. Se non sei stato tu, ignoralo.',
    }),
    en: ({ username, url }) => ({
      subject: 'Vigie: confirm your e-mail address',
      heading: `Hello ${username},`,
      paragraphs: ['Thank you for signing up to Vigie. Confirm your e-mail address to receive your alerts.', 'This link is valid for 48 hours.'],
      action: { label: 'Confirm my address', url },
      actionHint: "If the button doesn't work, copy this link into your browser:",
      footer: "You receive this message because a Vigie account was created with this address. If it wasn't you, ignore it.",
    }),
  },
};
