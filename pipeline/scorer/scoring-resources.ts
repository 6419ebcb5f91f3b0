import type { CpvCatalog } from './cpv-catalog.ts';
import { compoundSplitterOf, deriveSplitterVocabulary, type SplitterVocabulary } from './compound-splitter.ts';
import { createCpvLabelIndex, type CpvLabelIndex, type LabelTerms } from './cpv-label-index.ts';
import { splitWords } from './place-constraints.ts';
import { LANGUAGES, type Language } from '../../domain/languages.ts';
import { foldDiacritics, languageTools } from './text-analysis.ts';
import { loadTradeVocabulary, type TradeEntry } from './trade-vocabulary.ts';
import { labelCollocationsOf } from './label-collocations.ts';
import { loadRegionalVocabulary, type RegionalEntry } from './regional-vocabulary.ts';
import { derivedDataKey, loadOrBuildDerived } from './derived-data-cache.ts';
import { induceTranslationTable, translationLexiconOf, type AlignedStems, type TranslationLexicon, type TranslationTable } from './translation-lexicon.ts';
import { createWordAnalyzer, type AnalyzedWord, type WordAnalyzer } from './word-analyzer.ts';

/** A compound's head ("…reinigung") says more about it than its modifiers ("Unterhalts…"). */
export const COMPOUND_HEAD_SHARE = 0.8;
export const COMPOUND_MODIFIER_SHARE = 0.5;
export const MAX_LABEL_IDF = 6;
/** A word no CPV label uses is seldom what a tender is about ("Termin", "délai"): middling weight. */
const UNSEEN_IDF = 4;
const MIN_SHARED_PREFIX = 6;
/**
 * A long stem's related stems differ from it in an ending of at most this many letters (a derivation). Beyond
 * it, two long German stems sharing their first 7 letters are mostly two compounds of one first part
 * ("strassenbauarbeit", "strassenverkehrssteuerung"): 14,590 of the 23,865 pairs of long label stems.
 */
export const MAX_RELATED_ENDING = 4;
const MAX_AMBIGUOUS_ABBREVIATION = 2;
/** Shorter label words are too often German words too ("Bank", "Test"). */
const MIN_LOANWORD = 6;

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
  /**
   * Label stems of the same language that share a long prefix ("vermessung" → "vermess"): stemmers miss derivations.
   * Not a German word and its noun in -ung or that noun's compounds, which the analyzer keeps apart ("Unterhalt" is upkeep,
   * "Unterhaltung", "Unterhaltungssoftware" entertainment).
   */
  relatedStems(language: Language, stem: string): string[];
  /** Every spelling, in every language, of the trades of data/vocabulary whose names include this stem. */
  tradeSynonyms(language: Language, stem: string): Array<{ language: Language; stem: string }>;
  /**
   * The trade names of several words ("pompe à chaleur", "sun shading") found in a run of stems, each with the
   * position of its first stem, its length and the trade's one-word names in every language.
   */
  tradePhrases(
    language: Language,
    stems: readonly string[],
  ): Array<{ start: number; length: number; names: ReadonlyArray<{ language: Language; stem: string }> }>;
  /**
   * The stems, per language, of the names of the building-cost-plan group a number such as "282.5" or "230"
   * falls in (its most specific listed group), or undefined.
   */
  costPlanGroupTerms(number: string): LabelTerms['terms'] | undefined;
  /** Stems of the label and trade words one edit away from a written word ("instalation" → "installation"). */
  spellingNeighbours(language: Language, word: string): string[];
  /** Whether a label or a trade name of the language uses the stem. */
  isVocabulary(language: Language, stem: string): boolean;
  /**
   * Stems of the same meaning on the other side of the border (data/vocabulary/swiss-*.csv): "Spital" →
   * "Krankenhaus", "buanderie" → "blanchisserie", and back. The CPV labels are in Germany's German, France's French
   * and Italy's Italian; Swiss notices are not.
   */
  regionalEquivalents(language: Language, stem: string): readonly string[];
  /** How strongly `second` follows `first` in the language's CPV labels, 0..1 (0: not a pair of the labels). */
  collocation(language: Language, first: string, second: string): number;
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

export function getScoringResources(
  catalog: CpvCatalog,
  trades: readonly TradeEntry[] = loadTradeVocabulary(),
  regional: readonly RegionalEntry[] = loadRegionalVocabulary(),
): ScoringResources {
  const cached = cache.get(catalog);
  if (cached) return cached;
  const resources = buildScoringResources(catalog, trades, regional);
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
  /** `language:first second` → how strongly the two stems go together in the labels (label-collocations.ts). */
  collocations: Map<string, number>;
}

function deletions(word: string): string[] {
  const result = [word];
  for (let i = 0; i < word.length; i++) result.push(word.slice(0, i) + word.slice(i + 1));
  return result;
}

const MIN_SPELLING_WORD = 5;
/** The fewest letters a known word has beyond a prompt word for the prompt word to be one of its parts. */
const MIN_COMPOUND_REST = 3;

const reversed = (word: string) => [...word].reverse().join('');

/** The first index of `sorted` whose entry is not below `key`. */
function lowerBound(sorted: readonly string[], key: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * CPV labels name what they leave out ("Mobilier médical, excepté lits et tables", "Büroausstattung außer Möbeln"): those
 * words say what the code is not. In parentheses, only up to their end: "Haushaltsgeräte (ausgenommen Beleuchtung) und
 * Reinigungsmittel" still names cleaning products.
 */
const EXCLUDING = String.raw`(?<!\p{L})(?:ausser|außer|ausgenommen|ohne|excepté|exceptés|sauf|à l['’]exclusion|except|excluding|excl\.|escluso|esclusi|esclusa|escluse|eccetto|tranne)(?!\p{L})`;
const LABEL_EXCLUSION = new RegExp(String.raw`\s*\(${EXCLUDING}[^)]*\)|,?\s*${EXCLUDING}.*$`, 'giu');
export function withoutExclusion(label: string): string {
  return label.replace(LABEL_EXCLUSION, '');
}

/** Words of the English and French labels, as a German text would borrow them (word-analyzer.ts). */
function loanwordsOf(catalog: CpvCatalog): Set<string> {
  const words = new Set<string>();
  for (const entry of catalog.entries)
    for (const language of ['en', 'fr'] as const)
      for (const word of splitWords(entry.labels[language])) if (word.length >= MIN_LOANWORD) words.add(foldDiacritics(word.toLowerCase()));
  return words;
}

function deriveScoringTables(catalog: CpvCatalog, trades: readonly TradeEntry[], regional: readonly RegionalEntry[]): ScoringTables {
  const tradeGermanWords = trades.flatMap((entry) => entry.names.de.flatMap((name) => splitWords(name).map((word) => word.toLowerCase())));
  // Swiss words split compounds as the labels' words do: "Kantonsspital", "Schulhausdach", "Parkunterhalt".
  const swissWords = regional
    .filter((entry) => entry.language === 'de')
    .flatMap((entry) => entry.swiss.flatMap((name) => splitWords(name).map((word) => word.toLowerCase())));
  const germanWords = [
    ...catalog.entries.flatMap((entry) => splitWords(entry.labels.de).map((word) => word.toLowerCase())),
    ...tradeGermanWords,
    ...swissWords,
  ];
  const splitter = deriveSplitterVocabulary(germanWords, languageTools('de').stem);
  const analyzer = createWordAnalyzer(compoundSplitterOf(splitter, languageTools('de').stem), loanwordsOf(catalog));
  const analyzed = catalog.entries.map((entry) => perLanguage((language) => analyzer.analyze(splitWords(withoutExclusion(entry.labels[language])), language)));
  const labels: LabelTerms[] = catalog.entries.map((entry, index) => ({
    code: entry.code,
    terms: perLanguage((language) => weightedStems(analyzed[index]![language])),
  }));
  const collocations = labelCollocationsOf(
    analyzed.flatMap((words) => LANGUAGES.map((language) => ({ language, stems: words[language].map((word) => word.stem) }))),
  );
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
  return { splitter, labels, lexicon: induceTranslationTable(aligned), documentFrequency, byPrefix, collocations };
}

/** The cache key of a catalog's tables: its content (and, inside the key, the scorer's code). */
export function scoringTablesKey(
  catalog: CpvCatalog,
  trades: readonly TradeEntry[] = loadTradeVocabulary(),
  regional: readonly RegionalEntry[] = loadRegionalVocabulary(),
): string {
  return derivedDataKey([JSON.stringify(catalog.entries), JSON.stringify(trades), JSON.stringify(regional)]);
}

export const SCORING_TABLES_CACHE = 'scoring-tables';

/** Derives the tables and writes them to the cache (the warm-up runs this in a worker thread). */
export function cacheScoringTables(
  catalog: CpvCatalog,
  trades: readonly TradeEntry[] = loadTradeVocabulary(),
  regional: readonly RegionalEntry[] = loadRegionalVocabulary(),
): void {
  loadOrBuildDerived(SCORING_TABLES_CACHE, scoringTablesKey(catalog, trades, regional), () => deriveScoringTables(catalog, trades, regional));
}

function buildScoringResources(catalog: CpvCatalog, trades: readonly TradeEntry[], regional: readonly RegionalEntry[]): ScoringResources {
  const tables = loadOrBuildDerived(SCORING_TABLES_CACHE, scoringTablesKey(catalog, trades, regional), () => deriveScoringTables(catalog, trades, regional));
  const { labels, documentFrequency, byPrefix } = tables;
  const analyzer = createWordAnalyzer(compoundSplitterOf(tables.splitter, languageTools('de').stem), loanwordsOf(catalog));
  const total = labels.length;
  const idf = (language: Language, stem: string): number => {
    const frequency = documentFrequency.get(`${language}:${stem}`);
    return frequency === undefined ? UNSEEN_IDF : Math.min(MAX_LABEL_IDF, Math.log((total + 1) / (frequency + 1)));
  };
  const relatedStems = (language: Language, stem: string): string[] => {
    if (stem.length < MIN_SHARED_PREFIX) return [];
    const minShared = Math.max(MIN_SHARED_PREFIX, Math.min(stem.length, 8) - 1, stem.length - MAX_RELATED_ENDING);
    return (byPrefix.get(`${language}:${stem.slice(0, MIN_SHARED_PREFIX)}`) ?? []).filter(
      (other) =>
        other !== stem &&
        sharedPrefix(stem, other) >= Math.min(minShared, other.length - 1) &&
        !(language === 'de' && (other.startsWith(`${stem}ung`) || stem.startsWith(`${other}ung`))),
    );
  };
  const byCode = new Map(labels.map((label) => [label.code, label.terms]));
  // Each trade name of one word stands for its group by its stem ("Spengler", "ferblanterie", "lattoniere"). A
  // name of several words describes the group ("installations de transport", "production de chaleur"): any of
  // its words, alone, would stand for the trade wrongly, so it serves the group's terms (cost-plan numbers) only.
  const analyzedNames = trades.map((entry) =>
    LANGUAGES.flatMap((language) => entry.names[language].map((name) => ({ language, words: analyzer.analyze(splitWords(name), language) }))),
  );
  const tradeStems = analyzedNames.map((names) => names.flatMap(({ language, words }) => (words.length === 1 ? [{ language, stem: words[0]!.stem }] : [])));
  const groupTerms = new Map<string, LabelTerms['terms']>();
  trades.forEach((entry, index) => {
    if (entry.group === undefined || groupTerms.has(entry.group)) return;
    const names = analyzedNames[index]!;
    groupTerms.set(
      entry.group,
      perLanguage((language) => weightedStems(names.filter((name) => name.language === language).flatMap((name) => name.words))),
    );
  });
  // The names of several words, as runs of stems, by their first stem: "protection solaire" stands for the trade as "Storen" does.
  const phrasesByFirst = new Map<string, Array<{ stems: string[]; entry: number }>>();
  analyzedNames.forEach((names, entry) => {
    for (const { language, words } of names) {
      if (words.length < 2 || words.some((word) => word.parts.length > 0)) continue;
      const stems = words.map((word) => word.stem);
      const key = `${language}:${stems[0]}`;
      phrasesByFirst.set(key, [...(phrasesByFirst.get(key) ?? []), { stems, entry }]);
    }
  });
  const tradesByStem = new Map<string, number[]>();
  tradeStems.forEach((stems, index) => {
    for (const { language, stem } of stems) {
      const key = `${language}:${stem}`;
      tradesByStem.set(key, [...(tradesByStem.get(key) ?? []), index]);
    }
  });
  const regionalSets = new Map<string, Set<string>>();
  for (const entry of regional) {
    const stems = new Set([...entry.swiss, ...entry.standard].flatMap((name) => analyzer.analyze(splitWords(name), entry.language).map((word) => word.stem)));
    for (const stem of stems) {
      const key = `${entry.language}:${stem}`;
      let others = regionalSets.get(key);
      if (!others) regionalSets.set(key, (others = new Set()));
      for (const other of stems) if (other !== stem) others.add(other);
    }
  }
  const regionalStems = new Map([...regionalSets].map(([stem, others]) => [stem, Object.freeze([...others])] as const));
  const noEquivalents: readonly string[] = Object.freeze([]);
  const vocabulary = new Set([...documentFrequency.keys(), ...tradeStems.flat().map(({ language, stem }) => `${language}:${stem}`)]);
  // Written words of the labels and trade names, by their one-letter deletions: "escalatros" and "escalators" share "escalators" minus a letter.
  // Built on the first spelling question (only prompts ask): a process that only indexes notices never pays for it.
  let spelling: Map<Language, Map<string, string[]>> | undefined;
  // The same words sorted, and sorted read backwards: a word that begins or ends one of them is a compound's part.
  const sortedWords = new Map<Language, { forwards: string[]; backwards: string[] }>();
  const spellingIndex = (): Map<Language, Map<string, string[]>> => {
    if (spelling) return spelling;
    spelling = new Map();
    for (const language of LANGUAGES) {
      const texts = [...catalog.entries.map((entry) => entry.labels[language]), ...trades.flatMap((entry) => entry.names[language])];
      const words = new Set<string>();
      const byDeletion = new Map<string, string[]>();
      for (const text of texts) {
        for (const raw of splitWords(text)) {
          const word = foldDiacritics(raw.toLowerCase());
          if (word.length < MIN_SPELLING_WORD || words.has(word)) continue;
          words.add(word);
          // A word's deletions repeat only within a run of one letter ("install" minus either "l"), side by side.
          let previous = '';
          for (const deleted of deletions(word)) {
            if (deleted === previous) continue;
            previous = deleted;
            const known = byDeletion.get(deleted);
            if (known) known.push(word);
            else byDeletion.set(deleted, [word]);
          }
        }
      }
      spelling.set(language, byDeletion);
      sortedWords.set(language, { forwards: [...words].sort(), backwards: [...words].map(reversed).sort() });
    }
    return spelling;
  };
  /** Whether a known word begins or ends with `word` and goes on for a compound part more ("erdung" in "erdungsschalter"). */
  const partOfKnownWord = (language: Language, word: string): boolean => {
    spellingIndex();
    const { forwards, backwards } = sortedWords.get(language)!;
    const extends_ = (sorted: readonly string[], start: string) => {
      for (let i = lowerBound(sorted, start); i < sorted.length && sorted[i]!.startsWith(start); i++)
        if (sorted[i]!.length >= start.length + MIN_COMPOUND_REST) return true;
      return false;
    };
    return extends_(forwards, word) || extends_(backwards, reversed(word));
  };
  return {
    catalog,
    analyzer,
    lexicon: translationLexiconOf(tables.lexicon),
    labelIndex: createCpvLabelIndex(labels, idf),
    idf,
    knows: (language, stem) => documentFrequency.has(`${language}:${stem}`),
    relatedStems,
    labelTerms: (code) => byCode.get(code),
    costPlanGroupTerms(number) {
      const digits = number.replace(/\D/g, '');
      for (let length = Math.min(3, digits.length); length >= 1; length--) {
        const terms = groupTerms.get(digits.slice(0, length));
        if (terms) return terms;
      }
      return undefined;
    },
    tradeSynonyms(language, stem) {
      const seen = new Set<string>();
      const synonyms: Array<{ language: Language; stem: string }> = [];
      for (const index of tradesByStem.get(`${language}:${stem}`) ?? []) {
        for (const synonym of tradeStems[index] ?? []) {
          const key = `${synonym.language}:${synonym.stem}`;
          // A two-letter abbreviation says too many things in notices ("PV": photovoltaics, "Projektverfasser", "procès-verbal"):
          // it is searched only when the prompt writes it.
          if (synonym.stem.length <= MAX_AMBIGUOUS_ABBREVIATION && synonym.stem !== stem) continue;
          if (seen.has(key)) continue;
          seen.add(key);
          synonyms.push({ language: synonym.language, stem: synonym.stem });
        }
      }
      return synonyms;
    },
    tradePhrases(language, stems) {
      const found: Array<{ start: number; length: number; names: ReadonlyArray<{ language: Language; stem: string }> }> = [];
      stems.forEach((first, start) => {
        for (const phrase of phrasesByFirst.get(`${language}:${first}`) ?? []) {
          const names = tradeStems[phrase.entry] ?? [];
          if (names.length > 0 && phrase.stems.every((stem, offset) => stems[start + offset] === stem))
            found.push({ start, length: phrase.stems.length, names });
        }
      });
      return found;
    },
    spellingNeighbours(language, written) {
      const word = foldDiacritics(written.toLowerCase());
      // A word that the labels use inside a compound is spelt right ("Erdung" is not "Rodung").
      if (word.length < MIN_SPELLING_WORD || partOfKnownWord(language, word)) return [];
      const { stem } = languageTools(language);
      const found = new Set<string>();
      for (const deleted of deletions(word)) for (const known of spellingIndex().get(language)?.get(deleted) ?? []) if (known !== word) found.add(stem(known));
      return [...found];
    },
    isVocabulary: (language, stem) => vocabulary.has(`${language}:${stem}`) || regionalStems.has(`${language}:${stem}`),
    regionalEquivalents: (language, stem) => regionalStems.get(`${language}:${stem}`) ?? noEquivalents,
    collocation: (language, first, second) => tables.collocations.get(`${language}:${first} ${second}`) ?? 0,
  };
}
