import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../test-support/api-client.ts';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ rateLimits: 'default' });
});
afterAll(async () => {
  await api?.close();
});

function expectLimited(response: { status: number; headers: Headers; body: { error: string; retryAfter: number } }, maxSeconds: number): void {
  expect(response.status).toBe(429);
  expect(response.body.error).toBe('rate_limited');
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  expect(response.body.retryAfter).toBe(retryAfter);
}

describe('rate limits kept in Postgres', () => {
  it('allows 5 logins a minute per account, then 429 with Retry-After, counted across clients', async () => {
    const user = await api.signUp('limited');
    for (let i = 0; i < 5; i += 1) {
      expect((await api.client().post('/api/login', { username: 'LIMITED', password: 'wrong password' })).status).toBe(401);
    }
    expectLimited(await api.client().post('/api/login', { username: 'limited', password: user.password }), 60);
    expect(Number((await api.db.knex('rate_limits').where('key', 'like', 'login:username:limited').first('count')).count)).toBe(6);
  });

  it('allows 20 logins a minute per IP', async () => {
    await api.db.knex('rate_limits').delete();
    for (let i = 0; i < 20; i += 1) {
      expect((await api.client().post('/api/login', { username: `someone${i}`, password: 'wrong password' })).status).toBe(401);
    }
    expectLimited(await api.client().post('/api/login', { username: 'someone-else', password: 'wrong password' }), 60);
  });

  it('allows 5 password-reset requests an hour per address', async () => {
    await api.db.knex('rate_limits').delete();
    for (let i = 0; i < 5; i += 1) expect((await api.client().post('/api/forgot-password', { email: 'Target@example.test' })).status).toBe(200);
    expectLimited(await api.client().post('/api/forgot-password', { email: 'target@example.test' }), 3600);
  });

  it('allows 5 registrations an hour per IP', async () => {
    await api.db.knex('rate_limits').delete();
    for (let i = 0; i < 5; i += 1) {
      expect((await api.client().post('/api/register', { username: `newcomer${i}`, email: `newcomer${i}@example.test`, password: 'secret1' })).status).toBe(201);
    }
    expectLimited(await api.client().post('/api/register', { username: 'newcomer9', email: 'newcomer9@example.test', password: 'secret1' }), 3600);
  });

  it('allows 5 verification resends an hour per address', async () => {
    await api.db.knex('rate_limits').delete();
    const user = await api.signUp();
    await api.db.knex('rate_limits').delete();
    for (let i = 0; i < 5; i += 1) expect((await user.client.post('/api/resend-verification')).status).toBe(200);
    expectLimited(await user.client.post('/api/resend-verification'), 3600);
  });
});
