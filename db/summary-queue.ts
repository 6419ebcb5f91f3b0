import type { Knex } from 'knex';

/** Puts projects (back) in the summary queue as pending; called for every new or changed project. */
export async function enqueueSummaries(db: Knex, projectIds: number[]): Promise<void> {
  if (projectIds.length === 0) return;
  await db('summary_queue')
    .insert(projectIds.map((projectId) => ({ projectId, status: 'pending' })))
    .onConflict('project_id')
    .merge({ status: 'pending', attempts: 0, lastError: null, availableAt: db.fn.now(), lockedAt: null, lockedBy: null, updatedAt: db.fn.now() });
}
