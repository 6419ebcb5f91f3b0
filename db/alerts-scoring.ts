import type { Knex } from 'knex';
import type { Language } from '../domain/languages.ts';

/** An alert as the score stage sees it: its prompt and the watermarks of the local and LLM passes. */
export interface AlertToScore {
  id: number;
  prompt: string;
  language: Language;
  isActive: boolean;
  promptHash: string;
  scoredPromptHash: string | null;
  scoredContentSeq: number;
  llmScoredPromptHash: string | null;
  llmScoredContentSeq: number;
}

/** The project columns that scoring and summaries read. */
export interface ProjectContent {
  id: number;
  contentSeq: number;
  creationLanguage: string | null;
  title: string;
  description: string;
  content: string;
  cpvCodes: string[];
  canton: string | null;
  location: string | null;
  organization: string | null;
  deadline: Date | null;
}

export interface ProjectFingerprint {
  count: number;
  maxSeq: number;
  sumSeq: number;
}

const ALERT_COLUMNS = [
  'id',
  'prompt',
  'language',
  'isActive',
  'promptHash',
  'scoredPromptHash',
  'scoredContentSeq',
  'llmScoredPromptHash',
  'llmScoredContentSeq',
] as const;

export const PROJECT_SCORING_COLUMNS = [
  'id',
  'contentSeq',
  'creationLanguage',
  'title',
  'description',
  'content',
  'cpvCodes',
  'canton',
  'location',
  'organization',
  'deadline',
] as const;

function toAlert(row: AlertToScore): AlertToScore;
function toAlert(row: AlertToScore | undefined): AlertToScore | undefined;
function toAlert(row: AlertToScore | undefined): AlertToScore | undefined {
  return row && { ...row, scoredContentSeq: Number(row.scoredContentSeq), llmScoredContentSeq: Number(row.llmScoredContentSeq) };
}

export async function findActiveAlertsToScore(db: Knex, alertIds?: number[]): Promise<AlertToScore[]> {
  const query = db<AlertToScore>('alerts')
    .select(...ALERT_COLUMNS)
    .where({ isActive: true })
    .orderBy('id');
  if (alertIds) query.whereIn('id', alertIds);
  return (await query).map((row) => toAlert(row));
}

export async function getAlertToScore(db: Knex, alertId: number): Promise<AlertToScore | undefined> {
  return toAlert(
    await db<AlertToScore>('alerts')
      .select(...ALERT_COLUMNS)
      .where({ id: alertId })
      .first(),
  );
}

/** Locks the alert row for the rest of the transaction so two local passes of one alert never interleave. */
export async function lockAlertToScore(trx: Knex.Transaction, alertId: number): Promise<AlertToScore | undefined> {
  return toAlert(
    await trx<AlertToScore>('alerts')
      .select(...ALERT_COLUMNS)
      .where({ id: alertId })
      .forUpdate()
      .first(),
  );
}

/** Count, highest and sum of `content_seq`: a cheap check that an in-memory copy of the projects is still whole. */
export async function fingerprintProjects(db: Knex): Promise<ProjectFingerprint> {
  const row = (await db('projects')
    .select(db.raw('count(*) as count, coalesce(max(content_seq), 0) as max_seq, coalesce(sum(content_seq), 0) as sum_seq'))
    .first()) as ProjectFingerprint;
  return { count: Number(row.count), maxSeq: Number(row.maxSeq), sumSeq: Number(row.sumSeq) };
}

/** Projects changed after `afterSeq`, oldest change first, one page at a time. */
export async function findProjectsChangedAfter(db: Knex, afterSeq: number, limit: number): Promise<ProjectContent[]> {
  const rows = await db<ProjectContent>('projects')
    .select(...PROJECT_SCORING_COLUMNS)
    .where('contentSeq', '>', afterSeq)
    .orderBy('contentSeq')
    .limit(limit);
  return rows.map((row) => ({ ...row, contentSeq: Number(row.contentSeq) }));
}

/** Every project's id and content_seq: what an in-memory copy of the projects is checked against. */
export async function findProjectSeqs(db: Knex): Promise<Array<{ id: number; contentSeq: number }>> {
  const rows: Array<{ id: number; contentSeq: number | string }> = await db('projects').select('id', 'contentSeq');
  return rows.map((row) => ({ id: row.id, contentSeq: Number(row.contentSeq) }));
}

/** The given projects, oldest change first. */
export async function findProjectsByIds(db: Knex, ids: readonly number[]): Promise<ProjectContent[]> {
  if (ids.length === 0) return [];
  const rows = await db<ProjectContent>('projects')
    .select(...PROJECT_SCORING_COLUMNS)
    .whereRaw('id = any(?::int[])', [[...ids]])
    .orderBy('contentSeq');
  return rows.map((row) => ({ ...row, contentSeq: Number(row.contentSeq) }));
}

/** Marks a scored prompt hash as provisional: it equals no prompt's hash, so the next pass scores every project again. */
const PROVISIONAL = '~provisional';

/**
 * Moves the local watermark forward. A pass for an older prompt is ignored (returns false): the edit
 * that changed the prompt has its own pass coming. A `provisional` pass (scored during the warm-up, on the
 * projects indexed so far) keeps its matches, and the next pass replaces them with a full scoring.
 */
export async function recordLocalScoring(
  db: Knex,
  alertId: number,
  promptHash: string,
  contentSeq: number,
  options: { provisional?: boolean } = {},
): Promise<boolean> {
  const scoredHash = options.provisional ? `${promptHash}${PROVISIONAL}` : promptHash;
  const updated = await db('alerts')
    .where({ id: alertId, promptHash })
    .update({
      scoredPromptHash: scoredHash,
      scoredContentSeq: db.raw('case when scored_prompt_hash = ? then greatest(scored_content_seq, ?) else ? end', [scoredHash, contentSeq, contentSeq]),
    });
  return updated > 0;
}

export async function recordLlmScoring(db: Knex, alertId: number, promptHash: string, contentSeq: number): Promise<boolean> {
  const updated = await db('alerts')
    .where({ id: alertId, promptHash })
    .update({
      llmScoredPromptHash: promptHash,
      llmScoredContentSeq: db.raw('case when llm_scored_prompt_hash = ? then greatest(llm_scored_content_seq, ?) else ? end', [
        promptHash,
        contentSeq,
        contentSeq,
      ]),
    });
  return updated > 0;
}
