import type { Knex } from 'knex';
import type { z } from 'zod';
import { PROJECT_SCORING_COLUMNS, type ProjectContent } from './alerts-scoring.ts';
import type { QueueStatusResponse } from '../domain/api-responses.ts';
import type { Language } from '../domain/languages.ts';

export type SummaryJobStatus = 'pending' | 'processing' | 'completed' | 'failed';

export interface ClaimedSummaryJob {
  id: number;
  projectId: number;
  attempts: number;
}

export interface StoredSummary {
  language: Language;
  text: string;
  model: string;
  extractive: boolean;
  contentSeq: number;
}

export interface ProjectSummariesView {
  french: string | null;
  english: string | null;
  german: string | null;
  italian: string | null;
  status: 'none' | SummaryJobStatus;
  /** Languages whose summary is sentences extracted from the notice (no model wrote them). */
  extractive: Language[];
  /** The language the notice is written in, if known. */
  noticeLanguage: string | null;
}

/** The queue's counts as GET /api/queue/status answers them; `queueLength` is the jobs still to do (pending and processing). */
export type QueueStatus = z.infer<typeof QueueStatusResponse>;

/**
 * Claims up to `limit` due jobs for `worker`: pending ones whose `available_at` has come, and processing
 * ones whose worker has not finished within `staleAfterMs` (it crashed). SKIP LOCKED lets any number of
 * workers claim at once without waiting on, or taking, each other's rows.
 */
export async function claimSummaryJobs(
  db: Knex,
  options: { worker: string; limit: number; staleAfterMs: number; maxAttempts: number },
): Promise<ClaimedSummaryJob[]> {
  const result = await db.raw(
    `update summary_queue q
        set status = 'processing', attempts = q.attempts + 1, locked_at = now(), locked_by = ?, updated_at = now()
      where q.id in (
        select id from summary_queue
         where (status = 'pending' and available_at <= now())
            or (status = 'processing' and locked_at < now() - make_interval(secs => ?) and attempts < ?)
         order by available_at, id
         limit ?
         for update skip locked)
      returning q.id, q.project_id, q.attempts`,
    [options.worker, options.staleAfterMs / 1000, options.maxAttempts, options.limit],
  );
  return (result as { rows: ClaimedSummaryJob[] }).rows;
}

/** Jobs whose worker died on their last allowed attempt will not be claimed again: they fail. */
export async function failAbandonedSummaryJobs(db: Knex, options: { staleAfterMs: number; maxAttempts: number }): Promise<number> {
  return db('summaryQueue')
    .where({ status: 'processing' })
    .where('attempts', '>=', options.maxAttempts)
    .where('lockedAt', '<', db.raw('now() - make_interval(secs => ?)', [options.staleAfterMs / 1000]))
    .update({ status: 'failed', lastError: 'worker stopped while processing', lockedAt: null, lockedBy: null, updatedAt: db.fn.now() });
}

/** Marks the job done if `worker` still holds it; false when it was re-queued or reclaimed meanwhile. */
export async function completeSummaryJob(db: Knex, jobId: number, worker: string): Promise<boolean> {
  const updated = await db('summaryQueue')
    .where({ id: jobId, status: 'processing', lockedBy: worker })
    .update({ status: 'completed', lastError: null, lockedAt: null, updatedAt: db.fn.now() });
  return updated > 0;
}

/** Puts the job back for a later attempt (`retryInMs`), or fails it for good (`retryInMs` null). */
export async function releaseFailedSummaryJob(db: Knex, jobId: number, worker: string, error: string, retryInMs: number | null): Promise<boolean> {
  const changes =
    retryInMs === null ? { status: 'failed' } : { status: 'pending', availableAt: db.raw('now() + make_interval(secs => ?)', [retryInMs / 1000]) };
  const updated = await db('summaryQueue')
    .where({ id: jobId, status: 'processing', lockedBy: worker })
    .update({ ...changes, lastError: error.slice(0, 2000), lockedAt: null, updatedAt: db.fn.now() });
  return updated > 0;
}

export async function findProjectToSummarize(db: Knex, projectId: number): Promise<ProjectContent | undefined> {
  const row = await db<ProjectContent>('projects')
    .select(...PROJECT_SCORING_COLUMNS)
    .where({ id: projectId })
    .first();
  return row && { ...row, contentSeq: Number(row.contentSeq) };
}

export async function findStoredSummaries(db: Knex, projectId: number): Promise<StoredSummary[]> {
  const rows: StoredSummary[] = await db('projectSummaries').select('language', 'text', 'model', 'extractive', 'contentSeq').where({ projectId });
  return rows.map((row) => ({ ...row, contentSeq: Number(row.contentSeq) }));
}

export async function saveProjectSummaries(
  db: Knex,
  projectId: number,
  summaries: Array<{ language: Language; text: string }>,
  source: { model: string; extractive: boolean; contentSeq: number },
): Promise<void> {
  if (summaries.length === 0) return;
  await db('projectSummaries')
    .insert(summaries.map((s) => ({ projectId, language: s.language, text: s.text, ...source })))
    .onConflict(['project_id', 'language'])
    .merge(['text', 'model', 'extractive', 'contentSeq', 'updatedAt']);
}

export async function findProjectSummaries(db: Knex, projectId: number): Promise<ProjectSummariesView> {
  const [summaries, job] = await Promise.all([
    db('projectSummaries').select('language', 'text', 'extractive').where({ projectId }) as Promise<
      Array<{ language: Language; text: string; extractive: boolean }>
    >,
    db('summaryQueue').select('status').where({ projectId }).first() as Promise<{ status: SummaryJobStatus } | undefined>,
  ]);
  const project = (await db('projects').select('creationLanguage').where({ id: projectId }).first()) as { creationLanguage: string | null } | undefined;
  const text = (language: Language) => summaries.find((s) => s.language === language)?.text ?? null;
  return {
    french: text('fr'),
    english: text('en'),
    german: text('de'),
    italian: text('it'),
    status: job?.status ?? 'none',
    extractive: summaries.filter((s) => s.extractive).map((s) => s.language),
    noticeLanguage: project?.creationLanguage ?? null,
  };
}

export async function getQueueStatus(db: Knex): Promise<QueueStatus> {
  const rows: Array<{ status: SummaryJobStatus; count: number | string }> = await db('summaryQueue').select('status').count({ count: '*' }).groupBy('status');
  const counts: Record<SummaryJobStatus, number> = { pending: 0, processing: 0, completed: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return { queueLength: counts.pending + counts.processing, ...counts };
}

/** Queues one project; false when there is no such project. */
export async function enqueueProjectSummary(db: Knex, projectId: number): Promise<boolean> {
  const exists = await db('projects').where({ id: projectId }).first('id');
  if (!exists) return false;
  await enqueueSummaries(db, [projectId]);
  return true;
}

/**
 * Queues every project that lacks a current summary in its creation language or, when `languages` is not
 * empty, a current non-extractive one in any of them. Jobs already pending, processing or failed are left alone.
 * Given the languages the configured summarizer writes (`summarizerLanguages(config)`), configuring an LLM
 * later re-queues the projects that only have an offline summary.
 */
export async function enqueueIncompleteSummaries(db: Knex, languages: Language[]): Promise<number> {
  const result = await db.raw(
    `insert into summary_queue (project_id, status)
     select p.id, 'pending' from projects p
       left join summary_queue q on q.project_id = p.id
      where (q.id is null or q.status = 'completed')
        and (not exists (select 1 from project_summaries s
                          where s.project_id = p.id and s.language = coalesce(p.creation_language, 'fr') and s.content_seq >= p.content_seq)
             or exists (select 1 from jsonb_array_elements_text(?::jsonb) as wanted(language)
                         where not exists (select 1 from project_summaries s
                                            where s.project_id = p.id and s.language = wanted.language
                                              and s.content_seq >= p.content_seq and not s.extractive)))
     on conflict (project_id) do update
        set status = 'pending', attempts = 0, last_error = null, available_at = now(), locked_at = null, locked_by = null, updated_at = now()
      where summary_queue.status = 'completed'`,
    [JSON.stringify(languages)],
  );
  return (result as { rowCount: number }).rowCount;
}

export async function requeueFailedSummaryJobs(db: Knex): Promise<number> {
  return db('summaryQueue')
    .where({ status: 'failed' })
    .update({ status: 'pending', attempts: 0, lastError: null, availableAt: db.fn.now(), lockedAt: null, lockedBy: null, updatedAt: db.fn.now() });
}

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
    .orderBy([
      { column: 'q.updatedAt', order: 'desc' },
      { column: 'q.id', order: 'desc' },
    ])
    .limit(limit)
    .select('q.projectId', 'p.title', 'q.attempts', { error: 'q.lastError' }, { failedAt: 'q.updatedAt' });
}

/** Puts projects (back) in the summary queue as pending; called for every new or changed project. */
export async function enqueueSummaries(db: Knex, projectIds: number[]): Promise<void> {
  if (projectIds.length === 0) return;
  await db('summary_queue')
    .insert(projectIds.map((projectId) => ({ projectId, status: 'pending' })))
    .onConflict('project_id')
    .merge({ status: 'pending', attempts: 0, lastError: null, availableAt: db.fn.now(), lockedAt: null, lockedBy: null, updatedAt: db.fn.now() });
}
