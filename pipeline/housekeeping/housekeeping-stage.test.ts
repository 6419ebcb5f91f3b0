import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test-support/factories.ts';
import { silentLogger } from '../../test-support/test-config.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { housekeeping } from './housekeeping-stage.ts';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});

describe('housekeeping stage', () => {
  it('deletes sessions past their idle or absolute deadline and day-old rate-limit counters, and keeps the rest', async () => {
    const knex = testDb.db.knex;
    const { id: userId } = await buildUser(knex);
    const session = (id: string, createdDaysAgo: number, seenDaysAgo: number, expiresInDays: number) =>
      knex.raw(
        `insert into sessions (id, data, user_id, created_at, updated_at, expires_at)
         values (?, '{}', ?, now() - make_interval(days => ?), now() - make_interval(days => ?), now() + make_interval(days => ?))`,
        [id, userId, createdDaysAgo, seenDaysAgo, expiresInDays],
      );
    await session('live', 2, 0, 7);
    await session('expired', 10, 9, -2);
    await session('idle', 9, 8, 20);
    await session('too-old', 31, 0, 5);
    const counter = (key: string, minutesAgo: number) =>
      knex.raw(`insert into rate_limits (key, window_start, count) values (?, now() - make_interval(mins => ?), 3)`, [key, minutesAgo]);
    await counter('login:ip:fresh', 0);
    await counter('login:ip:half-hour-old', 30);
    await counter('login:ip:hours-old', 180);
    await counter('login:ip:stale', 1500);

    const result = await housekeeping({ db: knex, logger: silentLogger() });

    expect(result).toEqual({ sessionsDeleted: 3, rateLimitsDeleted: 2 });
    expect((await knex('sessions').pluck('id')).sort()).toEqual(['live']);
    expect((await knex('rate_limits').pluck('key')).sort()).toEqual(['login:ip:fresh', 'login:ip:half-hour-old']);
    const run = await knex('pipeline_runs').where({ stage: 'pipeline.housekeeping' }).first();
    expect(run).toMatchObject({ status: 'succeeded' });
  });
});
