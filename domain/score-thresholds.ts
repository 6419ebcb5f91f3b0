/** Pairs scoring below this are not stored: nobody wants to see a 12 % match. */
export const SCORE_FLOOR = 20;

/**
 * Defaults of PREFILTER_THRESHOLD, LLM_TOP_K, MATCH_THRESHOLD and NOTIFY_THRESHOLD (config.ts); scores run 0–100.
 * The LLM re-scores each alert's best `llmTopK` stored pairs and every pair at or above `prefilter` (below the
 * notify threshold, so no pair is e-mailed on the local score alone when an LLM is configured). `tenders eval`
 * prints the share of pairs the LLM stage sees and the share of relevance-2 pairs among them.
 */
export const DEFAULT_THRESHOLDS = Object.freeze({ prefilter: 50, llmTopK: 30, match: 50, notify: 70 });
