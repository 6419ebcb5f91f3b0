import type { Language } from '../../domain/languages.ts';

/** Interns "language:stem" keys as small integers so that prepared projects stay compact. */
export interface TermTable {
  /** A word of a notice's own text, in the notice's language. */
  id(language: Language, stem: string): number;
  lookup(language: Language, stem: string): number | undefined;
  /** A word of a CPV label: kept apart because every notice carries its codes' labels in all four languages. */
  labelId(language: Language, stem: string): number;
  /** Every interned key at the index of its id: what saved term ids refer to (the on-disk project index). */
  keys(): readonly string[];
  /** The id of a key taken from `keys()`, interned if new. */
  intern(key: string): number;
}

export function createTermTable(): TermTable {
  const ids = new Map<string, number>();
  const keys: string[] = [];
  const intern = (key: string) => {
    let id = ids.get(key);
    if (id === undefined) {
      ids.set(key, (id = keys.length));
      keys.push(key);
    }
    return id;
  };
  return {
    id: (language, stem) => intern(`${language}:${stem}`),
    lookup: (language, stem) => ids.get(`${language}:${stem}`),
    labelId: (language, stem) => intern(`${language}|${stem}`),
    keys: () => keys,
    intern,
  };
}

/** Whether an interned key (from `keys()`) is a CPV label's word ("language|stem") rather than a notice's own ("language:stem"). */
export const isLabelKey = (key: string | undefined): boolean => key !== undefined && key.charAt(2) === '|';
