import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type ApiResponse, type TestApi } from '../test-support/api-client.ts';

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

/** Seconds left in the current fixed window of `windowSeconds`, as the server counts them. */
const windowRemainder = (windowSeconds: number) => windowSeconds - ((Date.now() / 1000) % windowSeconds);

/**
 * Runs `steps`, whose requests must share one fixed window of `windowSeconds`. When they failed and a window
 * ended while they ran (Postgres' clock is this machine's; a second of margin either side), the counts are
 * cleared and they run again, in the window that just began: no waiting for a window's start up front, and no
 * failure because a slow machine reached the end of one.
 */
async function inOneWindow(windowSeconds: number, steps: () => Promise<void>): Promise<void> {
  const windowOf = (at: number) => Math.floor(at / 1000 / windowSeconds);
  for (let attempt = 1; ; attempt += 1) {
    const startedAt = Date.now();
    try {
      await steps();
      return;
    } catch (error) {
      if (attempt === 3 || windowOf(startedAt - 1000) === windowOf(Date.now() + 1000)) throw error;
      await api.db.knex('rate_limits').delete();
    }
  }
}

const WRONG = 'wrong password';
let ipCounter = 1;
/** A client on its own loopback address: the server sees a distinct IP. */
const fromNewIp = () => api.client({ localAddress: `127.0.0.${++ipCounter}` });

describe('login limits keyed by the account', () => {
  it('counts failures by the account, not its spelling: username and e-mail share one bucket', async () => {
    await api.db.knex('rate_limits').delete();
    const user = await api.signUp('spelled');
    // Six logins in one minute window of the 5-a-minute limit.
    await inOneWindow(60, async () => {
      const client = fromNewIp();
      for (const login of ['spelled', 'SPELLED', user.email, user.email.toUpperCase(), 'Spelled']) {
        expect((await client.post('/api/login', { username: login, password: WRONG })).status).toBe(401);
      }
      const limited = await client.post('/api/login', { username: user.email, password: user.password });
      expectLimited(limited, 60);
    });
  });

  it('does not let a stranger who locked themselves out lock the owner out from another IP', async () => {
    await api.db.knex('rate_limits').delete();
    const user = await api.signUp('owner');
    await inOneWindow(60, async () => {
      const stranger = fromNewIp();
      for (let i = 0; i < 5; i += 1) expect((await stranger.post('/api/login', { username: 'owner', password: WRONG })).status).toBe(401);
      expectLimited(await stranger.post('/api/login', { username: 'owner', password: user.password }), 60);
      const owner = fromNewIp();
      expect((await owner.post('/api/login', { username: 'owner', password: user.password })).status).toBe(200);
    });
  });

  it('a correct password is not a failure: the owner can log in again and again', async () => {
    await api.db.knex('rate_limits').delete();
    const user = await api.signUp('regular');
    const client = fromNewIp();
    for (let i = 0; i < 8; i += 1) expect((await client.post('/api/login', { username: 'regular', password: user.password })).status).toBe(200);
  });

  it('makes one address wait longer the longer it keeps guessing', async () => {
    await api.db.knex('rate_limits').delete();
    await api.signUp('guessed');
    // A quarter hour's end is a minute's end too: one minute window holds every step.
    await inOneWindow(60, async () => {
      const client = fromNewIp();
      for (let i = 0; i < 5; i += 1) expect((await client.post('/api/login', { username: 'guessed', password: WRONG })).status).toBe(401);
      // When each wait ends, as this machine's clock reads it: the answer's arrival plus its Retry-After (whole seconds,
      // rounded up on the server at some moment of the request), so within a second and the request's time of the end.
      const endOf = async <T>(request: () => Promise<ApiResponse<T>>) => {
        const sentAt = Date.now();
        const response = await request();
        return { response, end: Date.now() + Number(response.headers.get('retry-after')) * 1000, slack: Date.now() - sentAt + 1000 };
      };
      const first = await endOf(() => client.post('/api/login', { username: 'guessed', password: WRONG }));
      expectLimited(first.response, 60);
      // Refused attempts count too: at 10 within the quarter hour the wait becomes the rest of the quarter hour.
      for (let i = 0; i < 4; i += 1) await client.post('/api/login', { username: 'guessed', password: WRONG });
      const longer = await endOf(() => client.post('/api/login', { username: 'guessed', password: WRONG }));
      expectLimited(longer.response, 900);
      expect(Math.abs(Number(longer.response.headers.get('retry-after')) - windowRemainder(900))).toBeLessThanOrEqual(3);
      // The quarter hour ends with one of its minutes: with the first wait's minute (in its last minute), or later by a minute or more.
      const apart = longer.end - first.end;
      const slack = first.slack + longer.slack;
      expect(Math.abs(apart) <= slack || apart >= 60_000 - slack, `the waits end ${apart} ms apart`).toBe(true);
    });
  }, 180_000);

  it('refuses the account after 100 failures in an hour from any mix of IPs, even with the right password', async () => {
    await api.db.knex('rate_limits').delete();
    const user = await api.signUp('besieged');
    await inOneWindow(3600, async () => {
      const statuses: number[] = [];
      for (let ip = 0; ip < 20; ip += 1) {
        const client = fromNewIp();
        for (let i = 0; i < 5; i += 1) statuses.push((await client.post('/api/login', { username: i % 2 ? 'besieged' : user.email, password: WRONG })).status);
      }
      expect(statuses).toEqual(Array(100).fill(401));
      expectLimited(await fromNewIp().post('/api/login', { username: 'besieged', password: user.password }), 3600);
    });
  }, 120_000);
});

describe('token endpoints limited per IP', () => {
  it.each(['/api/verify-email?token=made-up', '/api/check-reset-token?token=made-up'])('allows 10 %s requests per IP in ten minutes', async (url) => {
    await api.db.knex('rate_limits').delete();
    await inOneWindow(600, async () => {
      const client = fromNewIp();
      for (let i = 0; i < 10; i += 1) expect((await client.get(url)).status).not.toBe(429);
      expectLimited(await client.get(url), 600);
      expect((await fromNewIp().get(url)).status).not.toBe(429);
    });
  });

  it('allows 10 reset-password attempts per IP in ten minutes', async () => {
    await api.db.knex('rate_limits').delete();
    await inOneWindow(600, async () => {
      const client = fromNewIp();
      const attempt = () => client.post('/api/reset-password', { token: 'made-up', newPassword: 'violet canyon 1984' });
      for (let i = 0; i < 10; i += 1) expect((await attempt()).status).toBe(400);
      expectLimited(await attempt(), 600);
    });
  });
});

describe('rate limits kept in Postgres', () => {
  it('allows 20 logins a minute per IP', async () => {
    await api.db.knex('rate_limits').delete();
    await inOneWindow(60, async () => {
      for (let i = 0; i < 20; i += 1) {
        expect((await api.client().post('/api/login', { username: `someone${i}`, password: 'wrong password' })).status).toBe(401);
      }
      expectLimited(await api.client().post('/api/login', { username: 'someone-else', password: 'wrong password' }), 60);
    });
  });

  it('allows 5 password-reset requests an hour per address', async () => {
    await api.db.knex('rate_limits').delete();
    for (let i = 0; i < 5; i += 1) expect((await api.client().post('/api/forgot-password', { email: 'Target@example.test' })).status).toBe(200);
    expectLimited(await api.client().post('/api/forgot-password', { email: 'target@example.test' }), 3600);
  });

  it('allows 5 registrations an hour per IP', async () => {
    await api.db.knex('rate_limits').delete();
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await api.client().post('/api/register', { username: `newcomer${i}`, email: `newcomer${i}@example.test`, password: 'violet canyon 1984' })).status,
      ).toBe(201);
    }
    expectLimited(await api.client().post('/api/register', { username: 'newcomer9', email: 'newcomer9@example.test', password: 'violet canyon 1984' }), 3600);
  });

  it('allows 5 verification resends an hour per address', async () => {
    await api.db.knex('rate_limits').delete();
    const user = await api.signUp();
    await api.db.knex('rate_limits').delete();
    for (let i = 0; i < 5; i += 1) expect((await user.client.post('/api/resend-verification')).status).toBe(200);
    expectLimited(await user.client.post('/api/resend-verification'), 3600);
  });
});
