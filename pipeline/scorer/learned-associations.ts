import { splitWords } from './place-constraints.ts';
import type { ScoringResources } from './scoring-resources.ts';
import { LANGUAGES, type Language } from '../../domain/languages.ts';
import { induceTranslationTable, type AlignedStems } from './translation-lexicon.ts';

/**
 * What the product's own notices teach about words: translations (a notice whose title exists in
 * several languages is a parallel text) and word → CPV associations (the codes notices carrying a word
 * declare). Plain rows, so that they can be stored in the database and recomputed as the corpus grows.
 */
export interface LearnedAssociationsData {
  /** Notices they were learned from. */
  readonly documents: number;
  readonly translations: readonly LearnedTranslation[];
  readonly codeTerms: readonly LearnedCodeTerm[];
}

export interface LearnedTranslation {
  readonly sourceLanguage: Language;
  readonly sourceStem: string;
  readonly targetLanguage: Language;
  readonly targetStem: string;
  /** 0..1 (Dice over the parallel titles, scaled). */
  readonly weight: number;
}

export interface LearnedCodeTerm {
  readonly language: Language;
  readonly stem: string;
  readonly code: string;
  /** 0..1: Dice of the word and the code over the notices. */
  readonly weight: number;
  /** Notices carrying both. */
  readonly count: number;
}

/** A notice as the learning reads it: its title in every language it has one, its description and codes. */
export interface NoticeForLearning {
  readonly language: Language | null;
  readonly titles: Partial<Record<Language, string | null>>;
  readonly description: string;
  readonly cpvCodes: readonly string[];
  /** Who published it: lots and re-publications of one buyer repeat one text, so they count as one witness. */
  readonly organization?: string | null;
}

export interface LearnedAssociations {
  readonly documents: number;
  translate(language: Language, stem: string): ReadonlyArray<{ language: Language; stem: string; weight: number }>;
  codesFor(language: Language, stem: string): ReadonlyArray<{ code: string; weight: number }>;
}

/** Association thresholds: set from first principles (a pair seen once is chance), not tuned. */
export const LEARNING = Object.freeze({
  /** Publishers (independent witnesses) whose notices must carry both the word and the code. */
  minCodeCount: 2,
  /** Dice below this is noise. */
  minCodeDice: 0.15,
  /** Codes kept per word. */
  maxCodesPerStem: 5,
  /** A title with fewer words than this is completed by the first words of the description. */
  minTitleWords: 3,
  maxDescriptionWords: 20,
  /** A word carried by more than this share of the notices says nothing about a code. */
  maxStemShare: 0.2,
});

export const NO_LEARNED_ASSOCIATIONS: LearnedAssociations = Object.freeze({
  documents: 0,
  translate: () => [],
  codesFor: () => [],
});

function stemsOf(text: string, language: Language, resources: ScoringResources, maxWords = Infinity): Set<string> {
  const stems = new Set<string>();
  for (const word of resources.analyzer.analyze(splitWords(text).slice(0, maxWords), language)) {
    stems.add(word.stem);
    for (const part of word.parts) stems.add(part);
  }
  return stems;
}

const validCodes = (codes: readonly string[]) => [...new Set(codes.map((code) => code.trim().slice(0, 8)).filter((code) => /^\d{8}$/.test(code)))];

/** Learns translations and word → CPV associations from the notices, with the scorer's own analyzer. */
export function learnAssociations(notices: Iterable<NoticeForLearning>, resources: ScoringResources): LearnedAssociationsData {
  const aligned: AlignedStems[] = [];
  const stemCount = new Map<string, number>();
  const codeCount = new Map<string, number>();
  const pairCount = new Map<string, Map<string, number>>();
  /** `stem|code|publisher` seen so far, and per `stem|code` how many publishers saw both. */
  const seenWitness = new Set<string>();
  const witnesses = new Map<string, number>();
  let documents = 0;
  for (const notice of notices) {
    documents += 1;
    const titles = LANGUAGES.filter((language) => (notice.titles[language] ?? '').trim() !== '');
    const stems = Object.fromEntries(
      LANGUAGES.map((language) => [language, titles.includes(language) ? stemsOf(notice.titles[language] ?? '', language, resources) : new Set<string>()]),
    ) as Record<Language, Set<string>>;
    if (titles.length >= 2) aligned.push(stems);
    const codes = validCodes(notice.cpvCodes);
    const language = notice.language ?? titles[0] ?? 'de';
    const keys = new Set<string>();
    for (const title of titles) for (const stem of stems[title]) keys.add(`${title}:${stem}`);
    // A title that says little ("Los 3", a project number) is completed by the start of the description.
    if (keys.size < LEARNING.minTitleWords) {
      for (const stem of stemsOf(notice.description, language, resources, LEARNING.maxDescriptionWords)) keys.add(`${language}:${stem}`);
    }
    for (const key of keys) stemCount.set(key, (stemCount.get(key) ?? 0) + 1);
    for (const code of codes) codeCount.set(code, (codeCount.get(code) ?? 0) + 1);
    if (codes.length === 0) continue;
    const witness = (notice.organization ?? '').trim().toLowerCase() || `notice ${documents}`;
    for (const key of keys) {
      let row = pairCount.get(key);
      if (!row) pairCount.set(key, (row = new Map()));
      for (const code of codes) {
        row.set(code, (row.get(code) ?? 0) + 1);
        const pair = `${key}|${code}`;
        const seen = `${pair}|${witness}`;
        if (seenWitness.has(seen)) continue;
        seenWitness.add(seen);
        witnesses.set(pair, (witnesses.get(pair) ?? 0) + 1);
      }
    }
  }
  const codeTerms: LearnedCodeTerm[] = [];
  for (const [key, row] of pairCount) {
    const count = stemCount.get(key) ?? 0;
    if (count > LEARNING.maxStemShare * documents) continue;
    const kept = [...row]
      .filter(([code]) => (witnesses.get(`${key}|${code}`) ?? 0) >= LEARNING.minCodeCount)
      .map(([code, both]) => ({ code, both, dice: (2 * both) / (count + (codeCount.get(code) ?? 0)) }))
      .filter((entry) => entry.dice >= LEARNING.minCodeDice)
      .sort((a, b) => b.dice - a.dice || a.code.localeCompare(b.code))
      .slice(0, LEARNING.maxCodesPerStem);
    const language = key.slice(0, 2) as Language;
    const stem = key.slice(3);
    for (const entry of kept) codeTerms.push({ language, stem, code: entry.code, weight: entry.dice, count: entry.both });
  }
  const translations: LearnedTranslation[] = [];
  for (const [key, list] of induceTranslationTable(aligned)) {
    for (const translation of list) {
      translations.push({
        sourceLanguage: key.slice(0, 2) as Language,
        sourceStem: key.slice(3),
        targetLanguage: translation.language,
        targetStem: translation.stem,
        weight: translation.weight,
      });
    }
  }
  const byKey = (a: { sourceStem?: string; stem?: string }, b: { sourceStem?: string; stem?: string }) =>
    (a.sourceStem ?? a.stem ?? '').localeCompare(b.sourceStem ?? b.stem ?? '');
  return { documents, translations: translations.sort(byKey), codeTerms: codeTerms.sort(byKey) };
}

/** The lookup the scorer uses, from stored or freshly learned rows. */
export function learnedAssociationsOf(data: LearnedAssociationsData): LearnedAssociations {
  const translations = new Map<string, Array<{ language: Language; stem: string; weight: number }>>();
  for (const row of data.translations) {
    const key = `${row.sourceLanguage}:${row.sourceStem}`;
    const list = translations.get(key) ?? [];
    list.push({ language: row.targetLanguage, stem: row.targetStem, weight: row.weight });
    translations.set(key, list);
  }
  const codes = new Map<string, Array<{ code: string; weight: number }>>();
  for (const row of data.codeTerms) {
    const key = `${row.language}:${row.stem}`;
    const list = codes.get(key) ?? [];
    list.push({ code: row.code, weight: row.weight });
    codes.set(key, list);
  }
  return {
    documents: data.documents,
    translate: (language, stem) => translations.get(`${language}:${stem}`) ?? [],
    codesFor: (language, stem) => codes.get(`${language}:${stem}`) ?? [],
  };
}
