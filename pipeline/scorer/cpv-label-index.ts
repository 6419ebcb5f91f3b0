import { LANGUAGES, type Language } from '../../domain/languages.ts';

export interface CpvLabelIndex {
  /** Codes whose label in `language` is closest (cosine over idf-weighted stems) to the weighted query stems. */
  match(query: ReadonlyMap<string, number>, language: Language): Map<string, number>;
}

export interface LabelTerms {
  code: string;
  terms: Readonly<Record<Language, ReadonlyMap<string, number>>>;
}

export function createCpvLabelIndex(labels: readonly LabelTerms[], idf: (language: Language, stem: string) => number): CpvLabelIndex {
  const postings = new Map<Language, Map<string, Array<[number, number]>>>();
  for (const language of LANGUAGES) {
    const byStem = new Map<string, Array<[number, number]>>();
    labels.forEach(({ terms }, index) => {
      const vector = [...terms[language]].map(([stem, share]) => [stem, share * idf(language, stem)] as const);
      const norm = Math.hypot(...vector.map(([, weight]) => weight)) || 1;
      for (const [stem, weight] of vector) {
        let list = byStem.get(stem);
        if (!list) byStem.set(stem, (list = []));
        list.push([index, weight / norm]);
      }
    });
    postings.set(language, byStem);
  }
  return {
    match(query, language) {
      const byStem = postings.get(language);
      const dots = new Map<number, number>();
      let queryNorm = 0;
      for (const [stem, weight] of query) {
        queryNorm += weight * weight;
        for (const [index, labelWeight] of byStem?.get(stem) ?? []) dots.set(index, (dots.get(index) ?? 0) + weight * labelWeight);
      }
      queryNorm = Math.sqrt(queryNorm) || 1;
      const result = new Map<string, number>();
      for (const [index, dot] of dots) {
        const code = labels[index]?.code;
        if (code) result.set(code, dot / queryNorm);
      }
      return result;
    },
  };
}
