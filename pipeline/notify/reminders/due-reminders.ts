import type { ChangeCandidate, DeadlineCandidate, NewReminder } from '../../../db/reminders.ts';
import type { ReminderKind, ReminderVars } from '../../mail/templates/reminder.ts';
import { createHash } from 'node:crypto';
import { simapProjectUrl } from '../../../domain/simap-url.ts';

const DAY_MS = 24 * 60 * 60_000;
const TITLE_FIELD = { fr: 'titleFr', de: 'titleDe', it: 'titleIt', en: 'titleEn' } as const;

/**
 * The reminder period a deadline is in: the shortest of the user's periods that still covers the time left.
 * With 7 and 2 days, 5 days before gives the 7-day reminder, 1 day before the 2-day one — never the 7-day
 * one late. Null when the deadline is further than the longest period.
 */
export function reminderPeriod(deadline: Date, now: Date, days: readonly number[]): number | null {
  const left = (deadline.getTime() - now.getTime()) / DAY_MS;
  if (left <= 0) return null;
  const covering = days.filter((d) => left <= d);
  return covering.length > 0 ? Math.min(...covering) : null;
}

export function reminderMessageId(userId: number, projectId: number, key: string, publicUrl: string): string {
  const hash = createHash('sha256').update(`${userId}\n${projectId}\n${key}`).digest('hex').slice(0, 32);
  return `<reminder-${hash}@${new URL(publicUrl).hostname}>`;
}

function build(candidate: DeadlineCandidate | ChangeCandidate, kind: ReminderKind, days: number | null, key: string, publicUrl: string): NewReminder {
  const language = candidate.language;
  const payload: Omit<ReminderVars, 'settingsUrl'> = {
    username: candidate.username,
    kind,
    days,
    title: candidate[TITLE_FIELD[language]] ?? candidate.title,
    organization: candidate.organization,
    deadline: candidate.deadline ? candidate.deadline.toISOString() : null,
    projectUrl: `${publicUrl}/projects/${candidate.projectId}`,
    simapUrl: simapProjectUrl(candidate.simapProjectId, language),
  };
  return {
    userId: candidate.userId,
    projectId: candidate.projectId,
    reminderKey: key,
    kind,
    language,
    messageId: reminderMessageId(candidate.userId, candidate.projectId, key, publicUrl),
    payload,
  };
}

/** Deadline reminders are keyed by period and deadline, so a corrected deadline gets its own reminders. */
export function deadlineReminders(candidates: readonly DeadlineCandidate[], now: Date, publicUrl: string): NewReminder[] {
  return candidates.flatMap((candidate) => {
    const days = candidate.deadline && reminderPeriod(candidate.deadline, now, candidate.reminderDays);
    if (!days || !candidate.deadline) return [];
    return [build(candidate, 'deadline', days, `deadline:${days}:${candidate.deadline.toISOString()}`, publicUrl)];
  });
}

export function changeReminders(candidates: readonly ChangeCandidate[], publicUrl: string): NewReminder[] {
  return candidates.map((candidate) => build(candidate, candidate.kind, null, `change:${candidate.publicationId}`, publicUrl));
}
