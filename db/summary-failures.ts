import type { Knex } from 'knex';

export interface FailedSummaryJob {
  projectId: number;
  title: string;
  attempts: number;
  error: string | null;
  failedAt: Date;
}

/** The most recently failed summary jobs, newest first. */
export async function findFailedSummaryJobs(db: Knex, limit: number): Promise<FailedSummaryJob[]> {
  return db('summaryQueue as q')
    .join('projects as p', 'p.id', 'q.projectId')
    .where('q.status', 'failed')
    .orderBy([{ column: 'q.updatedAt', order: 'desc' }, { column: 'q.id', order: 'desc' }])
    .limit(limit)
    .select('q.projectId', 'p.title', 'q.attempts', { error: 'q.lastError' }, { failedAt: 'q.updatedAt' });
}
