import { readdirSync } from 'node:fs';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAlert, buildUser } from '../../test-support/factories.ts';
import { runCli } from '../../test-support/run-cli.ts';
import { makeTempDir } from '../../test-support/test-config.ts';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test-support/test-database.ts';

let testDb: TestDatabase;
let dataDir: string;
const env = () => ({ DATABASE_URL: testDb.url, DATA_DIR: dataDir });
const tenders = (...args: string[]) => runCli(args, env());
const STRONG = 'violet canyon 1984';

describe.runIf(testDatabaseKind() === 'postgres')('tenders user', () => {
  beforeAll(async () => {
    testDb = await createTestDatabase();
    dataDir = makeTempDir();
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it('creates a verified admin with a hashed password, and lists it', async () => {
    const created = await tenders(
      'user',
      'create',
      'alice',
      '--email',
      'Alice@Example.ch',
      '--password',
      STRONG,
      '--admin',
      '--language',
      'de',
      '--verified',
      '--json',
    );
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toEqual({
      ok: true,
      user: { id: expect.any(Number), username: 'alice', email: 'Alice@Example.ch', emailVerified: true, role: 'admin', language: 'de' },
      verificationEmail: 'not needed',
    });
    const row = await testDb.db.knex('users').where({ username: 'alice' }).first();
    expect(await verify(row.passwordHash, STRONG)).toBe(true);

    const list = await tenders('user', 'list', '--json');
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout).users).toContainEqual(
      expect.objectContaining({ username: 'alice', role: 'admin', emailVerified: true, createdAt: expect.any(String) }),
    );
    const table = await tenders('user', 'list');
    expect(table.stdout).toMatch(/^id\s+username\s+email\s+role\s+verified\s+language\s+created$/m);
    expect(table.stdout).toMatch(/^\d+\s+alice\s+Alice@Example\.ch\s+admin\s+yes\s+de\s+\d{4}-\d\d-\d\d$/m);
  }, 60_000);

  it('creates an unverified user and mails the verification link (outbox)', async () => {
    const created = await tenders('user', 'create', 'bruno', '--email', 'bruno@example.ch', '--password', STRONG);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout.trim()).toMatch(/^created bruno <bruno@example\.ch> \(id \d+, user, not verified, fr\); verification e-mail sent$/);
    expect(readdirSync(path.join(dataDir, 'outbox')).filter((name) => name.endsWith('.eml'))).toHaveLength(1);
    expect(await testDb.db.knex('emailTokens').join('users', 'users.id', 'emailTokens.userId').where('users.username', 'bruno').count({ n: '*' })).toEqual([
      { n: 1 },
    ]);
  }, 60_000);

  it('applies the sign-up rules with one-line errors', async () => {
    await buildUser(testDb.db.knex, { username: 'Taken', email: 'taken@example.ch' });
    const cases: Array<[string[], string]> = [
      [['ab', '--email', 'ab@example.ch', '--password', STRONG], 'error: Username must be at least 3 characters'],
      [['carla', '--email', 'not-an-email', '--password', STRONG], 'error: Please enter a valid email address'],
      [['carla', '--email', 'carla@example.ch', '--password', '123456789'], 'error: Password must be at least 10 characters'],
      [['carla', '--email', 'carla@example.ch', '--password', '1234567890'], 'error: This password is too common or too easy to guess'],
      [['carla', '--email', 'carla@example.ch', '--password', 'carla@example.ch'], 'error: Password must not be your username or e-mail address'],
      [['carla name', '--email', 'carla@example.ch', '--password', STRONG], 'error: Username may contain only letters, digits, dots, underscores and hyphens'],
      [['carla', '--email', 'carla@example.ch', '--password', STRONG, '--language', 'es'], 'error: Language must be one of fr, de, it, en'],
      [['TAKEN', '--email', 'other@example.ch', '--password', STRONG], 'error: This username is already taken'],
      [['carla', '--email', 'TAKEN@example.ch', '--password', STRONG], 'error: An account with this email address already exists'],
      [['carla', '--email', 'carla@example.ch'], 'error: --password is required when stdin is not a terminal'],
    ];
    const results = [];
    for (const [args] of cases) results.push(await tenders('user', 'create', ...args));
    expect(results.map((result) => [result.code, result.stderr.trim()])).toEqual(cases.map(([, message]) => [1, message]));
    expect(await testDb.db.knex('users').whereRaw('lower(username) = ?', ['carla']).first()).toBeUndefined();
  }, 180_000);

  it('says so when the verification e-mail could not be sent, and still creates the account', async () => {
    const created = await runCli(['user', 'create', 'dora', '--email', 'dora@example.ch', '--password', STRONG], { ...env(), SMTP_URL: 'smtp://127.0.0.1:1' });
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).not.toContain('verification e-mail sent');
    expect(created.stdout.trim()).toMatch(
      /^created dora <dora@example\.ch> \(id \d+, user, not verified, fr\); the verification e-mail could NOT be sent \(.+\)$/,
    );
    expect(created.stderr).toContain('warning: check SMTP_URL');
    expect(await testDb.db.knex('users').where({ username: 'dora' }).first()).toBeDefined();
    const json = await runCli(['user', 'create', 'emil', '--email', 'emil@example.ch', '--password', STRONG, '--json'], {
      ...env(),
      SMTP_URL: 'smtp://127.0.0.1:1',
    });
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, verificationEmail: 'not sent', verificationEmailError: expect.any(String) });
  }, 60_000);

  it('prints names from the database without their control characters', async () => {
    await buildUser(testDb.db.knex, { username: 'evil\u001b[2J\u001b]0;pwned\u0007name', email: 'evil\u001b[31m@example.ch' });
    const table = await tenders('user', 'list');
    expect(table.code).toBe(0);
    // eslint-disable-next-line no-control-regex -- what must not reach the terminal
    expect(table.stdout).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u007F]/);
    expect(table.stdout).toContain('evil\uFFFD[2J\uFFFD]0;pwned\uFFFDname');
    const json = await tenders('user', 'list', '--json');
    expect(JSON.parse(json.stdout).users).toContainEqual(expect.objectContaining({ username: 'evil\u001b[2J\u001b]0;pwned\u0007name' }));
  }, 60_000);

  it('promotes and demotes', async () => {
    const { username } = await buildUser(testDb.db.knex);
    const promoted = await tenders('user', 'promote', username, '--json');
    expect(JSON.parse(promoted.stdout)).toMatchObject({ ok: true, username, role: 'admin' });
    expect((await testDb.db.knex('users').where({ username }).first()).role).toBe('admin');
    const demoted = await tenders('user', 'demote', username);
    expect(demoted.stdout.trim()).toBe(`${username} is now a regular user`);
    expect((await testDb.db.knex('users').where({ username }).first()).role).toBe('user');
    const missing = await tenders('user', 'promote', 'nobody-here');
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('error: no user named "nobody-here"');
  }, 60_000);

  it('deletes only with --yes when stdin is not a terminal, taking the alerts along', async () => {
    const knex = testDb.db.knex;
    const user = await buildUser(knex, { username: 'leaving' });
    await buildAlert(knex, { userId: user.id });

    const refused = await tenders('user', 'delete', 'leaving');
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe('error: --yes is required to delete a user when stdin is not a terminal');
    expect(await knex('users').where({ id: user.id }).first()).toBeDefined();

    const deleted = await tenders('user', 'delete', 'LEAVING', '--yes', '--json');
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(JSON.parse(deleted.stdout)).toMatchObject({ ok: true, deleted: { id: user.id, username: 'leaving' } });
    expect(await knex('users').where({ id: user.id }).first()).toBeUndefined();
    expect(await knex('alerts').where({ userId: user.id }).count({ n: '*' })).toEqual([{ n: 0 }]);
  }, 60_000);
});
