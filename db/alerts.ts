import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Language } from '../domain/languages.ts';
import type { NotifyFrequency } from '../domain/notify-frequencies.ts';

export interface AlertRow {
  id: number;
  userId: number;
  prompt: string;
  isActive: boolean;
  frequency: NotifyFrequency;
  language: Language;
  promptHash: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface AlertWithMatchCount extends AlertRow {
  matchCount: number;
}

export interface AlertFields {
  prompt: string;
  isActive: boolean;
  frequency: NotifyFrequency;
  language: Language;
}

export function normalizePrompt(prompt: string): string {
  return prompt.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

export function hashPrompt(prompt: string): string {
  return createHash('sha256').update(normalizePrompt(prompt)).digest('hex');
}

const ALERT_COLUMNS = ['a.id', 'a.userId', 'a.prompt', 'a.isActive', 'a.frequency', 'a.language', 'a.promptHash', 'a.createdAt', 'a.updatedAt'];

function withMatchCount(db: Knex, matchThreshold: number) {
  return db('alerts as a').select(
    ...ALERT_COLUMNS,
    db.raw('(select count(*) from alert_matches m where m.alert_id = a.id and m.score >= ?)::int as match_count', [matchThreshold]),
  );
}

export async function findUserAlerts(db: Knex, userId: number, matchThreshold: number): Promise<AlertWithMatchCount[]> {
  return withMatchCount(db, matchThreshold).where('a.userId', userId).orderBy('a.id', 'desc');
}

export async function findUserAlert(db: Knex, userId: number, id: number, matchThreshold: number): Promise<AlertWithMatchCount | undefined> {
  return withMatchCount(db, matchThreshold).where({ 'a.userId': userId, 'a.id': id }).first();
}

export async function countActiveAlerts(db: Knex, userId: number, exceptId?: number): Promise<number> {
  const query = db('alerts').where({ userId, isActive: true });
  if (exceptId !== undefined) query.whereNot({ id: exceptId });
  const row = await query.count<{ count: number }>('* as count').first();
  return Number(row?.count ?? 0);
}

export async function insertAlert(db: Knex, userId: number, fields: AlertFields): Promise<AlertRow> {
  const [row] = await db<AlertRow>('alerts')
    .insert({ userId, ...fields, promptHash: hashPrompt(fields.prompt) })
    .returning('*');
  return row as AlertRow;
}

export async function updateUserAlert(db: Knex, userId: number, id: number, fields: Partial<AlertFields>): Promise<AlertRow | undefined> {
  const changes: Record<string, unknown> = { ...fields, updatedAt: db.fn.now() };
  if (fields.prompt !== undefined) changes.promptHash = hashPrompt(fields.prompt);
  const [row] = await db<AlertRow>('alerts').where({ userId, id }).update(changes).returning('*');
  return row as AlertRow | undefined;
}

/** Deletes the alert with its matches (the foreign key cascades); false when the user has no such alert. */
export async function deleteUserAlert(db: Knex, userId: number, id: number): Promise<boolean> {
  return db.transaction(async (trx) => {
    const owned = await trx('alerts').where({ userId, id }).forUpdate().first('id');
    if (!owned) return false;
    await trx('alert_matches').where({ alertId: id }).delete();
    await trx('alerts').where({ id }).delete();
    return true;
  });
}

/** Deactivates one alert of the user, or all of them (`alertId` undefined); the prompts of the alerts it stopped. */
export async function deactivateUserAlerts(db: Knex, userId: number, alertId?: number): Promise<string[]> {
  const query = db('alerts').where({ userId, isActive: true });
  if (alertId !== undefined) query.where({ id: alertId });
  const rows: Array<{ prompt: string }> = await query.update({ isActive: false, updatedAt: db.fn.now() }).returning(['prompt']);
  return rows.map((row) => row.prompt);
}
