import type { Knex } from 'knex';
import type { Language } from '../domain/languages.ts';

export interface ReminderSettings {
  remindersEnabled: boolean;
  reminderDays: number[];
  calendarToken: string | null;
}

export async function getReminderSettings(db: Knex, userId: number): Promise<ReminderSettings | undefined> {
  const row = await db('users').where({ id: userId }).first('remindersEnabled', 'reminderDays', 'calendarToken');
  return row && { remindersEnabled: row.remindersEnabled, reminderDays: (row.reminderDays as number[]).map(Number), calendarToken: row.calendarToken };
}

export async function updateReminderSettings(
  db: Knex,
  userId: number,
  changes: Partial<Pick<ReminderSettings, 'remindersEnabled' | 'reminderDays'>>,
): Promise<void> {
  const update: Record<string, unknown> = { updatedAt: db.fn.now() };
  if (changes.remindersEnabled !== undefined) update.remindersEnabled = changes.remindersEnabled;
  if (changes.reminderDays !== undefined) update.reminderDays = db.raw('?::smallint[]', [changes.reminderDays]);
  await db('users').where({ id: userId }).update(update);
}

/** Sets a new calendar token (the old feed URL stops working at once). */
export async function setCalendarToken(db: Knex, userId: number, token: string): Promise<void> {
  await db('users').where({ id: userId }).update({ calendarToken: token, updatedAt: db.fn.now() });
}

/** The user a calendar token belongs to, with the language the feed is written in. */
export async function findUserByCalendarToken(db: Knex, token: string): Promise<{ id: number; language: Language } | undefined> {
  return db('users').where({ calendarToken: token }).first('id', 'language');
}
