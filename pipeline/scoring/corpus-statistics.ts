import type { AlertProfile } from './prepare-alert.ts';

/**
 * How many of the projects seen so far carry each term. CPV labels say which words are rare in the
 * classification; only the tenders themselves say which words every second notice uses
 * ("Sanierung", "Neubau", street names ending in "-strasse"), and those decide nothing.
 */
export interface CorpusStatistics {
  observe(projectId: number | string, termIds: Int32Array): void;
  readonly size: number;
  documentFrequency(termId: number): number;
}

export function createCorpusStatistics(): CorpusStatistics {
  const frequency = new Map<number, number>();
  const seen = new Map<number | string, Int32Array>();
  const add = (termIds: Int32Array, delta: number) => {
    for (const term of termIds) frequency.set(term, (frequency.get(term) ?? 0) + delta);
  };
  return {
    observe(projectId, termIds) {
      const previous = seen.get(projectId);
      if (previous) add(previous, -1);
      seen.set(projectId, termIds);
      add(termIds, 1);
    },
    get size() {
      return seen.size;
    },
    documentFrequency: (termId) => frequency.get(termId) ?? 0,
  };
}

/** Below this many projects the corpus says too little and CPV-label weights stand alone. */
const MIN_CORPUS = 50;
/** A concept carried by this share of the corpus or fewer keeps its full weight. */
const DISTINCTIVE_SHARE = 0.05;
const STRONG_KEY = 0.8;
const MIN_FACTOR = 0.15;

/** Lowers the weight of alert concepts that a large share of the corpus carries, in any language. */
export function weighByCorpus(profile: AlertProfile, corpus: CorpusStatistics): AlertProfile {
  const n = corpus.size;
  if (n < MIN_CORPUS) return profile;
  const share = new Float64Array(profile.concepts.length);
  for (const [term, pairs] of profile.termKeys) {
    const documentShare = corpus.documentFrequency(term) / n;
    for (let p = 0; p < pairs.length; p += 2) {
      const concept = pairs[p] ?? 0;
      if ((pairs[p + 1] ?? 0) >= STRONG_KEY && documentShare > (share[concept] ?? 0)) share[concept] = documentShare;
    }
  }
  const top = Math.log(1 / DISTINCTIVE_SHARE);
  const concepts = profile.concepts.map((concept, index) => {
    const documentShare = Math.max(share[index] ?? 0, 1 / n);
    const factor = Math.max(MIN_FACTOR, Math.min(1, Math.log(1 / documentShare) / top));
    return { ...concept, weight: concept.weight * factor };
  });
  return { ...profile, concepts, totalWeight: concepts.reduce((sum, concept) => sum + concept.weight, 0) };
}
