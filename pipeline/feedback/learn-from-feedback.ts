import type { AlertLearning } from '../scorer/learned-alert.ts';

export interface FeedbackText {
  title: string;
  description: string;
  cpvCodes: readonly string[];
}

export interface LearnedItemDraft {
  polarity: 'more' | 'less';
  kind: 'term' | 'cpv';
  value: string;
  weight: number;
}

export interface LearnInput {
  prompt: string;
  liked: readonly FeedbackText[];
  disliked: readonly FeedbackText[];
  /** The scorer's weight of a word (its rarity); 0 for a function word. */
  rarity: (word: string) => number;
}

export const FEEDBACK_LEARNING = {
  minWordLength: 4,
  descriptionWords: 60,
  descriptionPresence: 0.5,
  /** Concept weights above this count as fully distinctive. */
  rarityScale: 6,
  minTermScore: 0.12,
  maxMoreTerms: 4,
  maxLessTerms: 6,
  maxCodes: 4,
  minCodeShare: 0.5,
};

const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function words(text: string): string[] {
  return text
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= FEEDBACK_LEARNING.minWordLength && !/^\d+$/.test(word));
}

/** Folded word → how strongly the project carries it (title 1, description 0.5), and a surface form to show. */
function presenceIn(project: FeedbackText, surfaces: Map<string, string>): Map<string, number> {
  const presence = new Map<string, number>();
  const add = (list: string[], value: number) => {
    for (const word of list) {
      const key = fold(word);
      if (!surfaces.has(key)) surfaces.set(key, word);
      presence.set(key, Math.max(presence.get(key) ?? 0, value));
    }
  };
  add(words(project.title), 1);
  add(words(project.description).slice(0, FEEDBACK_LEARNING.descriptionWords), FEEDBACK_LEARNING.descriptionPresence);
  return presence;
}

function centroid(projects: readonly FeedbackText[], surfaces: Map<string, string>): { mean: Map<string, number>; count: Map<string, number> } {
  const mean = new Map<string, number>();
  const count = new Map<string, number>();
  for (const project of projects) {
    for (const [key, value] of presenceIn(project, surfaces)) {
      mean.set(key, (mean.get(key) ?? 0) + value);
      count.set(key, (count.get(key) ?? 0) + 1);
    }
  }
  for (const [key, value] of mean) mean.set(key, value / projects.length);
  return { mean, count };
}

function codeShares(projects: readonly FeedbackText[]): Map<string, number> {
  const shares = new Map<string, number>();
  for (const project of projects) {
    for (const code of new Set(project.cpvCodes.map((c) => c.trim().slice(0, 8)).filter((c) => /^\d{8}$/.test(c)))) {
      shares.set(code, (shares.get(code) ?? 0) + 1 / projects.length);
    }
  }
  return shares;
}

/**
 * Rocchio, bounded: the centroid of the liked projects pulls the alert towards their shared and
 * distinctive words and codes; what the disliked ones have and the liked ones lack pushes it away.
 * Words of the prompt itself are never pushed away, and every weight stays in 0..1.
 */
export function learnFromFeedback(input: LearnInput): LearnedItemDraft[] {
  const surfaces = new Map<string, string>();
  const promptWords = new Set(words(input.prompt).map(fold));
  const empty = { mean: new Map<string, number>(), count: new Map<string, number>() };
  const { mean: liked, count: likedCount } = input.liked.length > 0 ? centroid(input.liked, surfaces) : empty;
  const disliked = input.disliked.length > 0 ? centroid(input.disliked, surfaces).mean : empty.mean;
  const rarityOf = new Map<string, number>();
  const rarity = (key: string) => {
    let value = rarityOf.get(key);
    if (value === undefined) rarityOf.set(key, (value = Math.min(1, input.rarity(surfaces.get(key) ?? key) / FEEDBACK_LEARNING.rarityScale)));
    return value;
  };
  // With several liked projects, a word only one of them has is chance, unless the prompt says it too.
  const minCount = input.liked.length >= 2 ? 2 : 1;

  const more = [...liked]
    .filter(([key]) => (likedCount.get(key) ?? 0) >= minCount || promptWords.has(key))
    .map(([key, share]) => ({ key, weight: share * rarity(key) }))
    .filter((entry) => entry.weight >= FEEDBACK_LEARNING.minTermScore)
    .sort((a, b) => b.weight - a.weight || a.key.localeCompare(b.key))
    .slice(0, FEEDBACK_LEARNING.maxMoreTerms);
  const less = [...disliked]
    .filter(([key]) => !liked.has(key) && !promptWords.has(key))
    .map(([key, share]) => ({ key, weight: share * rarity(key) }))
    .filter((entry) => entry.weight >= FEEDBACK_LEARNING.minTermScore)
    .sort((a, b) => b.weight - a.weight || a.key.localeCompare(b.key))
    .slice(0, FEEDBACK_LEARNING.maxLessTerms);

  const likedCodes = codeShares(input.liked);
  const dislikedCodes = codeShares(input.disliked);
  const topCodes = (shares: Map<string, number>, skip: Map<string, number>) =>
    [...shares]
      .filter(([code, share]) => share >= FEEDBACK_LEARNING.minCodeShare && !skip.has(code))
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, FEEDBACK_LEARNING.maxCodes);

  const round = (value: number) => Math.round(Math.min(1, value) * 1000) / 1000;
  return [
    ...more.map((entry) => ({ polarity: 'more' as const, kind: 'term' as const, value: surfaces.get(entry.key) ?? entry.key, weight: round(entry.weight) })),
    ...topCodes(likedCodes, new Map()).map(([code, share]) => ({ polarity: 'more' as const, kind: 'cpv' as const, value: code, weight: round(share) })),
    ...less.map((entry) => ({ polarity: 'less' as const, kind: 'term' as const, value: surfaces.get(entry.key) ?? entry.key, weight: round(entry.weight) })),
    ...topCodes(dislikedCodes, likedCodes).map(([code, share]) => ({ polarity: 'less' as const, kind: 'cpv' as const, value: code, weight: round(share) })),
  ];
}

/** The scorer's view of stored items (dismissed ones already left out). */
export function toAlertLearning(
  items: ReadonlyArray<{ polarity: 'more' | 'less' | 'exclude'; kind: 'term' | 'cpv'; value: string; weight: number }>,
): AlertLearning {
  return {
    more: items.filter((item) => item.polarity === 'more'),
    less: items.filter((item) => item.polarity === 'less'),
    exclude: items.filter((item) => item.polarity === 'exclude').map((item) => item.value),
  };
}
