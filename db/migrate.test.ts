import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { copyOfNewPglite } from '../test-support/pglite-template.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { openDatabase, type Database } from './connection.ts';
import { migrateDown, migrateLatest, migrationStatus } from './migrate.ts';
import * as createNotifySchedule from './migrations/20261206100000-create-notify-schedule.ts';
import { findNotifyServedPeriods } from './notify-schedule.ts';

const EXPECTED_TABLES = [
  'alert_feedback',
  'alert_learned_items',
  'alert_matches',
  'alerts',
  'email_tokens',
  'learned_associations_state',
  'learned_code_terms',
  'learned_translations',
  'notify_schedule',
  'pipeline_runs',
  'project_keys',
  'project_publications',
  'project_summaries',
  'projects',
  'promo_codes',
  'publication_retries',
  'quarantine',
  'rate_limits',
  'raw_publications',
  'scrape_cursors',
  'sent_emails',
  'sent_reminders',
  'sessions',
  'stripe_events',
  'subscriptions',
  'summary_queue',
  'users',
  'watchlist',
];

async function tables(db: Database): Promise<string[]> {
  const { rows } = await db.knex.raw(`select tablename from pg_tables where schemaname = current_schema() and tablename not like 'knex_%' order by tablename`);
  return rows.map((row: { tablename: string }) => row.tablename);
}

async function upDownUp(db: Database): Promise<void> {
  const applied = await migrateLatest(db.knex);
  expect(applied.length).toBeGreaterThan(0);
  expect(await tables(db)).toEqual(EXPECTED_TABLES);
  expect((await migrationStatus(db.knex)).pending).toEqual([]);

  const reverted = await migrateDown(db.knex, true);
  expect(reverted).toEqual([...applied].reverse());
  expect(await tables(db)).toEqual([]);

  expect(await migrateLatest(db.knex)).toEqual(applied);
  expect(await migrateLatest(db.knex)).toEqual([]);
  expect(await tables(db)).toEqual(EXPECTED_TABLES);
}

describe('migrations', () => {
  let server: TestDatabase;
  afterAll(async () => server?.drop());

  it('go up, down and up again on the test server', async () => {
    server = await createTestDatabase({ migrate: false });
    await upDownUp(server.db);
  });

  // PGlite runs Postgres in WebAssembly on one core: a loaded machine makes it slow, not wrong.
  it('go up, down and up again on embedded PGlite', { timeout: 240_000 }, async () => {
    const db = openDatabase({ kind: 'pglite', directory: await copyOfNewPglite() });
    try {
      await upDownUp(db);
    } finally {
      await db.close();
    }
  });

  it('enforce the unique keys the design names', async () => {
    const { knex } = server.db;
    await knex('users').insert({ username: 'Anna', email: 'anna@example.ch', passwordHash: 'x' });
    await expect(knex('users').insert({ username: 'anna', email: 'other@example.ch', passwordHash: 'x' })).rejects.toMatchObject({ code: '23505' });
    await expect(knex('users').insert({ username: 'bob', email: 'ANNA@example.ch', passwordHash: 'x' })).rejects.toMatchObject({ code: '23505' });
    await knex('project_keys').insert({ projectId: 'p-1' });
    await expect(knex('project_keys').insert({ projectId: 'p-1' })).rejects.toMatchObject({ code: '23505' });
  });

  it('list every file of db/migrations/ in migrate.ts, so none is silently skipped', async () => {
    const files = readdirSync(new URL('./migrations/', import.meta.url))
      .filter((file) => /\.ts$/.test(file) && !file.endsWith('.test.ts'))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    const { applied, pending } = await migrationStatus(server.db.knex);
    expect([...applied, ...pending].sort()).toEqual(files);
  });

  it('carry the periods the scheduled notify served over from the run counters to dates', async () => {
    const { knex } = server.db;
    await createNotifySchedule.down(knex);
    const run = (status: string, counts: object) => ({ stage: 'pipeline.notify', status, counts: JSON.stringify(counts) });
    await knex('pipeline_runs').insert([
      run('succeeded', { dailyDay: 20260316, weeklyWeek: 20260316 }),
      run('succeeded', { dailyDay: 20260317, digestsSent: 3 }),
      run('failed', { dailyDay: 20260318 }),
    ]);
    await createNotifySchedule.up(knex);
    expect(await findNotifyServedPeriods(knex)).toEqual({ daily: '2026-03-17', weekly: '2026-03-16' });
  });
});
