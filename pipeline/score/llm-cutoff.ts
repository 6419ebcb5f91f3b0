import { SCORE_FLOOR as MATCH_FLOOR } from '../../domain/score-thresholds.ts';

export interface LlmSelection {
  /** Each alert's best `topK` local pairs go to the LLM… */
  topK: number;
  /** …and any pair scoring at least this, however many there are. */
  prefilter: number;
  /** …but of the top K only those scoring at least this share of the alert's best score (default `LLM_RELATIVE_CUTOFF`). */
  relative?: number;
}

/**
 * A pair far below its alert's best is seldom what the alert seeks: the best pair sets the scale, whatever
 * the alert's wording makes it. Chosen on the labelled set's trade-off between pairs sent and
 * relevance-2 pairs kept (docs/matching.md).
 */
export const LLM_RELATIVE_CUTOFF = 0.25;

/**
 * The lowest local score an alert's pair needs to be re-scored by the LLM: its K-th best stored score
 * when that is below the prefilter (so every alert gets its best K looked at, however low its scale),
 * raised to `relative` × its best score, else the prefilter. Never below the storage floor, since only
 * stored pairs can be re-scored.
 */
export function llmCutoff(kthBestScore: number | null, selection: LlmSelection, bestScore: number | null = null): number {
  const relative = (selection.relative ?? LLM_RELATIVE_CUTOFF) * (bestScore ?? 0);
  const topK = selection.topK > 0 ? Math.max(kthBestScore ?? MATCH_FLOOR, relative) : Infinity;
  return Math.max(MATCH_FLOOR, Math.min(selection.prefilter, Math.ceil(topK)));
}

/** The same cutoff from all of an alert's local scores (evaluation, where nothing is stored). */
export function llmCutoffOf(scores: readonly number[], selection: LlmSelection): number {
  const stored = scores.filter((score) => score >= MATCH_FLOOR).sort((a, b) => b - a);
  return llmCutoff(selection.topK > 0 ? (stored[selection.topK - 1] ?? null) : null, selection, stored[0] ?? null);
}
