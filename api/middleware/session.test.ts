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
