import type { Language } from '../../domain/languages.ts';

/** An ending of a verb form (infinitive, first person plural) and the endings of the nouns derived from it. */
type Derivation = readonly [ending: RegExp, nounEndings: readonly string[]];

const DERIVATIONS: Record<Language, readonly Derivation[]> = {
  // "renovieren" → "Renovierung", "Renovation"; "liefern" → "Lieferung"; "regeln" → "Regelung"; "prüfen" → "Prüfung".
  de: [
    [/ieren$/, ['ierung', 'ation']],
    [/ern$/, ['erung']],
    [/eln$/, ['elung', 'lung']],
    [/en$/, ['ung']],
  ],
  // "nettoyons", "nettoyer" → "nettoyage"; "réparer" → "réparation"; "livrons" → "livraison"; "assainir" → "assainissement".
  fr: [
    [/issons$|ir$/, ['issement']],
    [/ons$|er$/, ['age', 'ation', 'ement', 'aison']],
  ],
  // "puliamo", "pulire" → "pulizia"; "costruiamo" → "costruzione"; "manteniamo" → "mantenimento".
  it: [[/iamo$|are$|ere$|ire$/, ['azione', 'zione', 'izione', 'izia', 'tura', 'atura', 'mento', 'amento', 'imento', 'aggio']]],
  // English stems mostly carry the verb and its noun alike ("clean", "cleaning"), not these: "maintain" → "maintenance",
  // "demolish" → "demolition".
  en: [
    [/ain$/, ['enance']],
    [/ish$/, ['ition']],
  ],
};

/**
 * Whether a word (lower-cased, folded) is a noun that names an action, by its ending or its plural's ("Reinigung",
 * "réparation", "ispezioni", "nettoyage"). A noun in "-age" is one from seven letters and not after an "l" ("Anlage",
 * "Vorlage" and "garage" name things).
 */
const ACTION_NOUN = /(?:ung(?:en)?|tion(?:en|s)?|zion[ei])$/;
const ACTION_NOUN_IN_AGE = /^.{4,}(?<!l)ages?$/;
export const isActionNoun = (folded: string) => (folded.length >= 6 && ACTION_NOUN.test(folded)) || ACTION_NOUN_IN_AGE.test(folded);

/** German words a noun follows, not a verb: a preposition or an article ("Reinigung von schulen", typed without capitals). */
export const GERMAN_NOUN_MARKERS = new Set([
  'von',
  'vom',
  'fur',
  'der',
  'die',
  'das',
  'den',
  'dem',
  'des',
  'mit',
  'in',
  'im',
  'an',
  'am',
  'auf',
  'aus',
  'bei',
  'zur',
  'zum',
  'uber',
  'unter',
  'ohne',
  'gegen',
  'ein',
  'eine',
  'einer',
  'einen',
  'einem',
  'keine',
]);

/**
 * The worker a German workshop is named after ("Kaminfegerei" → "Kaminfeger", "Spenglerei" → "Spengler"), or null: for a word
 * no notice uses, as "Zimmerei" (carpentry) is no "Zimmer" (room).
 */
export function workerOfWorkshop(word: string): string | null {
  const folded = word.toLowerCase();
  return folded.length >= 7 && folded.endsWith('erei') ? folded.slice(0, -2) : null;
}

/**
 * The nouns a verb as written may stand for in notices, which name works by nouns ("Wir reinigen Büros" seeks
 * "Reinigung"): candidate spellings, to be kept only where the notices or the vocabulary use them. A German verb is
 * told from a noun by its small initial ("Schulen" is no "Schulung"), in a text that capitalises its nouns
 * (`nounsCapitalised`: "reinigung von schulen" tells nothing); elsewhere the forms of unknown words are filtered by that
 * use alone.
 */
export function nounsOfVerb(written: string, language: Language, nounsCapitalised = true): string[] {
  if (language === 'de' && (!nounsCapitalised || !/^\p{Ll}/u.test(written))) return [];
  const word = written.toLowerCase();
  for (const [ending, nounEndings] of DERIVATIONS[language]) {
    const match = ending.exec(word);
    if (!match) continue;
    const base = word.slice(0, match.index);
    return base.length < 3 ? [] : nounEndings.map((nounEnding) => base + nounEnding);
  }
  return [];
}
