import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type SignedUpUser, type TestApi } from '../../test-support/api-client.ts';
import { SESSION_COOKIE } from './session.ts';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const sessionId = (user: SignedUpUser) => decodeURIComponent(user.client.cookies.get(SESSION_COOKIE)!);
/** Moves a session's login and last activity back in time, as if the days had passed. */
const age = (user: SignedUpUser, fields: { loggedInDaysAgo: number; lastSeenDaysAgo: number }) =>
  api.db.knex.raw(`update sessions set created_at = now() - make_interval(days => ?), updated_at = now() - make_interval(days => ?) where id = ?`, [
    fields.loggedInDaysAgo,
    fields.lastSeenDaysAgo,
    sessionId(user),
  ]);
const row = async (user: SignedUpUser) =>
  (
    await api.db.knex.raw(
      `select extract(epoch from expires_at - now()) / 86400 as days_left, extract(epoch from now() - updated_at) as idle_seconds from sessions where id = ?`,
      [sessionId(user)],
    )
  ).rows[0] as { daysLeft: number; idleSeconds: number } | undefined;

describe('session lifetimes enforced by the server', () => {
  it('ends a session after 7 days without a request, whatever the cookie says', async () => {
    const user = await api.signUp();
    await age(user, { loggedInDaysAgo: 8, lastSeenDaysAgo: 8 });
    expect((await user.client.get('/api/user')).status).toBe(401);
  });

  it('ends a session 30 days after login even when it was used every day', async () => {
    const user = await api.signUp();
    await age(user, { loggedInDaysAgo: 31, lastSeenDaysAgo: 0 });
    expect((await user.client.get('/api/user')).status).toBe(401);
  });

  it('keeps an active session alive: a request moves the idle deadline 7 days ahead', async () => {
    const user = await api.signUp();
    await age(user, { loggedInDaysAgo: 6, lastSeenDaysAgo: 6 });
    expect((await user.client.get('/api/user')).status).toBe(200);
    const touched = (await row(user))!;
    expect(Number(touched.idleSeconds)).toBeLessThan(60);
    expect(Number(touched.daysLeft)).toBeGreaterThan(6.9);
    expect(Number(touched.daysLeft)).toBeLessThanOrEqual(7);
  });

  it('never moves the deadline past 30 days after login', async () => {
    const user = await api.signUp();
    await age(user, { loggedInDaysAgo: 28, lastSeenDaysAgo: 1 });
    expect((await user.client.get('/api/user')).status).toBe(200);
    const touched = (await row(user))!;
    expect(Number(touched.daysLeft)).toBeGreaterThan(1.9);
    expect(Number(touched.daysLeft)).toBeLessThanOrEqual(2);
  });
});

describe('the signed-in user read with the session', () => {
  /** The SQL of every statement the app sends while `fn` runs. */
  async function statementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
    const statements: string[] = [];
    const listener = (query: { sql: string }) => statements.push(query.sql);
    api.db.knex.on('query', listener);
    try {
      await fn();
    } finally {
      api.db.knex.off('query', listener);
    }
    return statements;
  }

  it('costs one statement for the session and its user, not two', async () => {
    const user = await api.signUp();
    const statements = await statementsDuring(async () => expect((await user.client.get('/api/user')).status).toBe(200));
    expect(statements.filter((sql) => /\bsessions\b/.test(sql))).toHaveLength(1);
    expect(statements.filter((sql) => /\busers\b/.test(sql))).toHaveLength(1);
    expect(statements).toHaveLength(1);
  });

  it('is the row as it is now: a change made meanwhile shows on the next request', async () => {
    const user = await api.signUp();
    expect((await user.client.get<{ language: string }>('/api/user')).body.language).toBe('en');
    await api.db.knex('users').where({ id: user.id }).update({ language: 'it' });
    expect((await user.client.get<{ language: string }>('/api/user')).body.language).toBe('it');
  });

  it('is no one when the user was deleted: the live session no longer signs anyone in', async () => {
    const user = await api.signUp();
    expect((await user.client.get('/api/user')).status).toBe(200);
    await api.db.knex('users').where({ id: user.id }).delete();
    expect((await user.client.get('/api/user')).status).toBe(401);
  });

  it('is the user the session names, never another one', async () => {
    const first = await api.signUp();
    const second = await api.signUp();
    // The first browser's session now says it is the second user (as a login on that browser would).
    await api.db.knex.raw(`update sessions set data = jsonb_set(data, '{userId}', to_jsonb(?::int)) where id = ?`, [second.id, sessionId(first)]);
    expect((await first.client.get<{ username: string }>('/api/user')).body.username).toBe(second.username);
  });
});
