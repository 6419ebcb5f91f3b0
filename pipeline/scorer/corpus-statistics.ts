/**
 * What the notices themselves say about words and codes: how many notices carry each term and each
 * CPV prefix, and how long a notice is on average. It is an explicit input of alert preparation and
 * depends only on the set of notices it holds, never on the order they were added in.
 */
export interface CorpusStatistics {
  readonly documents: number;
  /** Notices written in the language: the base a text word's frequency is measured against. */
  documentsIn(language: string): number;
  documentFrequency(termId: number): number;
  /** Notices carrying a CPV code that starts with `prefix` (2 to 8 digits). */
  codeFrequency(prefix: string): number;
  readonly averageLength: number;
}

export interface CorpusDocument {
  readonly language: string;
  readonly termIds: Int32Array;
  readonly length: number;
  readonly codes: readonly string[];
}

export interface CorpusCounter extends CorpusStatistics {
  add(document: CorpusDocument): void;
  remove(document: CorpusDocument): void;
}

/** Distinct code prefixes of a notice, from division (2 digits) to the full code. */
export function codePrefixes(codes: readonly string[]): Set<string> {
  const prefixes = new Set<string>();
  for (const code of codes) for (let length = 2; length <= 8; length++) prefixes.add(code.slice(0, length));
  return prefixes;
}

export function createCorpusCounter(): CorpusCounter {
  const terms = new Map<number, number>();
  const codes = new Map<string, number>();
  const byLanguage = new Map<string, number>();
  let documents = 0;
  let totalLength = 0;
  const move = (document: CorpusDocument, delta: 1 | -1) => {
    documents += delta;
    byLanguage.set(document.language, (byLanguage.get(document.language) ?? 0) + delta);
    totalLength += delta * document.length;
    for (const term of document.termIds) {
      const count = (terms.get(term) ?? 0) + delta;
      if (count > 0) terms.set(term, count);
      else terms.delete(term);
    }
    for (const prefix of codePrefixes(document.codes)) {
      const count = (codes.get(prefix) ?? 0) + delta;
      if (count > 0) codes.set(prefix, count);
      else codes.delete(prefix);
    }
  };
  return {
    add: (document) => move(document, 1),
    remove: (document) => move(document, -1),
    get documents() {
      return documents;
    },
    documentsIn: (language) => byLanguage.get(language) ?? 0,
    documentFrequency: (termId) => terms.get(termId) ?? 0,
    codeFrequency: (prefix) => codes.get(prefix) ?? 0,
    get averageLength() {
      return documents > 0 ? totalLength / documents : 0;
    },
  };
}

/** No notices at all: alert preparation falls back on the CPV labels' own frequencies. */
export const EMPTY_CORPUS: CorpusStatistics = Object.freeze({
  documents: 0,
  documentsIn: () => 0,
  documentFrequency: () => 0,
  codeFrequency: () => 0,
  averageLength: 0,
});
