import type { AlertLearning } from '../scorer/learned-alert.ts';

export interface FeedbackText {
  title: string;
  description: string;
  cpvCodes: readonly string[];
  language?: string | null;
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
  /**
   * How strongly a project carries each prompt word as the scorer reads it (stems, translations): folded
   * word → 0..1. Without it, a prompt word counts where its own spelling appears.
   */
  promptPresence?: (project: FeedbackText) => ReadonlyMap<string, number>;
  /** The CPV codes the scorer reads in the prompt: reweighed as its words are. */
  promptCodes?: readonly string[];
  /**
   * In how many notices the word (its stem or a full translation) appears. A "more like" word no notice beyond
   * the liked ones carries cannot find anything new (a name, a street); without it, every word may be learned.
   */
  documentFrequency?: (word: string) => number;
  /** How specific a code is among the notices, 0..1 (a learned code weighs its share times this); 1 without it. */
  codeSpecificity?: (code: string) => number;
  /**
   * The stem of a folded word in the prompt's language: another form of a prompt word ("vitrages" beside
   * "vitrage") is never a "less like" word, which would push away from what the prompt asks for. (As a
   * "more like" word it stays: it only adds to the prompt word's weight.)
   */
  stem?: (word: string) => string;
  /**
   * Whether a word carries a prompt word as the scorer reads it (a translation, a compound of it): never a "less like"
   * word either, as the negative query would push away from the prompt word itself.
   */
  carriesPromptWord?: (word: string) => boolean;
}

export type FeedbackLearning = typeof FEEDBACK_LEARNING;

export const FEEDBACK_LEARNING = {
  minWordLength: 4,
  descriptionWords: 60,
  descriptionPresence: 0.5,
  /** Concept weights above this count as fully distinctive. */
  rarityScale: 6,
  minTermScore: 0.12,
  /** Two liked projects whose title words overlap this much (Jaccard) are lots of one tender: they count once. */
  sameTenderOverlap: 0.5,
  /** A prompt word or code is reweighed once liked and disliked projects differ on it by this much. */
  minPromptChange: 0.1,
  /** A prompt code counts as carried by a project with a code sharing this many digits (2: the division, 3: the group). Tuned. */
  promptCodeDigits: 3,
  maxMoreTerms: 4,
  maxLessTerms: 6,
  maxCodes: 4,
  minCodeShare: 0.5,
};

const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').toLowerCase();

function words(text: string, minLength: number): string[] {
  return text
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= minLength && !/^\d+$/.test(word));
}

/** Folded word → how strongly the project carries it (title 1, description less), and a surface form to show. */
function presenceIn(project: FeedbackText, surfaces: Map<string, string>, settings: FeedbackLearning): Map<string, number> {
  const presence = new Map<string, number>();
  const add = (list: string[], value: number) => {
    for (const word of list) {
      const key = fold(word);
      if (!surfaces.has(key)) surfaces.set(key, word);
      presence.set(key, Math.max(presence.get(key) ?? 0, value));
    }
  };
  add(words(project.title, settings.minWordLength), 1);
  add(words(project.description, settings.minWordLength).slice(0, settings.descriptionWords), settings.descriptionPresence);
  return presence;
}

/**
 * Groups of projects that are lots of one tender (their titles share most words: "Schulanlage Lindenhof, Erweiterung,
 * BKP 224 Bedachungsarbeiten", "… BKP 272 Metallbauarbeiten"): the group index of each project.
 */
function tenderGroups(projects: readonly FeedbackText[], settings: FeedbackLearning): number[] {
  const titles = projects.map((project) => new Set(words(project.title, settings.minWordLength).map(fold)));
  const group = projects.map((_, index) => index);
  const root = (index: number): number => (group[index] === index ? index : (group[index] = root(group[index]!)));
  for (let a = 0; a < titles.length; a++) {
    for (let b = a + 1; b < titles.length; b++) {
      const shared = [...titles[a]!].filter((word) => titles[b]!.has(word)).length;
      const union = titles[a]!.size + titles[b]!.size - shared;
      if (union > 0 && shared / union >= settings.sameTenderOverlap) group[root(b)] = root(a);
    }
  }
  return group.map((_, index) => root(index));
}

/** Mean presence of each word over the projects. */
function centroid(presences: ReadonlyArray<ReadonlyMap<string, number>>): { mean: Map<string, number> } {
  const mean = new Map<string, number>();
  for (const presence of presences) {
    for (const [key, value] of presence) mean.set(key, (mean.get(key) ?? 0) + value / presences.length);
  }
  return { mean };
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
 * Rocchio, bounded. The prompt's own words are reweighed by how much more the liked projects carry them
 * than the disliked ones; the liked projects' shared, distinctive words and codes become a "more like"
 * query; what only disliked projects have becomes a "less like" one. Every weight stays in 0..1.
 */
export function learnFromFeedback(input: LearnInput, settings: FeedbackLearning = FEEDBACK_LEARNING): LearnedItemDraft[] {
  const surfaces = new Map<string, string>();
  const promptWords = new Set(words(input.prompt, 2).map(fold));
  const stem = input.stem ?? ((word: string) => word);
  const promptStems = new Set([...promptWords].map(stem));
  // A word a prompt word begins or ends with is part of what the prompt asks for: "Orgel" and "Revision" in
  // "Orgelrevision" (a German compound names its parts as words of its own, even one the splitter leaves whole).
  const isPromptPart = (key: string) =>
    key.length >= settings.minWordLength && [...promptWords].some((word) => word.length > key.length && (word.startsWith(key) || word.endsWith(key)));
  const isPromptForm = (key: string) => promptWords.has(key) || promptStems.has(stem(key)) || isPromptPart(key);
  const likedPresence = input.liked.map((project) => presenceIn(project, surfaces, settings));
  const dislikedPresence = input.disliked.map((project) => presenceIn(project, surfaces, settings));
  const { mean: liked } = centroid(likedPresence);
  const { mean: disliked } = centroid(dislikedPresence);
  const rarityOf = new Map<string, number>();
  const rarity = (key: string) => {
    let value = rarityOf.get(key);
    if (value === undefined) rarityOf.set(key, (value = Math.min(1, input.rarity(surfaces.get(key) ?? key) / settings.rarityScale)));
    return value;
  };
  const round = (value: number) => Math.round(Math.min(1, value) * 1000) / 1000;

  // The prompt's words: liked minus disliked presence, as the scorer reads them when it can.
  const promptOf = (projects: readonly FeedbackText[], own: ReadonlyArray<ReadonlyMap<string, number>>) =>
    centroid(input.promptPresence ? projects.map(input.promptPresence) : own).mean;
  const likedPrompt = promptOf(input.liked, likedPresence);
  const dislikedPrompt = promptOf(input.disliked, dislikedPresence);
  const promptSurface = new Map(words(input.prompt, 2).map((word) => [fold(word), word]));
  const promptItems: LearnedItemDraft[] = [];
  // Weighing a prompt word down takes a contrast: some liked project, none of which carries it. Without a liked
  // project, the disliked ones only show that the prompt's words are not enough, not which of them is wrong.
  const canDampen = (likedShare: number) => input.liked.length > 0 && likedShare < settings.minPromptChange;
  for (const [key, surface] of promptSurface) {
    const change = (likedPrompt.get(key) ?? 0) - (dislikedPrompt.get(key) ?? 0);
    if (Math.abs(change) < settings.minPromptChange || (change < 0 && !canDampen(likedPrompt.get(key) ?? 0))) continue;
    promptItems.push({ polarity: change > 0 ? 'more' : 'less', kind: 'term', value: surface, weight: round(Math.abs(change)) });
  }

  // The prompt's codes: the share of liked minus disliked projects with a code of the same group.
  const carrying = (projects: readonly FeedbackText[], code: string) => {
    const prefix = code.slice(0, settings.promptCodeDigits);
    return projects.length > 0 ? projects.filter((project) => project.cpvCodes.some((c) => c.trim().startsWith(prefix))).length / projects.length : 0;
  };
  for (const code of new Set(input.promptCodes ?? [])) {
    const change = carrying(input.liked, code) - carrying(input.disliked, code);
    if (Math.abs(change) < settings.minPromptChange || (change < 0 && !canDampen(carrying(input.liked, code)))) continue;
    promptItems.push({ polarity: change > 0 ? 'more' : 'less', kind: 'cpv', value: code, weight: round(Math.abs(change)) });
  }

  // With several liked tenders, a word only one of them has is chance (or its name): lots of one tender count once.
  const groups = tenderGroups(input.liked, settings);
  const tendersWith = new Map<string, Set<number>>();
  likedPresence.forEach((presence, index) => {
    for (const key of presence.keys()) tendersWith.set(key, (tendersWith.get(key) ?? new Set()).add(groups[index]!));
  });
  const minCount = new Set(groups).size >= 2 ? 2 : 1;
  const likedWith = (key: string) => likedPresence.filter((presence) => presence.has(key)).length;
  const dislikedWith = (key: string) => dislikedPresence.filter((presence) => presence.has(key)).length;
  const foundBeyond = (key: string, within = likedWith(key)) => !input.documentFrequency || input.documentFrequency(surfaces.get(key) ?? key) > within;
  const more = [...liked]
    .filter(([key]) => !promptWords.has(key) && (tendersWith.get(key)?.size ?? 0) >= minCount && foundBeyond(key))
    .map(([key, share]) => ({ key, weight: share * rarity(key) }))
    .filter((entry) => entry.weight >= settings.minTermScore)
    .sort((a, b) => b.weight - a.weight || a.key.localeCompare(b.key))
    .slice(0, settings.maxMoreTerms);
  const less = [...disliked]
    .filter(([key]) => !liked.has(key) && !isPromptForm(key) && foundBeyond(key, dislikedWith(key)) && !input.carriesPromptWord?.(surfaces.get(key) ?? key))
    .map(([key, share]) => ({ key, weight: share * rarity(key) }))
    .filter((entry) => entry.weight >= settings.minTermScore)
    .sort((a, b) => b.weight - a.weight || a.key.localeCompare(b.key))
    .slice(0, settings.maxLessTerms);

  const likedCodes = codeShares(input.liked);
  const dislikedCodes = codeShares(input.disliked);
  const promptCodes = new Set(input.promptCodes ?? []);
  // A code many liked (disliked) projects declare, weighed by its specificity: "construction work" says little.
  const specificity = input.codeSpecificity ?? (() => 1);
  const topCodes = (shares: Map<string, number>, skip: Map<string, number>) =>
    [...shares]
      .filter(([code, share]) => share >= settings.minCodeShare && !skip.has(code) && !promptCodes.has(code))
      .map(([code, share]): [string, number] => [code, share * specificity(code)])
      .filter(([, weight]) => weight >= settings.minTermScore)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, settings.maxCodes);

  return [
    ...promptItems.filter((item) => item.polarity === 'more'),
    ...more.map((entry) => ({ polarity: 'more' as const, kind: 'term' as const, value: surfaces.get(entry.key) ?? entry.key, weight: round(entry.weight) })),
    ...topCodes(likedCodes, new Map()).map(([code, share]) => ({ polarity: 'more' as const, kind: 'cpv' as const, value: code, weight: round(share) })),
    ...promptItems.filter((item) => item.polarity === 'less'),
    ...less.map((entry) => ({ polarity: 'less' as const, kind: 'term' as const, value: surfaces.get(entry.key) ?? entry.key, weight: round(entry.weight) })),
    ...topCodes(dislikedCodes, likedCodes).map(([code, share]) => ({ polarity: 'less' as const, kind: 'cpv' as const, value: code, weight: round(share) })),
  ];
}

/** The scorer's view of stored items (dismissed ones already left out) and of the fed-back projects. */
export function toAlertLearning(
  items: ReadonlyArray<{ polarity: 'more' | 'less' | 'exclude'; kind: 'term' | 'cpv'; value: string; weight: number }>,
  fedBack?: Pick<AlertLearning, 'liked' | 'disliked'>,
): AlertLearning {
  return {
    more: items.filter((item) => item.polarity === 'more'),
    less: items.filter((item) => item.polarity === 'less'),
    exclude: items.filter((item) => item.polarity === 'exclude').map((item) => item.value),
    ...(fedBack?.liked?.length ? { liked: fedBack.liked } : {}),
    ...(fedBack?.disliked?.length ? { disliked: fedBack.disliked } : {}),
  };
}

/** What an alert learned, or nothing when it has neither items nor feedback. */
export function learningOf(
  items: Parameters<typeof toAlertLearning>[0] | undefined,
  fedBack: Pick<AlertLearning, 'liked' | 'disliked'> | undefined,
): AlertLearning | undefined {
  return items || fedBack ? toAlertLearning(items ?? [], fedBack) : undefined;
}
