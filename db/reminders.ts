import type { Knex } from 'knex';
import { PROJECT_HEADLINE_COLUMNS, type ProjectTitles } from './project-titles.ts';
import { ENTITLED_STATUSES } from './subscriptions.ts';
import type { ProjectChangeKind } from '../domain/project-changes.ts';
import { CHANGE_KIND_SQL } from './watchlist.ts';
import type { Language } from '../domain/languages.ts';

interface WatcherProject extends ProjectTitles {
  userId: number;
  username: string;
  email: string;
  language: Language;
  projectId: number;
  simapProjectId: string;
  organization: string | null;
  deadline: Date | null;
}

export interface DeadlineCandidate extends WatcherProject {
  reminderDays: number[];
}

export interface ChangeCandidate extends WatcherProject {
  publicationId: string;
  kind: ProjectChangeKind;
}

export interface ReminderRow {
  id: number;
  userId: number;
  email: string;
  language: Language;
  messageId: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export interface ReminderRetryPolicy {
  now: Date;
  staleBefore: Date;
  maxAttempts: number;
}

export interface NewReminder {
  userId: number;
  projectId: number;
  reminderKey: string;
  kind: string;
  language: Language;
  messageId: string;
  payload: Record<string, unknown>;
}

function watchers(db: Knex, requireSubscription: boolean) {
  const query = db('watchlist as w')
    .join('users as u', 'u.id', 'w.userId')
    .join('projects as p', 'p.id', 'w.projectId')
    .where('u.remindersEnabled', true)
    .whereNotNull('u.emailVerifiedAt')
    .select('u.id as userId', 'u.username', 'u.email', 'u.language', 'p.id as projectId', ...PROJECT_HEADLINE_COLUMNS);
  if (requireSubscription) {
    query.whereExists((q) => q.select(db.raw('1')).from('subscriptions as sub').whereRaw('sub.user_id = u.id').whereIn('sub.status', ENTITLED_STATUSES));
  }
  return query;
}

/** Watched open projects whose offer deadline falls within the user's longest reminder period. */
export async function findDeadlineCandidates(db: Knex, options: { now: Date; requireSubscription: boolean }): Promise<DeadlineCandidate[]> {
  const rows = await watchers(db, options.requireSubscription)
    .select('u.reminderDays')
    .where('p.status', 'open')
    .where('p.deadline', '>', options.now)
    .whereRaw(`p.deadline <= ?::timestamptz + make_interval(days => (select max(d) from unnest(u.reminder_days) d))`, [options.now])
    .orderBy(['u.id', 'p.id']);
  return (rows as DeadlineCandidate[]).map((row) => ({ ...row, reminderDays: row.reminderDays.map(Number) }));
}

/** Corrections, awards and cancellations of watched projects published after the user started watching. */
export async function findChangeCandidates(db: Knex, options: { requireSubscription: boolean }): Promise<ChangeCandidate[]> {
  return watchers(db, options.requireSubscription)
    .join('projectPublications as pp', 'pp.projectId', 'p.id')
    .whereRaw('pp.created_at > w.created_at')
    .whereRaw(`(${CHANGE_KIND_SQL}) is not null`)
    .select('pp.publicationId', db.raw(`${CHANGE_KIND_SQL} as kind`))
    .orderBy(['u.id', 'pp.id']);
}

/** Records the reminder as pending with its first attempt counted; undefined when it exists already (it is never sent twice). */
export async function insertReminder(db: Knex, reminder: NewReminder, now: Date): Promise<ReminderRow | undefined> {
  const [row] = await db('sentReminders')
    .insert({ ...reminder, payload: JSON.stringify(reminder.payload), status: 'pending', attempts: 1, lastAttemptAt: now })
    .onConflict(['user_id', 'project_id', 'reminder_key'])
    .ignore()
    .returning(['id']);
  return row ? findReminder(db, (row as { id: number }).id) : undefined;
}

export async function findReminder(db: Knex, id: number): Promise<ReminderRow | undefined> {
  return db('sentReminders as r')
    .join('users as u', 'u.id', 'r.userId')
    .where('r.id', id)
    .first('r.id', 'r.userId', 'u.email', 'r.language', 'r.messageId', 'r.payload', 'r.attempts');
}

export async function markReminderSent(db: Knex, id: number, sentAt: Date): Promise<void> {
  await db('sentReminders').where({ id }).update({ status: 'sent', sentAt, error: null });
}

export async function markReminderFailed(db: Knex, id: number, error: string): Promise<void> {
  await db('sentReminders')
    .where({ id })
    .update({ status: 'failed', error: error.slice(0, 1000) });
}

/** Failed reminders with attempts left, and pending ones whose attempt went stale (a crash between send and mark). */
export async function findRetryableReminderIds(db: Knex, policy: ReminderRetryPolicy): Promise<number[]> {
  const rows: Array<{ id: number }> = await db('sentReminders')
    .where('attempts', '<', policy.maxAttempts)
    .where((q) => q.where('status', 'failed').orWhere((p) => p.where('status', 'pending').where('lastAttemptAt', '<', policy.staleBefore)))
    .select('id')
    .orderBy('id');
  return rows.map((row) => row.id);
}

/** Counts the next attempt before it is made; false when another process claimed it first. */
export async function claimReminderRetry(db: Knex, id: number, policy: ReminderRetryPolicy): Promise<boolean> {
  const claimed = await db('sentReminders')
    .where({ id })
    .where('attempts', '<', policy.maxAttempts)
    .where((q) => q.where('status', 'failed').orWhere((p) => p.where('status', 'pending').where('lastAttemptAt', '<', policy.staleBefore)))
    .update({ status: 'pending', attempts: db.raw('attempts + 1'), lastAttemptAt: policy.now })
    .returning('id');
  return claimed.length > 0;
}
