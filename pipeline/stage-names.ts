/** The pipeline's order: a round may skip stages but never reorders them. Apart from the stages, so that `tenders run --help` loads none of them. */
export const PIPELINE_STAGES = ['scrape', 'summarize', 'score', 'notify', 'housekeeping'] as const;
export type PipelineStageName = (typeof PIPELINE_STAGES)[number];
