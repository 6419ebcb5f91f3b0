import type { Knex } from 'knex';
import { PROJECT_HEADLINE_COLUMNS, type ProjectTitles } from './project-titles.ts';
import { affectedRows } from './affected-rows.ts';
import { ENTITLED_STATUSES } from './subscriptions.ts';
import type { Language } from '../domain/languages.ts';
import type { NotifyFrequency } from '../domain/notify-frequencies.ts';

export interface SentEmailRow {
  id: number;
  digestId: string;
  userId: number;
  username: string;
  projectId: number | null;
  alertId: number | null;
  sentAt: Date | null;
  createdAt: Date;
  status: 'pending' | 'sent' | 'failed';
  score: number | null;
  language: Language | null;
  alertPrompt: string | null;
  projectTitle: string | null;
  projectOrganization: string | null;
}

/**
 * The rows of the newest `limit` e-mails (digests), newest first, each e-mail's rows best match first;
 * `userId` undefined means everyone's (the admin view).
 */
export async function findSentEmails(db: Knex, options: { userId?: number; limit: number }): Promise<SentEmailRow[]> {
  const newest = db('sent_emails as d')
    .select('d.digestId')
    .max({ newestAt: 'd.createdAt' })
    .groupBy('d.digestId')
    .orderBy([
      { column: 'newestAt', order: 'desc' },
      { column: 'd.digestId', order: 'desc' },
    ])
    .limit(options.limit);
  if (options.userId !== undefined) newest.where('d.userId', options.userId);
  return db
    .with('newest', newest)
    .from('sent_emails as e')
    .join('newest as n', 'n.digestId', 'e.digestId')
    .join('users as u', 'u.id', 'e.userId')
    .select(
      'e.id',
      'e.digestId',
      'e.userId',
      'u.username',
      'e.projectId',
      'e.alertId',
      'e.sentAt',
      'e.createdAt',
      'e.status',
      'e.score',
      'e.language',
      'e.alertPrompt',
      'e.projectTitle',
      'e.projectOrganization',
    )
    .orderBy([
      { column: 'n.newestAt', order: 'desc' },
      { column: 'e.digestId', order: 'desc' },
      { column: 'e.score', order: 'desc', nulls: 'last' },
      { column: 'e.id', order: 'asc' },
    ]);
}

/** A match worth e-mailing that no digest holds yet, with what the digest shows of it. */
export interface DigestCandidate extends ProjectTitles {
  userId: number;
  username: string;
  email: string;
  emailVerified: boolean;
  userLanguage: Language;
  alertId: number;
  alertPrompt: string;
  alertFrequency: NotifyFrequency;
  score: number;
  explanation: string;
  projectId: number;
  simapProjectId: string;
  organization: string | null;
  deadline: Date | null;
  /** The project's summary in the user's language, if there is one. */
  summary: string | null;
  description: string | null;
}

export interface CandidateFilter {
  frequencies: readonly NotifyFrequency[];
  minScore: number;
  pubTypes: readonly string[];
  now: Date;
  /** Billing on: only users whose subscription is active or trialing. */
  requireSubscription: boolean;
}

export async function findDigestCandidates(db: Knex, filter: CandidateFilter): Promise<DigestCandidate[]> {
  if (filter.frequencies.length === 0) return [];
  const query = db('alertMatches as m')
    .join('alerts as a', 'a.id', 'm.alertId')
    .join('users as u', 'u.id', 'a.userId')
    .join('projects as p', 'p.id', 'm.projectId')
    .select(
      'u.id as userId',
      'u.username',
      'u.email',
      db.raw('(u.email_verified_at is not null) as email_verified'),
      'u.language as userLanguage',
      'a.id as alertId',
      'a.prompt as alertPrompt',
      'a.frequency as alertFrequency',
      'm.score',
      'm.explanation',
      'p.id as projectId',
      ...PROJECT_HEADLINE_COLUMNS,
      db.raw('(select s.text from project_summaries s where s.project_id = p.id and s.language = u.language) as summary'),
      'p.description',
    )
    .where('a.isActive', true)
    .whereIn('a.frequency', [...filter.frequencies])
    .where('m.score', '>=', filter.minScore)
    .where('p.status', 'open')
    .whereIn('p.pubType', [...filter.pubTypes])
    .where((q) => q.whereNull('p.deadline').orWhere('p.deadline', '>', filter.now))
    .whereNotExists((q) => q.select(db.raw('1')).from('sentEmails as s').whereRaw('s.alert_id = a.id and s.simap_project_id = p.project_id'))
    // 👎 on (alert, project) keeps the project out of that alert's e-mails for good.
    .whereNotExists((q) =>
      q.select(db.raw('1')).from('alertFeedback as f').whereRaw(`f.alert_id = a.id and f.project_id = p.id and f.verdict = 'not_relevant'`),
    )
    .orderBy([{ column: 'u.id' }, { column: 'a.id' }, { column: 'p.id' }]);
  if (filter.requireSubscription) {
    query.whereExists((q) => q.select(db.raw('1')).from('subscriptions as sub').whereRaw('sub.user_id = u.id').whereIn('sub.status', ENTITLED_STATUSES));
  }
  return query;
}

/** One match as a digest stores it: enough to render the digest again identically. */
export interface DigestEntry {
  alertId: number;
  /** Null on rows written before the frequency was kept. */
  alertFrequency: NotifyFrequency | null;
  simapProjectId: string;
  projectId: number;
  score: number;
  alertPrompt: string;
  explanation: string;
  projectTitle: string;
  projectOrganization: string | null;
  deadline: Date | null;
  /** A few lines of the summary or the description, as the digest shows them. */
  excerpt: string | null;
}

const NOTIFY_LOCK_NAMESPACE = 0x56494749;
/** Rows per statement: 16 columns × 500 rows stays far below Postgres' 65,535 bind parameters. */
const DIGEST_CHUNK = 500;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Writes the entries not yet e-mailed as `pending` rows of one digest, its first attempt counted, and returns the
 * entries it wrote. Serialised per user so that two notify processes cannot split one user's matches.
 */
export async function insertDigestEntries(
  db: Knex,
  digest: { userId: number; language: Language; now: Date; digestIdFor: (entries: DigestEntry[]) => string },
  entries: DigestEntry[],
): Promise<{ digestId: string; entries: DigestEntry[] } | null> {
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?, ?)', [NOTIFY_LOCK_NAMESPACE, digest.userId]);
    const takenKeys = new Set<string>();
    for (const chunk of chunks(entries, DIGEST_CHUNK)) {
      const taken: Array<{ alertId: number; simapProjectId: string }> = await trx('sentEmails')
        .whereIn(
          ['alertId', 'simapProjectId'],
          chunk.map((e) => [e.alertId, e.simapProjectId]),
        )
        .select('alertId', 'simapProjectId');
      for (const t of taken) takenKeys.add(`${t.alertId}|${t.simapProjectId}`);
    }
    const fresh = entries.filter((e) => !takenKeys.has(`${e.alertId}|${e.simapProjectId}`));
    if (fresh.length === 0) return null;
    const digestId = digest.digestIdFor(fresh);
    const insertedKeys = new Set<string>();
    for (const chunk of chunks(fresh, DIGEST_CHUNK)) {
      const inserted: Array<{ alertId: number; simapProjectId: string }> = await trx('sentEmails')
        .insert(
          chunk.map((e) => ({
            userId: digest.userId,
            alertId: e.alertId,
            projectId: e.projectId,
            simapProjectId: e.simapProjectId,
            digestId,
            status: 'pending',
            score: e.score,
            alertPrompt: e.alertPrompt,
            frequency: e.alertFrequency,
            explanation: e.explanation,
            projectTitle: e.projectTitle,
            projectOrganization: e.projectOrganization,
            deadline: e.deadline,
            excerpt: e.excerpt,
            language: digest.language,
            attempts: 1,
            lastAttemptAt: digest.now,
            createdAt: digest.now,
          })),
        )
        .onConflict(['alertId', 'simapProjectId'])
        .ignore()
        .returning(['alertId', 'simapProjectId']);
      for (const i of inserted) insertedKeys.add(`${i.alertId}|${i.simapProjectId}`);
    }
    const written = fresh.filter((e) => insertedKeys.has(`${e.alertId}|${e.simapProjectId}`));
    if (written.length === 0) return null;
    if (written.length === fresh.length) return { digestId, entries: written };
    const ownId = digest.digestIdFor(written);
    await trx('sentEmails').where({ digestId }).update({ digestId: ownId });
    return { digestId: ownId, entries: written };
  });
}

export interface StoredDigest {
  digestId: string;
  userId: number;
  username: string;
  email: string;
  language: Language;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  entries: DigestEntry[];
}

export async function findDigest(db: Knex, digestId: string): Promise<StoredDigest | undefined> {
  const rows: Array<
    DigestEntry & {
      userId: number;
      username: string;
      email: string;
      language: Language | null;
      userLanguage: Language;
      status: StoredDigest['status'];
      attempts: number;
    }
  > = await db('sentEmails as e')
    .join('users as u', 'u.id', 'e.userId')
    .where('e.digestId', digestId)
    .select(
      'e.userId',
      'u.username',
      'u.email',
      'e.language',
      'u.language as userLanguage',
      'e.status',
      'e.attempts',
      'e.alertId',
      'e.frequency as alertFrequency',
      'e.simapProjectId',
      'e.projectId',
      'e.score',
      'e.alertPrompt',
      'e.explanation',
      'e.projectTitle',
      'e.projectOrganization',
      'e.deadline',
      'e.excerpt',
    )
    .orderBy('e.id');
  const first = rows[0];
  if (!first) return undefined;
  return {
    digestId,
    userId: first.userId,
    username: first.username,
    email: first.email,
    language: first.language ?? first.userLanguage,
    status: first.status,
    attempts: first.attempts,
    entries: rows.map((r) => ({
      alertId: r.alertId,
      alertFrequency: r.alertFrequency ?? null,
      simapProjectId: r.simapProjectId,
      projectId: r.projectId,
      score: r.score,
      alertPrompt: r.alertPrompt ?? '',
      explanation: r.explanation ?? '',
      projectTitle: r.projectTitle ?? '',
      projectOrganization: r.projectOrganization,
      deadline: r.deadline,
      excerpt: r.excerpt ?? null,
    })),
  };
}

export interface RetryPolicy {
  now: Date;
  /** A `pending` digest with no retry scheduled, last attempted before this, was interrupted between sending and marking. */
  staleBefore: Date;
  maxAttempts: number;
  /** `notify --retry-failed`: also the digests given up on, and the scheduled ones before their time. */
  includeFailed?: boolean;
}

/**
 * A digest's rows share status, attempts and schedule. `pending` with `next_attempt_at` set: waiting for its
 * next try; `pending` without: being sent (or interrupted, once stale); `failed`: given up after the last try.
 */
function whereRetryable(q: Knex.QueryBuilder, policy: RetryPolicy): Knex.QueryBuilder {
  const interrupted = (p: Knex.QueryBuilder) =>
    p.where('status', 'pending').whereNull('nextAttemptAt').whereRaw('coalesce(last_attempt_at, created_at) < ?', [policy.staleBefore]);
  if (policy.includeFailed) {
    return q.where((w) =>
      w
        .where('status', 'failed')
        .orWhere((p) => p.where('status', 'pending').whereNotNull('nextAttemptAt'))
        .orWhere(interrupted),
    );
  }
  return q
    .where('attempts', '<', policy.maxAttempts)
    .where((w) => w.where((p) => p.where('status', 'pending').where('nextAttemptAt', '<=', policy.now)).orWhere(interrupted));
}

/** Digests to send now: those whose next try is due, and pending ones whose sender stopped before marking them. */
export async function findRetryableDigestIds(db: Knex, policy: RetryPolicy): Promise<string[]> {
  const rows: Array<{ digestId: string }> = await whereRetryable(db('sentEmails').whereNot('status', 'sent'), policy).distinct('digestId').orderBy('digestId');
  return rows.map((r) => r.digestId);
}

/** Counts one more attempt of a digest if it is still retryable; false when another process got there first. */
export async function claimDigestRetry(db: Knex, digestId: string, policy: RetryPolicy): Promise<boolean> {
  return db.transaction(async (trx) => {
    await trx('sentEmails').where({ digestId }).orderBy('id').forUpdate().select('id');
    const updated = await whereRetryable(trx('sentEmails').where({ digestId }), policy).update({
      status: 'pending',
      attempts: trx.raw('attempts + 1'),
      lastAttemptAt: policy.now,
      nextAttemptAt: null,
    });
    return affectedRows(updated) > 0;
  });
}

/** Pending digests interrupted on their last allowed attempt: given up, shown as failed. */
export async function failExhaustedDigests(db: Knex, policy: RetryPolicy): Promise<number> {
  const rows: Array<{ digestId: string }> = await db('sentEmails')
    .where('status', 'pending')
    .whereNull('nextAttemptAt')
    .where('attempts', '>=', policy.maxAttempts)
    .whereRaw('coalesce(last_attempt_at, created_at) < ?', [policy.staleBefore])
    .update({ status: 'failed', error: `interrupted on attempt ${policy.maxAttempts}; not sent again` })
    .returning('digestId');
  return new Set(rows.map((r) => r.digestId)).size;
}

export async function markDigestSent(db: Knex, digestId: string, sent: { messageId: string; sentAt: Date }): Promise<void> {
  await db('sentEmails').where({ digestId }).update({ status: 'sent', messageId: sent.messageId, sentAt: sent.sentAt, error: null, nextAttemptAt: null });
}

/** A failed attempt: tried again at `retryAt`, or given up (`failed`) when there is none. */
export async function markDigestFailed(db: Knex, digestId: string, error: string, retryAt: Date | null): Promise<void> {
  await db('sentEmails')
    .where({ digestId })
    .update({ status: retryAt ? 'pending' : 'failed', error: error.slice(0, 1000), nextAttemptAt: retryAt });
}
