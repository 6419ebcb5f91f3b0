import type { Knex } from 'knex';
import { findFailedSummaryJobs, getQueueStatus, type FailedSummaryJob, type QueueStatus } from '../../db/summaries.ts';

export interface QueueSnapshot extends QueueStatus {
  recentFailures: FailedSummaryJob[];
}

export const QUEUE_STATES = ['pending', 'processing', 'completed', 'failed'] as const;

export async function loadQueueSnapshot(db: Knex, failures = 5): Promise<QueueSnapshot> {
  const [status, recentFailures] = await Promise.all([getQueueStatus(db), findFailedSummaryJobs(db, failures)]);
  return { ...status, recentFailures };
}

export function formatQueueSnapshot(snapshot: QueueSnapshot): string {
  const lines = QUEUE_STATES.map((state) => `${state.padEnd(12)}${String(snapshot[state]).padStart(8)}`);
  if (snapshot.recentFailures.length > 0) {
    lines.push('', 'last failures:');
    for (const job of snapshot.recentFailures) lines.push(`  project ${job.projectId} (${job.attempts} attempts): ${job.error ?? 'no error recorded'}`);
  }
  return lines.join('\n');
}
