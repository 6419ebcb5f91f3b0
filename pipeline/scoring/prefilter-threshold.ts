/**
 * Local score from which a pair always goes to the LLM, whatever its rank (config PREFILTER_THRESHOLD);
 * below it, each alert's best LLM_TOP_K pairs still go. Below the notify threshold (70), so that no pair
 * is e-mailed on the local score alone when an LLM is configured. `tenders eval` prints the share of
 * pairs the LLM stage sees and the share of clearly relevant pairs among them.
 */
export const DEFAULT_PREFILTER_THRESHOLD = 50;
