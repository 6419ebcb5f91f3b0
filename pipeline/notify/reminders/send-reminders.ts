import type { Knex } from 'knex';
import {
  claimReminderRetry,
  findChangeCandidates,
  findDeadlineCandidates,
  findReminder,
  findRetryableReminderIds,
  insertReminder,
  markReminderFailed,
  markReminderSent,
} from '../../../db/reminders.ts';
import type { Logger } from '../../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { renderEmail } from '../../mail/render-email.ts';
import { reminderTemplate, type ReminderVars } from '../../mail/templates/reminder.ts';
import { changeReminders, deadlineReminders } from './due-reminders.ts';

export const MAX_REMINDER_ATTEMPTS = 3;
/** As for digests: longer than nodemailer's socket timeout, so a slow send elsewhere is not taken for a crash. */
export const STALE_REMINDER_MS = 15 * 60_000;

export interface ReminderDeps {
  db: Knex;
  logger: Logger;
  mailer: Mailer;
  publicUrl: string;
  now: Date;
  requireSubscription: boolean;
  signal?: AbortSignal;
}

export interface ReminderSummary {
  remindersSent: number;
  remindersFailed: number;
  remindersRetried: number;
}

/** Sends one recorded reminder (its attempt already counted), then marks it; the same Message-ID and content on every attempt. */
async function sendReminder(deps: ReminderDeps, id: number): Promise<boolean> {
  const reminder = await findReminder(deps.db, id);
  if (!reminder) return false;
  const vars = { ...(reminder.payload as Omit<ReminderVars, 'settingsUrl'>), settingsUrl: `${deps.publicUrl}/settings` };
  const email = renderEmail(reminderTemplate, reminder.language, vars);
  try {
    await deps.mailer.send({ to: reminder.email, subject: email.subject, html: email.html, text: email.text, messageId: reminder.messageId });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.logger.warn({ reminderId: id, userId: reminder.userId, attempt: reminder.attempts, err: error }, 'reminder not sent');
    await markReminderFailed(deps.db, id, message);
    return false;
  }
  await markReminderSent(deps.db, id, deps.now);
  return true;
}

/** Deadline reminders (e.g. 7 and 2 days before) and change reminders of watched projects, each e-mailed once. */
export async function sendReminders(deps: ReminderDeps): Promise<ReminderSummary> {
  const summary: ReminderSummary = { remindersSent: 0, remindersFailed: 0, remindersRetried: 0 };
  const count = (sent: boolean) => (sent ? (summary.remindersSent += 1) : (summary.remindersFailed += 1));
  const policy = { now: deps.now, staleBefore: new Date(deps.now.getTime() - STALE_REMINDER_MS), maxAttempts: MAX_REMINDER_ATTEMPTS };
  for (const id of await findRetryableReminderIds(deps.db, policy)) {
    if (deps.signal?.aborted) return summary;
    if (!(await claimReminderRetry(deps.db, id, policy))) continue;
    summary.remindersRetried += 1;
    count(await sendReminder(deps, id));
  }
  const due = [
    ...deadlineReminders(await findDeadlineCandidates(deps.db, { now: deps.now, requireSubscription: deps.requireSubscription }), deps.now, deps.publicUrl),
    ...changeReminders(await findChangeCandidates(deps.db, { requireSubscription: deps.requireSubscription }), deps.publicUrl),
  ];
  for (const reminder of due) {
    if (deps.signal?.aborted) break;
    const row = await insertReminder(deps.db, reminder, deps.now);
    if (row) count(await sendReminder(deps, row.id));
  }
  return summary;
}
