import { newStemmer } from 'snowball-stemmers';
import { deu, eng, fra, ita } from 'stopword';
import type { Language } from '../../domain/languages.ts';

const STEMMER_NAMES: Record<Language, string> = { de: 'german', fr: 'french', it: 'italian', en: 'english' };

/** Procurement words that say nothing about the work itself, in any of the four languages. */
export const PROCUREMENT_STOP_WORDS = [
  'ausschreibung',
  'ausschreibungen',
  'auftrag',
  'aufträge',
  'beschaffung',
  'vergabe',
  'offerte',
  'offerten',
  'los',
  'lose',
  'appel',
  'appels',
  'offre',
  'offres',
  'marché',
  'marchés',
  'contrat',
  'contrats',
  'lot',
  'lots',
  'bando',
  'bandi',
  'gara',
  'gare',
  'appalto',
  'appalti',
  'offerta',
  'contratto',
  'contratti',
  'lotto',
  'lotti',
  'tender',
  'tenders',
  'procurement',
  'contract',
  'contracts',
  'call',
  'calls',
  'job',
  'jobs',
];

/** German procurement nouns decline ("Aufträgen", "Auftrags", "Beschaffungen"): every form of one is a procurement word. */
const GERMAN_PROCUREMENT_NOUNS = ['ausschreibung', 'auftrag', 'beschaffung', 'vergabe'];

/** A word for a tender or a contract, in any language, in any German case ("öffentlichen Aufträgen"). */
export function isProcurementWord(word: string): boolean {
  const lower = word.toLowerCase();
  return PROCUREMENT_WORDS.has(foldDiacritics(lower)) || isGermanProcurementForm(lower);
}

/** Any case of a German procurement noun (lower-cased). */
const isGermanProcurementForm = (lower: string) => germanProcurementStems().has(languageTools('de').stem(lower));

const PROCUREMENT_WORDS = new Set(PROCUREMENT_STOP_WORDS.map((word) => foldDiacritics(word.toLowerCase())));
let germanStems: Set<string> | undefined;
const germanProcurementStems = () => (germanStems ??= new Set(GERMAN_PROCUREMENT_NOUNS.map((noun) => languageTools('de').stem(noun))));

/**
 * Abbreviations of grammar ("bzw.", "resp.", "usw.", "evtl.", "ggf.", "etc.", "ecc.", "risp."), in every language since
 * prompts and notices mix them: without their dot, each would weigh as a rare word of the text.
 */
const GRAMMAR_ABBREVIATIONS = ['bzw', 'resp', 'usw', 'evtl', 'ggf', 'sog', 'etc', 'ecc', 'risp'];

/**
 * Greetings and thanks a prompt written like a message holds ("Hallo, … Danke!", "Bonjour, … Merci"), in every language:
 * each weighed as a rare word of the query, which no notice carries.
 */
const COURTESIES = [
  'hallo',
  'grüezi',
  'danke',
  'bitte',
  'grüsse',
  'grüße',
  'bonjour',
  'merci',
  'cordialement',
  'salutations',
  'buongiorno',
  'grazie',
  'saluti',
  'cordiali',
  'hello',
  'thanks',
  'please',
  'regards',
];

/**
 * The months, in every language: a prompt's date ("ab Januar 2027", "a partire da gennaio", "starting in March") says
 * when, which no notice's words answer.
 */
const MONTHS = [
  ...['januar', 'februar', 'märz', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'dezember'],
  ...['janvier', 'février', 'mars', 'avril', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  ...['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'dicembre'],
  ...['january', 'february', 'march', 'june', 'july', 'october', 'december'],
];

/** Negative conjunctions the stopword package's lists lack ("mais pas X ni Y", "weder … noch", "né … né", "nor"). */
const NEGATIVE_CONJUNCTIONS: Record<Language, readonly string[]> = { de: ['weder'], fr: ['ni'], it: ['né', 'nè'], en: ['nor', 'neither'] };

/**
 * Words of the stopword package's lists that are also nouns of public procurement, used so in the CPV labels or,
 * for "facciate", as the plural of the labels' "facciata": "Waren" (goods, not "were"), "Recht" (law), "Mittel"
 * (agents), "Ordnung", "avions" (aircraft, not "we had"), "facciate" (façades, not "you do"), "well" (a well).
 */
const PROCUREMENT_NOUNS: Record<Language, readonly string[]> = {
  de: ['waren', 'recht', 'rechte', 'mittel', 'ordnung'],
  fr: ['avions'],
  it: ['facciate'],
  en: ['well'],
};

/** Words that add an item to a list ("inkl. Fensterreinigung", "y compris motorisation"): grammar, not a subject. */
const INCLUSION_WORDS: Record<Language, readonly string[]> = {
  de: ['inkl', 'inklusive', 'einschliesslich', 'einschließlich'],
  fr: ['compris', 'inclus', 'incluant'],
  it: ['incl', 'compreso', 'compresi', 'compresa', 'comprese', 'incluso', 'inclusi', 'inclusa', 'incluse'],
  en: ['incl', 'including', 'inclusive'],
};

/**
 * Function words of the usual English list (NLTK's) that the stopword package's short one (108 words) lacks; not
 * "no / nor / not", which the prompt reader needs, nor the comparisons it reads beside a figure ("above", "over").
 */
const ENGLISH_FUNCTION_WORDS = [
  'myself',
  'ours',
  'ourselves',
  'yours',
  'yourself',
  'yourselves',
  'she',
  'hers',
  'herself',
  'its',
  'itself',
  'theirs',
  'themselves',
  'whom',
  'having',
  'does',
  'doing',
  'until',
  'against',
  'during',
  'again',
  'further',
  'once',
  'when',
  'why',
  'few',
  'own',
  'so',
  'will',
  'just',
  'don',
];
/**
 * Prefixes a hyphen parts from their word in English ("de-icing", "re-roofing", "co-working", "pre-cast"): alone, each
 * would be a rare word the notices never use, and weigh as much as the word it prefixes.
 */
const ENGLISH_HYPHEN_PREFIXES = ['de', 're', 'co', 'pre'];
/** Adverbs that stress or give an example ("insbesondere", "notamment", "soprattutto", "especially"): no subject of their own. */
const EMPHASIS_ADVERBS: Record<Language, readonly string[]> = {
  de: ['insbesondere', 'namentlich', 'speziell', 'beispielsweise', 'vorwiegend', 'hauptsächlich', 'vorzugsweise'],
  fr: ['notamment', 'particulièrement', 'principalement', 'essentiellement', 'exemple'],
  it: ['particolarmente', 'soprattutto', 'principalmente', 'segnatamente', 'esempio'],
  en: ['especially', 'particularly', 'mainly', 'primarily', 'notably', 'example'],
};
/** Adverbs of willingness or preference ("gerne", "volontiers", "preferibilmente", "ideally"): how the wish is said, not what. */
const PREFERENCE_ADVERBS: Record<Language, readonly string[]> = {
  de: ['gerne', 'idealerweise', 'bevorzugt', 'möglichst', 'primär'],
  fr: ['volontiers', 'préférence', 'idéalement', 'prioritairement'],
  it: ['volentieri', 'preferibilmente', 'idealmente', 'preferenza'],
  en: ['gladly', 'preferably', 'ideally', 'happy'],
};
/** Words that make a wish a preference ("bevorzugt in der Zentralschweiz", "de préférence en Valais"), folded. */
export const PREFERENCE_WORDS: ReadonlySet<string> = new Set(
  [...Object.values(PREFERENCE_ADVERBS).flat(), 'vorzugsweise'].map((word) => foldDiacritics(word.toLowerCase())),
);
/** "All" and "everything", which the stop lists have for German ("alle", "alles") and Italian ("tutti") but not throughout. */
const QUANTIFIERS: Record<Language, readonly string[]> = {
  de: [],
  fr: ['tout', 'toute', 'tous', 'toutes'],
  it: ['tutta', 'tutte'],
  en: ['everything', 'anything'],
};
const EXTRA_FUNCTION_WORDS: Record<Language, readonly string[]> = {
  de: [...EMPHASIS_ADVERBS.de, ...PREFERENCE_ADVERBS.de],
  fr: [...EMPHASIS_ADVERBS.fr, ...PREFERENCE_ADVERBS.fr, ...QUANTIFIERS.fr],
  it: [...EMPHASIS_ADVERBS.it, ...PREFERENCE_ADVERBS.it, ...QUANTIFIERS.it],
  en: [...ENGLISH_FUNCTION_WORDS, ...ENGLISH_HYPHEN_PREFIXES, ...EMPHASIS_ADVERBS.en, ...PREFERENCE_ADVERBS.en, ...QUANTIFIERS.en],
};

const stopList = (list: readonly string[], language: Language) =>
  [...list, ...EXTRA_FUNCTION_WORDS[language], ...NEGATIVE_CONJUNCTIONS[language], ...INCLUSION_WORDS[language]].filter(
    (word) => !PROCUREMENT_NOUNS[language].includes(word),
  );

const STOP_LISTS: Record<Language, readonly string[]> = { de: stopList(deu, 'de'), fr: stopList(fra, 'fr'), it: stopList(ita, 'it'), en: stopList(eng, 'en') };

export function foldDiacritics(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss');
}

/** A word as the word lists compare it: lower-cased, diacritics folded. */
export const foldWord = (word: string): string => foldDiacritics(word.toLowerCase());

/** Lower-cased words; apostrophes, hyphens and slashes separate words, tokens without a letter are dropped. */
export function tokenize(text: string): string[] {
  const words =
    text
      .toLowerCase()
      .normalize('NFC')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((word) => word.length > 1 && /\p{L}/u.test(word));
}

export interface LanguageTools {
  isStopWord(word: string): boolean;
  /** Snowball stem with diacritics folded, so "façade" and "facade" meet. */
  stem(word: string): string;
}

const toolsCache = new Map<Language, LanguageTools>();
const GERMAN_UNG_NOUN = /ung(en|s)?$/;
/**
 * German nouns whose endings Snowball takes for inflections, and what their stem drops instead: a noun in -ung keeps it;
 * a word in "-est" is a noun ("Asbest", "Protest"), not a superlative, which ends in "-ste(n)"; a Latin noun in "-ium",
 * "-eum" or "-trum" ("Gymnasium", "Zentrum") stems as its plural does ("Gymnasien", "Zentren").
 */
const GERMAN_NOUN_ENDINGS: ReadonlyArray<readonly [noun: RegExp, drop: RegExp]> = [
  [GERMAN_UNG_NOUN, /(en|s)$/],
  [/.{2,}est(s|es)?$/, /(es|s)$/],
  [/.{2,}(?:[ie]|tr)ums?$/, /ums?$/],
];
/** German loanwords in -o take -s in the plural; a singular in -os is rare ("Chaos", "Kosmos") and short ones are kept ("Los"). */
const GERMAN_VOWEL_PLURAL = /^.{2,}[^aeiouäöü]os$/;
/** German nouns in -el take -n in the plural, which Snowball keeps: "Möbeln", "Orgeln" would meet no "Möbel", "Orgel". */
const GERMAN_EL_PLURAL = /^.{2,}[^aeiouäöü]eln$/;

export function languageTools(language: Language): LanguageTools {
  const cached = toolsCache.get(language);
  if (cached) return cached;
  const stemmer = newStemmer(STEMMER_NAMES[language]);
  const stopWords = new Set(
    [...STOP_LISTS[language], ...PROCUREMENT_STOP_WORDS, ...GRAMMAR_ABBREVIATIONS, ...COURTESIES, ...MONTHS].map((word) => word.toLowerCase()),
  );
  const stems = new Map<string, string>();
  const tools: LanguageTools = {
    isStopWord: (word) => stopWords.has(word) || (language === 'de' && isGermanProcurementForm(word)),
    stem(word) {
      let stem = stems.get(word);
      if (stem === undefined) {
        // German Snowball cuts "-ung" when the word is long enough: "Unterhaltung" (entertainment) would meet "Unterhalt"
        // (upkeep), "Leitung" "leiten". A noun in -ung keeps it, losing only its plural or linking ending.
        // Its -s plural after a vowel ("Büros", "Autos", "Kinos") is one Snowball keeps: "Büros" would meet no "Büro".
        const singular = language === 'de' && (GERMAN_VOWEL_PLURAL.test(word) || GERMAN_EL_PLURAL.test(word)) ? word.slice(0, -1) : word;
        const noun = language === 'de' ? GERMAN_NOUN_ENDINGS.find(([ending]) => ending.test(singular)) : undefined;
        stem = foldDiacritics(noun ? singular.replace(noun[1], '') : stemmer.stem(singular));
        stems.set(word, stem);
      }
      return stem;
    },
  };
  toolsCache.set(language, tools);
  return tools;
}
