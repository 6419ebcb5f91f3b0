import { SCORE_FLOOR } from '../../domain/score-thresholds.ts';
import type { CorpusStatistics } from './corpus-statistics.ts';
import type { LearnedAssociations } from './learned-associations.ts';
import { essentialTerms, type Language, type LocalScorer, type PreparedAlert, type PreparedProject, type ScoreResult } from './local-scorer.ts';
import { SCORING_PARAMETERS } from './scoring-parameters.ts';
import { MAX_LABEL_IDF } from './scoring-resources.ts';

/** How close two CPV codes are for a disliked code: the same code, category or class (4+ shared digits), else nothing. */
function codeRelation(a: string, b: string): number {
  if (a === b) return 1;
  let shared = 0;
  while (shared < 8 && a[shared] === b[shared]) shared++;
  return shared >= 5 ? 0.9 : shared === 4 ? 0.8 : 0;
}

/** What an alert learned from feedback, and the words its owner excluded; weights are 0..1. */
export interface AlertLearning {
  more: ReadonlyArray<{ kind: 'term' | 'cpv'; value: string; weight: number }>;
  less: ReadonlyArray<{ kind: 'term' | 'cpv'; value: string; weight: number }>;
  exclude: readonly string[];
}

/** The hook: a prepared alert that also carries learned negative terms and exclusions. */
export interface LearnedAlert extends PreparedAlert {
  readonly negativeTerms?: ReadonlyMap<number, number>;
  readonly negativeCpv?: ReadonlyArray<{ code: string; weight: number }>;
  /** Each exclusion is the word's term-id alternatives per word; a project carrying every word is excluded. */
  readonly exclusions?: ReadonlyArray<ReadonlyArray<ReadonlySet<number>>>;
  /** The learned words and codes read as an alert of their own: a project close to the liked ones scores through it too. */
  readonly companion?: PreparedAlert;
}

/** How learning weighs; see docs/feedback.md. Bounded so that one click demotes or promotes, never wipes. */
export const LEARNING_WEIGHTS = {
  /** A fully learned expansion against a concept of the prompt with the same rarity. */
  expansionShare: 1,
  /** Expansions together never outweigh this share of the prompt. */
  maxExpansionTotal: 0.5,
  negativeShare: 1,
  /** A disliked-only signal can at most take this share off a score. */
  maxPenalty: 0.5,
  negativeCpvShare: 0.3,
  minKeyWeight: 0.9,
  minExcludedPresence: 0.3,
  /** The companion's score counts for this share of a score (0: no companion). */
  companionShare: 0.9,
};

const wordCache = new WeakMap<LocalScorer, Map<string, PreparedAlert>>();

function prepareWord(scorer: LocalScorer, word: string, language: Language): PreparedAlert {
  let cache = wordCache.get(scorer);
  if (!cache) wordCache.set(scorer, (cache = new Map()));
  const key = `${language}\u0000${word}`;
  let prepared = cache.get(key);
  if (!prepared) cache.set(key, (prepared = scorer.prepareAlert(word, language)));
  return prepared;
}

/** The scorer's weight of a single word (its rarity), 0 for a function word. */
export function wordWeight(scorer: LocalScorer, word: string, language: Language): number {
  // Concept idf runs 0..1; feedback learning reads rarity on the CPV-label idf scale (0..MAX_LABEL_IDF).
  return (prepareWord(scorer, word, language).concepts[0]?.idf ?? 0) * MAX_LABEL_IDF;
}

/** The term ids standing for the word as a whole (its stem and full translations), not for its compound parts. */
function wholeWordTerms(prepared: PreparedAlert): Map<number, number> {
  const terms = new Map<number, number>();
  for (const [term, pairs] of prepared.termKeys) {
    for (let p = 0; p < pairs.length; p += 2) {
      if (pairs[p] === 0 && (pairs[p + 1] ?? 0) >= LEARNING_WEIGHTS.minKeyWeight) terms.set(term, Math.max(terms.get(term) ?? 0, pairs[p + 1] ?? 0));
    }
  }
  return terms;
}

export function prepareLearnedAlert(
  scorer: LocalScorer,
  prompt: string,
  language: Language,
  learning?: AlertLearning,
  corpus?: CorpusStatistics,
  /** What the notices taught (learned translations and word → CPV associations), if any. */
  associations?: LearnedAssociations,
): LearnedAlert {
  const base = scorer.prepareAlert(prompt, language, { corpus, learned: associations });
  if (!learning || learning.more.length + learning.less.length + learning.exclude.length === 0) return base;

  const concepts = [...base.concepts];
  const termKeys = new Map([...base.termKeys].map(([term, pairs]) => [term, [...pairs]]));
  const expansions: Array<{ prepared: PreparedAlert; weight: number }> = [];
  for (const item of learning.more) {
    if (item.kind === 'term') expansions.push({ prepared: prepareWord(scorer, item.value, language), weight: item.weight });
  }
  const rawTotal = expansions.reduce((sum, e) => sum + e.prepared.concepts.reduce((s, c) => s + c.weight, 0) * e.weight * LEARNING_WEIGHTS.expansionShare, 0);
  const baseTotal = base.subjectWeight + base.qualifierWeight;
  const scale = rawTotal > LEARNING_WEIGHTS.maxExpansionTotal * baseTotal && rawTotal > 0 ? (LEARNING_WEIGHTS.maxExpansionTotal * baseTotal) / rawTotal : 1;
  for (const { prepared, weight } of expansions) {
    const offset = concepts.length;
    for (const concept of prepared.concepts) concepts.push({ ...concept, weight: concept.weight * weight * LEARNING_WEIGHTS.expansionShare * scale });
    for (const [term, pairs] of prepared.termKeys) {
      const merged = termKeys.get(term) ?? [];
      for (let p = 0; p < pairs.length; p += 2) merged.push((pairs[p] ?? 0) + offset, pairs[p + 1] ?? 0);
      termKeys.set(term, merged);
    }
  }

  const codes = [...base.codes];
  for (const item of learning.more) {
    if (item.kind !== 'cpv' || codes.some((match) => match.code === item.value)) continue;
    codes.push({ code: item.value, weight: item.weight });
  }
  codes.sort((a, b) => b.weight - a.weight || a.code.localeCompare(b.code));

  const negativeTerms = new Map<number, number>();
  for (const item of learning.less) {
    if (item.kind !== 'term') continue;
    for (const [term, keyWeight] of wholeWordTerms(prepareWord(scorer, item.value, language))) {
      negativeTerms.set(term, Math.max(negativeTerms.get(term) ?? 0, keyWeight * item.weight));
    }
  }
  const exclusions = learning.exclude
    .map((entry) =>
      entry
        .split(/\s+/)
        .filter(Boolean)
        .map((word) => new Set(wholeWordTerms(prepareWord(scorer, word, language)).keys())),
    )
    .filter((words) => words.length > 0 && words.every((terms) => terms.size > 0));

  // The base profile's own totalWeight is kept: expansions add evidence, they do not dilute the prompt's.
  const profile = { ...base, concepts, termKeys, codes };
  const indexTerms = new Set([...base.indexTerms, ...essentialTerms(profile, SCORE_FLOOR, SCORING_PARAMETERS)]);
  const moreTerms = learning.more.filter((item) => item.kind === 'term').map((item) => item.value);
  const companionBase =
    LEARNING_WEIGHTS.companionShare > 0 && moreTerms.length > 0 ? scorer.prepareAlert(moreTerms.join(' '), language, { corpus }) : undefined;
  const learnedCodes = learning.more.filter((item) => item.kind === 'cpv').map((item) => ({ code: item.value, weight: item.weight }));
  const companion = companionBase && {
    ...companionBase,
    codes: learnedCodes.length > 0 ? learnedCodes.sort((a, b) => b.weight - a.weight) : companionBase.codes,
  };
  return {
    ...profile,
    indexTerms: companion ? new Set([...indexTerms, ...companion.indexTerms]) : indexTerms,
    ...(companion ? { companion } : {}),
    negativeTerms,
    negativeCpv: learning.less.filter((item) => item.kind === 'cpv').map((item) => ({ code: item.value, weight: item.weight })),
    exclusions,
  };
}

function termWeightIn(project: PreparedProject, term: number): number {
  const { termIds, termFrequencies: termWeights } = project;
  let low = 0;
  let high = termIds.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const id = termIds[mid]!;
    if (id === term) return termWeights[mid]!;
    if (id < term) low = mid + 1;
    else high = mid - 1;
  }
  return 0;
}

/** 0 for an excluded project, else the factor (1 − maxPenalty..1) by which what it shares with disliked projects lowers its score. */
export function learnedFactor(alert: LearnedAlert, project: PreparedProject): number {
  for (const words of alert.exclusions ?? []) {
    if (words.every((terms) => [...terms].some((term) => termWeightIn(project, term) >= LEARNING_WEIGHTS.minExcludedPresence))) return 0;
  }
  let penalty = 0;
  for (const [term, weight] of alert.negativeTerms ?? []) penalty += LEARNING_WEIGHTS.negativeShare * weight * termWeightIn(project, term);
  for (const negative of alert.negativeCpv ?? []) {
    let relation = 0;
    for (const carried of project.codes) relation = Math.max(relation, codeRelation(negative.code, carried));
    penalty += LEARNING_WEIGHTS.negativeCpvShare * negative.weight * (relation >= 0.8 ? relation : 0);
  }
  return 1 - Math.min(LEARNING_WEIGHTS.maxPenalty, penalty);
}

/** `scorer.scoreAtLeast` with what the alert learned applied; null below `floor` or when excluded. */
export function scoreLearnedAtLeast(scorer: LocalScorer, alert: LearnedAlert, project: PreparedProject, floor: number): ScoreResult | null {
  const factor = learnedFactor(alert, project);
  if (factor === 0) return null;
  const needed = Math.ceil(floor / factor);
  let result = scorer.scoreAtLeast(alert, project, needed);
  if (alert.companion) {
    const share = LEARNING_WEIGHTS.companionShare;
    const other = scorer.scoreAtLeast(alert.companion, project, Math.ceil(needed / share));
    if (other && Math.round(other.score * share) > (result?.score ?? 0)) result = { ...other, score: Math.round(other.score * share) };
  }
  if (!result) return null;
  if (factor === 1) return result;
  const score = Math.round(result.score * factor);
  return score < floor ? null : { ...result, score };
}

/** Every project's score, excluded ones 0 (the evaluation ranks them all). */
export function scoreLearned(scorer: LocalScorer, alert: LearnedAlert, project: PreparedProject): number {
  const factor = learnedFactor(alert, project);
  if (factor === 0) return 0;
  let score = scorer.quickScore(alert, project);
  if (alert.companion) score = Math.max(score, Math.round(scorer.quickScore(alert.companion, project) * LEARNING_WEIGHTS.companionShare));
  return Math.round(score * factor);
}
