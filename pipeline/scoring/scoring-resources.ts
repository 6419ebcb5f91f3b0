import type { CpvCatalog } from './cpv-catalog.ts';
import { compoundSplitterOf, deriveSplitterVocabulary, type SplitterVocabulary } from './compound-splitter.ts';
import { createCpvLabelIndex, type CpvLabelIndex, type LabelTerms } from './cpv-label-index.ts';
import { splitWords } from './place-constraints.ts';
import { LANGUAGES, languageTools, type Language } from './text-analysis.ts';
import { derivedDataKey, loadOrBuildDerived } from './derived-data-cache.ts';
import { induceTranslationTable, translationLexiconOf, type AlignedStems, type TranslationLexicon, type TranslationTable } from './translation-lexicon.ts';
import { createWordAnalyzer, type AnalyzedWord, type WordAnalyzer } from './word-analyzer.ts';

/** A compound's head ("…reinigung") says more about it than its modifiers ("Unterhalts…"). */
export const COMPOUND_HEAD_SHARE = 0.8;
export const COMPOUND_MODIFIER_SHARE = 0.5;
const MAX_IDF = 6;
/** A word no CPV label uses is seldom what a tender is about ("Lieferung", "mandat"): middling weight. */
const UNSEEN_IDF = 4;
const MIN_SHARED_PREFIX = 6;

export interface ScoringResources {
  catalog: CpvCatalog;
  analyzer: WordAnalyzer;
  lexicon: TranslationLexicon;
  labelIndex: CpvLabelIndex;
  /** Inverse document frequency of a stem over the CPV labels of a language, capped. */
  idf(language: Language, stem: string): number;
  /** Whether any CPV label of the language uses the stem. */
  knows(language: Language, stem: string): boolean;
  /** Stems of a code's labels, per language, with the share of each (compound parts count less). */
  labelTerms(code: string): LabelTerms['terms'] | undefined;
  /** Label stems of the same language that share a long prefix ("ingenieur" → "ingenier"): stemmers miss derivations. */
  relatedStems(language: Language, stem: string): string[];
}

function perLanguage<T>(build: (language: Language) => T): Record<Language, T> {
  return { de: build('de'), fr: build('fr'), it: build('it'), en: build('en') };
}

function sharedPrefix(a: string, b: string): number {
  let length = 0;
  while (length < a.length && a[length] === b[length]) length++;
  return length;
}

const cache = new WeakMap<CpvCatalog, ScoringResources>();

export function getScoringResources(catalog: CpvCatalog): ScoringResources {
  const cached = cache.get(catalog);
  if (cached) return cached;
  const resources = buildScoringResources(catalog);
  cache.set(catalog, resources);
  return resources;
}

/** Stem → share: the word itself counts fully, each compound part partly. */
export function weightedStems(words: readonly AnalyzedWord[]): Map<string, number> {
  const terms = new Map<string, number>();
  const add = (stem: string, share: number) => terms.set(stem, Math.max(terms.get(stem) ?? 0, share));
  for (const word of words) {
    add(word.stem, 1);
    word.parts.forEach((part, index) => add(part, index === word.parts.length - 1 ? COMPOUND_HEAD_SHARE : COMPOUND_MODIFIER_SHARE));
  }
  return terms;
}

/** What depends on the CPV labels alone and takes seconds to derive: cached on disk between processes. */
interface ScoringTables {
  splitter: SplitterVocabulary;
  labels: LabelTerms[];
  lexicon: TranslationTable;
  /** `language:stem` → how many labels use it. */
  documentFrequency: Map<string, number>;
  /** `language:` + the first MIN_SHARED_PREFIX letters → label stems starting so. */
  byPrefix: Map<string, string[]>;
}

function deriveScoringTables(catalog: CpvCatalog): ScoringTables {
  const germanWords = catalog.entries.flatMap((entry) => splitWords(entry.labels.de).map((word) => word.toLowerCase()));
  const splitter = deriveSplitterVocabulary(germanWords, languageTools('de').stem);
  const analyzer = createWordAnalyzer(compoundSplitterOf(splitter, languageTools('de').stem));
  const labels: LabelTerms[] = catalog.entries.map((entry) => ({
    code: entry.code,
    terms: perLanguage((language) => weightedStems(analyzer.analyze(splitWords(entry.labels[language]), language))),
  }));
  const aligned: AlignedStems[] = labels.map((label) => perLanguage((language) => new Set(label.terms[language].keys())));
  const documentFrequency = new Map<string, number>();
  for (const label of labels) {
    for (const language of LANGUAGES) {
      for (const stem of label.terms[language].keys()) {
        const key = `${language}:${stem}`;
        documentFrequency.set(key, (documentFrequency.get(key) ?? 0) + 1);
      }
    }
  }
  const byPrefix = new Map<string, string[]>();
  for (const key of documentFrequency.keys()) {
    if (key.length < 3 + MIN_SHARED_PREFIX) continue;
    const prefix = key.slice(0, 3 + MIN_SHARED_PREFIX);
    let stems = byPrefix.get(prefix);
    if (!stems) byPrefix.set(prefix, (stems = []));
    stems.push(key.slice(3));
  }
  return { splitter, labels, lexicon: induceTranslationTable(aligned), documentFrequency, byPrefix };
}

/** The cache key of a catalog's tables: its content (and, inside the key, the scorer's code). */
export function scoringTablesKey(catalog: CpvCatalog): string {
  return derivedDataKey([JSON.stringify(catalog.entries)]);
}

export const SCORING_TABLES_CACHE = 'scoring-tables';

/** Derives the tables and writes them to the cache (the warm-up runs this in a worker thread). */
export function cacheScoringTables(catalog: CpvCatalog): void {
  loadOrBuildDerived(SCORING_TABLES_CACHE, scoringTablesKey(catalog), () => deriveScoringTables(catalog));
}

function buildScoringResources(catalog: CpvCatalog): ScoringResources {
  const tables = loadOrBuildDerived(SCORING_TABLES_CACHE, scoringTablesKey(catalog), () => deriveScoringTables(catalog));
  const { labels, documentFrequency, byPrefix } = tables;
  const analyzer = createWordAnalyzer(compoundSplitterOf(tables.splitter, languageTools('de').stem));
  const total = labels.length;
  const idf = (language: Language, stem: string): number => {
    const frequency = documentFrequency.get(`${language}:${stem}`);
    return frequency === undefined ? UNSEEN_IDF : Math.min(MAX_IDF, Math.log((total + 1) / (frequency + 1)));
  };
  const relatedStems = (language: Language, stem: string): string[] => {
    if (stem.length < MIN_SHARED_PREFIX) return [];
    const minShared = Math.max(MIN_SHARED_PREFIX, Math.min(stem.length, 8) - 1);
    return (byPrefix.get(`${language}:${stem.slice(0, MIN_SHARED_PREFIX)}`) ?? []).filter(
      (other) => other !== stem && sharedPrefix(stem, other) >= Math.min(minShared, other.length - 1),
    );
  };
  const byCode = new Map(labels.map((label) => [label.code, label.terms]));
  return {
    catalog,
    analyzer,
    lexicon: translationLexiconOf(tables.lexicon),
    labelIndex: createCpvLabelIndex(labels, idf),
    idf,
    knows: (language, stem) => documentFrequency.has(`${language}:${stem}`),
    relatedStems,
    labelTerms: (code) => byCode.get(code),
  };
}
