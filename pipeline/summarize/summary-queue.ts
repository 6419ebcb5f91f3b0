import type { Knex } from 'knex';
import { countSummaryJobs, enqueueIncompleteSummaries, enqueueProjectSummary, requeueFailedSummaryJobs } from '../../db/summaries.ts';
import type { Language } from '../scorer/local-scorer.ts';

export { summarizerLanguages } from './summary-languages.ts';

export interface QueueStatus {
  /** Jobs still to do: pending and processing. */
  queueLength: number;
  pending: number;
  processing: number;
  completed: number;
  failed: number;
}

export async function getQueueStatus(db: Knex): Promise<QueueStatus> {
  const counts = await countSummaryJobs(db);
  return { queueLength: counts.pending + counts.processing, ...counts };
}

/** False when the project does not exist. */
export async function addProjectToQueue(db: Knex, projectId: number): Promise<boolean> {
  return enqueueProjectSummary(db, projectId);
}

/**
 * Queues the projects missing a summary the configured summarizer can write (`summarizerLanguages(config)`):
 * so configuring an LLM later re-queues the projects that only have an offline summary.
 */
export async function requeueIncompleteProjects(db: Knex, languages: Language[]): Promise<number> {
  return enqueueIncompleteSummaries(db, languages);
}

export async function retryFailedSummaries(db: Knex): Promise<number> {
  return requeueFailedSummaryJobs(db);
}
