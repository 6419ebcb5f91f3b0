import { learnedCandidates, type CandidateIndex } from './candidate-index.ts';
import type { Language } from '../../domain/languages.ts';
import { LEARNING_WEIGHTS, prepareLearnedAlert, scoreLearned, scoreLearnedAtLeast, type AlertLearning, type LearnedAlert } from './learned-alert.ts';
import type { LearnedAssociations } from './learned-associations.ts';
import type { CorpusStatistics } from './corpus-statistics.ts';
import { weighEvidence, type LocalScorer, type PreparedAlert, type PreparedProject } from './local-scorer.ts';
import { SCORING_PARAMETERS, type ScoringParameters } from './scoring-parameters.ts';
import { SCORE_FLOOR } from '../../domain/score-thresholds.ts';

/**
 * Pseudo-relevance feedback (Rocchio with the first ranking's best as relevant): an alert's best matches in the
 * whole corpus show what its words mean in the notices' own vocabulary, so a candidate resembling them gains.
 * The best: the group of projects above the first drop of at least `gap` points among the `clusterDocuments` best,
 * or, without such a drop, at most `documents`, each at least `relativeToBest` of the best one; all at least `minScore`.
 */
export function pseudoRelevantProjects(
  scorer: LocalScorer,
  alert: LearnedAlert,
  index: CandidateIndex,
  parameters: ScoringParameters['pseudoFeedback'] = SCORING_PARAMETERS.pseudoFeedback,
  /** Projects the subscriber said 👎 to: never taken as what the alert seeks. */
  disliked: ReadonlySet<number | string> = new Set(),
): PreparedProject[] {
  if (parameters.documents <= 0 || parameters.share <= 0) return [];
  const hinted = (bestHints.get(index)?.get(hintKey(alert)) ?? [])
    .filter((id) => !disliked.has(id))
    .map((id) => index.get(id))
    .filter((project) => project !== undefined)
    .filter((project) => namesTheWork(alert, project));
  const hintScores = hinted.map((project) => scoreLearned(scorer, alert, project)).sort((a, b) => b - a);
  const gap = parameters.gap;
  if (gap > 0) {
    // A group above a drop can end anywhere: first every project down to a drop below the best matches found last
    // time, which decides the group when it still stands; when it does not, every project down to the lowest score
    // that can mark a drop.
    const lowest = visibleBelowCluster(parameters);
    const hintFloor = hintScores.length > 0 ? Math.max(lowest, hintScores.at(-1)! - gap) : lowest;
    if (hintFloor > lowest) {
      const decided = selectBest(scoreDownTo(scorer, alert, index, hintFloor, disliked), parameters, hintFloor);
      if (decided) return noted(index, alert, decided);
    }
    return noted(index, alert, bestMatches(scoreDownTo(scorer, alert, index, lowest, disliked), parameters));
  }
  // The best matches found last time for this prompt bound the look-up (exact whatever the hint says: a changed or
  // removed project included): with k of them scoring s₁ ≥ … ≥ s_k now, every project of the new top k scores at least
  // s_k, and every project taken scores at least `relativeToBest` × the best, so at least that share of s₁.
  let floor = parameters.minScore;
  if (hintScores.length > 0) floor = Math.max(floor, parameters.relativeToBest * hintScores[0]!);
  if (hintScores.length >= parameters.documents) floor = Math.max(floor, hintScores[parameters.documents - 1]!);
  return noted(index, alert, bestMatches(scoreDownTo(scorer, alert, index, floor, disliked), parameters));
}

/**
 * Whether a project can show what the alert seeks: when the prompt names a work (its head: "Unterhalt von Sportanlagen"),
 * a notice that does not name it in its own text, in a language where the work has a spelling, is no example of it,
 * though the head's gate leaves it the best match ("Erdarbeiten Sportanlage"): learning from it would lift its likes.
 */
export function namesTheWork(alert: PreparedAlert, project: PreparedProject): boolean {
  if (alert.head === undefined || !alert.head.languages.includes(project.language)) return true;
  return weighEvidence(alert, project, SCORING_PARAMETERS).headInText > 0;
}

/** Every project of the index scoring at least `floor` for the alert (and naming its work), with its score. */
function scoreDownTo(
  scorer: LocalScorer,
  alert: LearnedAlert,
  index: CandidateIndex,
  floor: number,
  disliked: ReadonlySet<number | string>,
): Array<{ project: PreparedProject; score: number }> {
  const scored: Array<{ project: PreparedProject; score: number }> = [];
  for (const project of learnedCandidates(index, alert, { floor })) {
    if (disliked.has(project.id)) continue;
    const result = scoreLearnedAtLeast(scorer, alert, project, floor);
    if (result && namesTheWork(alert, project)) scored.push({ project, score: result.score });
  }
  return scored;
}

function noted(index: CandidateIndex, alert: PreparedAlert, best: PreparedProject[]): PreparedProject[] {
  noteBestMatch(index, alert, best);
  return best;
}

/**
 * The lowest score that counts below a group of best matches: lower ones (below the storage floor, or too low to
 * matter) are as if absent, so a drop to them is wide enough. Both look-ups, over the whole index or from its
 * candidates, see every project down to it, and so find the same group.
 */
const visibleBelowCluster = (parameters: ScoringParameters['pseudoFeedback']) =>
  Math.min(parameters.minScore, Math.max(SCORE_FLOOR, parameters.minScore - parameters.gap));

/** The best matches last found per index and prompt: a hint that makes the next look-up cheap, never its answer. */
const bestHints = new WeakMap<CandidateIndex, Map<string, ReadonlyArray<number | string>>>();
const hintKey = (alert: PreparedAlert) => `${alert.language}\u0000${alert.prompt}`;

/** Remembers the alert's best matches in this index as the hint of its next look-up. */
export function noteBestMatch(index: CandidateIndex, alert: PreparedAlert, best: readonly PreparedProject[]): void {
  let hints = bestHints.get(index);
  if (!hints) bestHints.set(index, (hints = new Map()));
  if (best.length > 0)
    hints.set(
      hintKey(alert),
      best.map((project) => project.id),
    );
  else hints.delete(hintKey(alert));
}

/** The best of the scored projects as pseudo-feedback takes them (those below `minScore` are passed over). */
export function bestMatches(
  scored: ReadonlyArray<{ project: PreparedProject; score: number }>,
  parameters: ScoringParameters['pseudoFeedback'] = SCORING_PARAMETERS.pseudoFeedback,
): PreparedProject[] {
  return selectBest(scored, parameters, 0) ?? [];
}

/**
 * `bestMatches` when only the projects scoring at least `seen` were scored (`scored` holds every one of them):
 * undefined when the projects not scored could change the answer.
 */
function selectBest(
  scored: ReadonlyArray<{ project: PreparedProject; score: number }>,
  parameters: ScoringParameters['pseudoFeedback'],
  seen: number,
): PreparedProject[] | undefined {
  if (parameters.documents <= 0 || parameters.share <= 0) return [];
  const byScore = [...scored].sort((a, b) => b.score - a.score || String(a.project.id).localeCompare(String(b.project.id)));
  const sorted = byScore.filter((entry) => entry.score >= parameters.minScore);
  const gap = parameters.gap;
  if (gap > 0) {
    const lowest = visibleBelowCluster(parameters);
    const visible = byScore.filter((entry) => entry.score >= lowest);
    const group = Math.min(parameters.clusterDocuments, sorted.length);
    for (let i = 0; i < group; i++) {
      const next = visible[i + 1];
      // Not scored, the next one scores below `seen`: the drop is wide enough if the drop to `seen` is, else unknown.
      const unseen = next === undefined && seen > lowest;
      if (sorted[i]!.score - (unseen ? seen : (next?.score ?? 0)) >= gap) return sorted.slice(0, i + 1).map((entry) => entry.project);
      if (unseen) return undefined;
    }
  }
  const best = sorted[0]?.score ?? 0;
  // Those taken score at least relativeToBest × the best (and minScore); the first `documents` of them are known when
  // they all scored at least `seen`.
  if (seen > Math.max(parameters.minScore, parameters.relativeToBest * best) && sorted.length < parameters.documents) return undefined;
  return sorted
    .slice(0, parameters.documents)
    .filter((entry) => entry.score >= parameters.relativeToBest * best)
    .map((entry) => entry.project);
}

/** Whether a subscriber's own 👍 already says what the alert seeks (then no pseudo-feedback is added). */
const hasLikedProjects = (learning: AlertLearning | undefined) => (learning?.liked?.length ?? 0) > 0;

/** Whether the alert learned nothing at all from its subscriber: its plain scores are its scores. */
export const learnedNothing = (learning: AlertLearning | undefined) =>
  !learning || learning.more.length + learning.less.length + learning.exclude.length + (learning.liked?.length ?? 0) + (learning.disliked?.length ?? 0) === 0;

/**
 * The alert as the score stage and the evaluation score it: prepared with what it learned from feedback, then,
 * unless the subscriber liked projects, with its best matches in `index` as liked projects weighing
 * `pseudoFeedback.share` (the strength of the subscriber's 👎, if any, is kept).
 */
export function prepareAlertWithPseudoFeedback(
  scorer: LocalScorer,
  prompt: string,
  language: Language,
  index: CandidateIndex,
  learning?: AlertLearning,
  associations?: LearnedAssociations,
  parameters: ScoringParameters['pseudoFeedback'] = SCORING_PARAMETERS.pseudoFeedback,
): { alert: LearnedAlert; pseudoRelevant: number } {
  const plain = scorer.prepareAlert(prompt, language, { corpus: index.corpus, learned: associations });
  const prepared = prepareLearnedAlert(scorer, prompt, language, learning, index.corpus, associations, plain);
  if (hasLikedProjects(learning)) return { alert: prepared, pseudoRelevant: 0 };
  const disliked = new Set((learning?.disliked ?? []).map((project) => project.id));
  const best = pseudoRelevantProjects(scorer, prepared, index, parameters, disliked);
  if (best.length === 0) return { alert: prepared, pseudoRelevant: 0 };
  return { alert: withPseudoFeedback(scorer, plain, language, index.corpus, best, learning, associations, parameters), pseudoRelevant: best.length };
}

/** The alert, prepared as `plain`, with `best` as its pseudo-feedback (itself as prepared with `learning` when there is none). */
export function withPseudoFeedback(
  scorer: LocalScorer,
  plain: PreparedAlert,
  language: Language,
  corpus: CorpusStatistics,
  best: PreparedProject[],
  learning?: AlertLearning,
  associations?: LearnedAssociations,
  parameters: ScoringParameters['pseudoFeedback'] = SCORING_PARAMETERS.pseudoFeedback,
): LearnedAlert {
  const prompt = plain.prompt;
  if (best.length === 0) return prepareLearnedAlert(scorer, prompt, language, learning, corpus, associations, plain);
  const weights = learning?.weights ?? LEARNING_WEIGHTS;
  const alert = prepareLearnedAlert(
    scorer,
    prompt,
    language,
    {
      more: learning?.more ?? [],
      less: learning?.less ?? [],
      exclude: learning?.exclude ?? [],
      liked: best,
      ...(learning?.disliked ? { disliked: learning.disliked } : {}),
      weights: {
        ...weights,
        likeShare: parameters.share,
        unlikeShare: (weights.likeShare * weights.unlikeShare) / parameters.share,
        likedLabelShare: parameters.labelShare,
      },
    },
    corpus,
    associations,
    plain,
  );
  return alert.similarity ? { ...alert, similarity: { ...alert.similarity, fromBestMatch: true } } : alert;
}
