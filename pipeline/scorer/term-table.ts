import type { Language } from './text-analysis.ts';

/** Interns "language:stem" keys as small integers so that prepared projects stay compact. */
export interface TermTable {
  /** A word of a notice's own text, in the notice's language. */
  id(language: Language, stem: string): number;
  lookup(language: Language, stem: string): number | undefined;
  /** A word of a CPV label: kept apart because every notice carries its codes' labels in all four languages. */
  labelId(language: Language, stem: string): number;
}

export function createTermTable(): TermTable {
  const ids = new Map<string, number>();
  return {
    id(language, stem) {
      const key = `${language}:${stem}`;
      let id = ids.get(key);
      if (id === undefined) ids.set(key, (id = ids.size));
      return id;
    },
    lookup: (language, stem) => ids.get(`${language}:${stem}`),
    labelId(language, stem) {
      const key = `${language}|${stem}`;
      let id = ids.get(key);
      if (id === undefined) ids.set(key, (id = ids.size));
      return id;
    },
  };
}
