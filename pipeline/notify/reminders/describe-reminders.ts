import type { ReminderSummary } from './send-reminders.ts';

/** The reminders' part of notify's one line; empty when no reminder was due, so an idle run still says "nothing to send". */
export function describeReminders(summary: ReminderSummary): string {
  if (summary.remindersSent + summary.remindersFailed === 0) return '';
  const failed = summary.remindersFailed > 0 ? `, ${summary.remindersFailed} failed` : '';
  return `; reminders: ${summary.remindersSent} sent${failed}`;
}
