import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test-support/api-client.ts';

let api: TestApi;
let slowMail: TestApi;
// Far above a request's own time even on a loaded machine, so that waiting for the mailer cannot hide in the noise
// (the bounds below are ¾ and ½ of it: a request slowed to a few hundred ms by load stays well inside them). The
// requests never wait for it; at most the last mail still queued does, once.
const MAIL_DELAY_MS = 3000;
/** The mailer is slow only while the forgot-password requests are timed (sign-ups wait for their own mail). */
let mailIsSlow = false;

beforeAll(async () => {
  api = await startTestApi();
  // A remote SMTP server that takes its time, as real ones do: the probe measured 73 ms against 13 ms.
  slowMail = await startTestApi({
    wrapMailer: (mailer) => ({
      ...mailer,
      send: async (mail) => {
        if (mailIsSlow) await new Promise((resolve) => setTimeout(resolve, MAIL_DELAY_MS));
        return mailer.send(mail);
      },
    }),
  });
});
afterAll(async () => {
  await api?.close();
  await slowMail?.close();
});

const STRONG = 'violet canyon 1984';
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
};

describe('forgot-password does not reveal accounts by timing', () => {
  it('answers an address with an account as fast as one without (20 + 20 requests), and mails afterwards', async () => {
    const users = [];
    for (let i = 0; i < 20; i += 1) users.push(await slowMail.signUp());
    await slowMail.background.settle();
    const before = slowMail.mailer.sent.length;
    const known: number[] = [];
    const unknown: number[] = [];
    mailIsSlow = true;
    for (let i = 0; i < 20; i += 1) {
      for (const [email, times] of [
        [users[i]!.email, known],
        [`ghost${i}@example.test`, unknown],
      ] as const) {
        const started = performance.now();
        const response = await slowMail.client().post('/api/forgot-password', { email });
        times.push(performance.now() - started);
        expect(response.status).toBe(200);
      }
    }
    // The mails still queued need not wait: only the requests above were timed against a slow server.
    mailIsSlow = false;
    // Before the fix the known addresses waited for the mailer (≥ MAIL_DELAY_MS each); now neither does.
    expect(median(known), `known ${median(known)} ms, unknown ${median(unknown)} ms`).toBeLessThan(MAIL_DELAY_MS * 0.75);
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(MAIL_DELAY_MS / 2);
    await slowMail.background.settle();
    expect(slowMail.mailer.sent.length - before).toBe(20);
    expect(new Set(slowMail.mailer.sent.slice(before).map((mail) => mail.to))).toEqual(new Set(users.map((user) => user.email)));
  }, 120_000);
});

describe('password policy', () => {
  it.each([
    ['123456789', 'Password must be at least 10 characters'],
    ['1234567890', 'This password is too common or too easy to guess'],
    ['          ', 'This password is too common or too easy to guess'],
    ['password123', 'This password is too common or too easy to guess'],
    ['qwertyuiop', 'This password is too common or too easy to guess'],
    ['aaaaaaaaaaaa', 'This password is too common or too easy to guess'],
  ])('refuses %j at registration', async (password, message) => {
    const response = await api.client().post('/api/register', { username: 'weakling', email: 'weakling@example.test', password });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'validation_failed', message, field: 'password' });
  });

  it('refuses the username or the e-mail address as password, in any case', async () => {
    for (const [username, email, password] of [
      ['mirrorname1', 'mirror1@example.test', 'MirrorName1'],
      ['mirrortwo', 'mirror.two.long@example.test', 'mirror.two.long@example.test'],
      ['mirrorthree', 'longlocalpart3@example.test', 'LONGLOCALPART3'],
    ]) {
      const response = await api.client().post('/api/register', { username, email, password });
      expect(response.body, password).toEqual({
        error: 'validation_failed',
        message: 'Password must not be your username or e-mail address',
        field: 'password',
      });
    }
  });

  it('accepts a long, uncommon passphrase', async () => {
    expect((await api.client().post('/api/register', { username: 'strongone', email: 'strongone@example.test', password: STRONG })).status).toBe(201);
  });

  it('applies the same policy to a new password set by reset link', async () => {
    const user = await api.signUp();
    await api.client().post('/api/forgot-password', { email: user.email });
    await api.background.settle();
    const token = api.mailer.tokenFor(user.email, '/reset-password');
    const common = await api.client().post('/api/reset-password', { token, newPassword: 'password1234' });
    expect(common.body).toEqual({ error: 'validation_failed', message: 'This password is too common or too easy to guess', field: 'newPassword' });
    const own = await api.client().post('/api/reset-password', { token, newPassword: user.email });
    expect(own.body.message).toBe('Password must not be your username or e-mail address');
    expect((await api.client().post('/api/reset-password', { token, newPassword: STRONG })).status).toBe(200);
  });

  it('still lets an account made under the old 6-character rule log in', async () => {
    const user = await api.signUp();
    const { hash } = await import('@node-rs/argon2');
    await api.db
      .knex('users')
      .where({ id: user.id })
      .update({ passwordHash: await hash('secret') });
    expect((await api.client().post('/api/login', { username: user.username, password: 'secret' })).status).toBe(200);
  });
});

describe('usernames', () => {
  it('folds compatibility look-alikes with NFKC, so a full-width name is the plain one', async () => {
    const response = await api.client().post('/api/register', { username: 'Ｗｉｄｅ', email: 'wide@example.test', password: STRONG });
    expect(response.status).toBe(201);
    expect(response.body.username).toBe('Wide');
    expect((await api.client().post('/api/register', { username: 'wide', email: 'wide2@example.test', password: STRONG })).body.error).toBe('username_taken');
    expect((await api.client().post('/api/login', { username: 'ｗｉｄｅ', password: STRONG })).status).toBe(200);
  });

  it('allows letters of any script, digits, dots, underscores and hyphens', async () => {
    for (const [username, i] of [
      ['josé.müller_1-2', 1],
      ['Zoë', 2],
      ['Ελένη', 3],
      ['李小龍', 4],
    ] as const) {
      const response = await api.client().post('/api/register', { username, email: `script${i}@example.test`, password: STRONG });
      expect(response.status, username).toBe(201);
    }
  });

  it.each(['two words', 'evil<script>', 'semi;colon', 'at@sign', 'tab\tname', 'zero\u200bwidth', 'emoji😀', 'rtl\u202eoverride'])(
    'refuses %j',
    async (username) => {
      const response = await api.client().post('/api/register', { username, email: 'refused@example.test', password: STRONG });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: 'validation_failed',
        message: 'Username may contain only letters, digits, dots, underscores and hyphens',
        field: 'username',
      });
    },
  );

  it('refuses control characters such as ESC before anything else', async () => {
    const response = await api.client().post('/api/register', { username: 'ansi\u001b[31mred', email: 'ansi@example.test', password: STRONG });
    expect(response.body).toMatchObject({ error: 'unsafe_text', field: 'username' });
  });
});
