import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../middleware/session.ts';
import { startTestApi, type TestApi } from '../../../test-support/api-client.ts';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const STRONG = 'violet canyon 1984';

const expireTokens = (kind: 'verify' | 'reset') =>
  api.db
    .knex('email_tokens')
    .where({ kind })
    .update({ expiresAt: new Date(Date.now() - 1000) });

describe('registration', () => {
  it('creates the account, opens a session and mails a verification link in the chosen language', async () => {
    const client = api.client();
    const registered = await client.post('/api/register', { username: 'Alice', email: 'Alice@Example.test', password: STRONG, language: 'de' });
    expect(registered.status).toBe(201);
    expect(registered.body).toEqual({
      id: expect.any(Number),
      username: 'Alice',
      email: 'Alice@Example.test',
      emailVerified: false,
      role: 'user',
      language: 'de',
    });
    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('Alice');
    const mail = api.mailer.sent.at(-1)!;
    expect(mail.to).toBe('Alice@Example.test');
    expect(mail.subject).toContain('Bestätigen');
    expect(mail.text).toContain(`${api.config.publicUrl}/verify-email?token=`);
    expect(mail.html).toContain(`${api.config.publicUrl}/verify-email?token=`);
    const stored = await api.db.knex('users').where({ username: 'Alice' }).first('passwordHash');
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a username or e-mail taken in another case with 409', async () => {
    await api.client().post('/api/register', { username: 'Bruno', email: 'bruno@example.test', password: STRONG });
    const sameName = await api.client().post('/api/register', { username: 'BRUNO', email: 'other@example.test', password: STRONG });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({ error: 'username_taken', message: 'This username is already taken' });
    const sameEmail = await api.client().post('/api/register', { username: 'Bruno2', email: 'BRUNO@example.TEST', password: STRONG });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.error).toBe('email_taken');
  });

  it.each([
    [{ username: 'ab', email: 'a@b.ch', password: STRONG }, 'username', 'Username must be at least 3 characters'],
    [{ username: 'abc', email: 'not-an-email', password: STRONG }, 'email', 'Please enter a valid email address'],
    [{ username: 'abc', email: 'a@b.ch', password: '123456789' }, 'password', 'Password must be at least 10 characters'],
    [{ username: 'abc', email: 'a@b.ch', password: STRONG, confirmPassword: `${STRONG}!` }, 'confirmPassword', 'Passwords do not match'],
    [{ email: 'a@b.ch', password: STRONG }, 'username', 'Username must be at least 3 characters'],
  ])('answers 400 with the product message for %j', async (body, field, message) => {
    const response = await api.client().post('/api/register', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'validation_failed', message, field });
  });
});

describe('login and sessions', () => {
  it('logs in, renews the session id, and logs out', async () => {
    const user = await api.signUp();
    const firstId = user.client.cookies.get(SESSION_COOKIE);
    const again = await user.client.post('/api/login', { username: user.username.toUpperCase(), password: user.password });
    expect(again.status).toBe(200);
    const secondId = user.client.cookies.get(SESSION_COOKIE);
    expect(secondId).toBeDefined();
    expect(secondId).not.toBe(firstId);

    const stale = api.client();
    stale.cookies.set(SESSION_COOKIE, firstId!);
    stale.cookies.set(`${SESSION_COOKIE}.sig`, user.client.cookies.get(`${SESSION_COOKIE}.sig`)!);
    expect((await stale.get('/api/user')).status).toBe(401);

    expect((await user.client.post('/api/logout')).status).toBe(200);
    expect((await user.client.get('/api/user')).status).toBe(401);
  });

  it('sets an httpOnly, SameSite=Lax cookie that is not Secure on http', async () => {
    const response = await api.client().post('/api/register', { username: 'cookiecheck', email: 'cookie@example.test', password: STRONG });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).not.toMatch(/secure/i);
  });

  it('answers 401 invalid_credentials for a wrong password or an unknown user', async () => {
    const user = await api.signUp();
    const wrong = await api.client().post('/api/login', { username: user.username, password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_credentials');
    const unknown = await api.client().post('/api/login', { username: 'nobody-here', password: 'wrong password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('keeps the user language on PUT /api/user', async () => {
    const user = await api.signUp();
    const response = await user.client.put('/api/user', { language: 'it' });
    expect(response.status).toBe(200);
    expect(response.body.language).toBe('it');
    expect((await user.client.put('/api/user', { language: 'es' })).status).toBe(400);
  });

  it('refuses state-changing requests from a foreign Origin but accepts requests without one', async () => {
    const foreign = api.client({ origin: 'https://evil.example' });
    const refused = await foreign.post('/api/login', { username: 'whoever', password: STRONG });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('origin_mismatch');
    expect((await foreign.get('/api/health')).status).toBe(200);
    const noOrigin = api.client({ origin: null });
    expect((await noOrigin.post('/api/login', { username: 'whoever', password: STRONG })).status).toBe(401);
  });
});

describe('e-mail verification', () => {
  it('verifies once with the mailed token, and refuses it the second time', async () => {
    const user = await api.signUp();
    const token = api.mailer.tokenFor(user.email, '/verify-email');
    const first = await api.client().get(`/api/verify-email?token=${token}`);
    expect(first.status).toBe(200);
    expect((await user.client.get('/api/user')).body.emailVerified).toBe(true);
    const second = await api.client().get(`/api/verify-email?token=${token}`);
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_token');
    expect((await user.client.post('/api/resend-verification')).status).toBe(409);
  });

  it('refuses an expired token, a missing one, and a resent link replaces the old one', async () => {
    const user = await api.signUp();
    const old = api.mailer.tokenFor(user.email, '/verify-email');
    expect((await user.client.post('/api/resend-verification')).status).toBe(200);
    const fresh = api.mailer.tokenFor(user.email, '/verify-email');
    expect(fresh).not.toBe(old);
    expect((await api.client().get(`/api/verify-email?token=${old}`)).status).toBe(400);
    await expireTokens('verify');
    expect((await api.client().get(`/api/verify-email?token=${fresh}`)).status).toBe(400);
    const missing = await api.client().get('/api/verify-email');
    expect(missing.body).toEqual({ error: 'validation_failed', message: 'No verification token found', field: 'token' });
  });

  it('requires a session to resend', async () => {
    expect((await api.client().post('/api/resend-verification')).status).toBe(401);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the address exists, and mails only real accounts', async () => {
    const user = await api.signUp();
    const before = api.mailer.sent.length;
    const known = await api.client().post('/api/forgot-password', { email: user.email.toUpperCase() });
    const unknown = await api.client().post('/api/forgot-password', { email: 'ghost@example.test' });
    await api.background.settle();
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(api.mailer.sent.length).toBe(before + 1);
    expect(api.mailer.sent.at(-1)!.text).toContain(`${api.config.publicUrl}/reset-password?token=`);
  });

  it('resets once, ends the other sessions, and the new password works', async () => {
    const user = await api.signUp();
    await api.client().post('/api/forgot-password', { email: user.email });
    await api.background.settle();
    const token = api.mailer.tokenFor(user.email, '/reset-password');
    expect((await api.client().get(`/api/check-reset-token?token=${token}`)).body).toEqual({ valid: true });
    const reset = await api.client().post('/api/reset-password', { token, newPassword: 'brand new pass' });
    expect(reset.status).toBe(200);
    expect((await user.client.get('/api/user')).status).toBe(401);
    expect((await api.client().get(`/api/check-reset-token?token=${token}`)).body).toEqual({ valid: false });
    const replay = await api.client().post('/api/reset-password', { token, newPassword: 'another pass' });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_token');
    expect((await api.client().post('/api/login', { username: user.username, password: user.password })).status).toBe(401);
    expect((await api.client().post('/api/login', { username: user.username, password: 'brand new pass' })).status).toBe(200);
  });

  it('refuses an expired reset token', async () => {
    const user = await api.signUp();
    await api.client().post('/api/forgot-password', { email: user.email });
    await api.background.settle();
    const token = api.mailer.tokenFor(user.email, '/reset-password');
    await expireTokens('reset');
    expect((await api.client().get(`/api/check-reset-token?token=${token}`)).body).toEqual({ valid: false });
    expect((await api.client().post('/api/reset-password', { token, newPassword: 'brand new pass' })).status).toBe(400);
  });

  it('validates the new password with the product messages', async () => {
    const short = await api.client().post('/api/reset-password', { token: 'x', newPassword: '123' });
    expect(short.body).toEqual({ error: 'validation_failed', message: 'Password must be at least 10 characters', field: 'newPassword' });
    const differ = await api.client().post('/api/reset-password', { token: 'x', newPassword: STRONG, confirmNewPassword: `${STRONG}!` });
    expect(differ.body.message).toBe('Passwords do not match');
  });
});
