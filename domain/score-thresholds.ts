/** Pairs scoring below this are not stored: nobody wants to see a 12 % match. */
export const SCORE_FLOOR = 20;

/**
 * Defaults of PREFILTER_THRESHOLD, MATCH_THRESHOLD and NOTIFY_THRESHOLD (config.ts); scores run 0–100.
 * prefilter: the local score from which a pair is re-scored by the LLM. On the dev set every relevance-2 pair
 * the local scorer stores (score ≥ 20) passes at 20, and about 15 % of all pairs do; the weakest relevant
 * pairs (generic CPV 45000000 with a vocabulary the CPV labels lack) score below it. `bench/score-pure.ts`
 * prints the figures; re-measure after scorer changes.
 */
export const DEFAULT_THRESHOLDS = Object.freeze({ prefilter: SCORE_FLOOR, match: 50, notify: 70 });
