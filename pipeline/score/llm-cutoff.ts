import { SCORE_FLOOR as MATCH_FLOOR } from '../../domain/score-thresholds.ts';

export interface LlmSelection {
  /** Each alert's best `topK` local pairs go to the LLM… */
  topK: number;
  /** …and any pair scoring at least this, however many there are. */
  prefilter: number;
}

/**
 * The lowest local score an alert's pair needs to be re-scored by the LLM: its K-th best stored score
 * when that is below the prefilter (so every alert gets its best K looked at, however low its scale),
 * else the prefilter. Never below the storage floor, since only stored pairs can be re-scored.
 */
export function llmCutoff(kthBestScore: number | null, selection: LlmSelection): number {
  const topK = selection.topK > 0 ? (kthBestScore ?? MATCH_FLOOR) : Infinity;
  return Math.max(MATCH_FLOOR, Math.min(selection.prefilter, topK));
}

/** The same cutoff from all of an alert's local scores (evaluation, where nothing is stored). */
export function llmCutoffOf(scores: readonly number[], selection: LlmSelection): number {
  const stored = scores.filter((score) => score >= MATCH_FLOOR).sort((a, b) => b - a);
  return llmCutoff(selection.topK > 0 ? (stored[selection.topK - 1] ?? null) : null, selection);
}
