import type { Language } from './text-analysis.ts';

/** Interns "language:stem" keys as small integers so that prepared projects stay compact. */
export interface TermTable {
  id(language: Language, stem: string): number;
  lookup(language: Language, stem: string): number | undefined;
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
  };
}
