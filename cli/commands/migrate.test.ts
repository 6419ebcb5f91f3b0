import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationStatus } from '../../db/migrate.ts';
import { buildUser } from '../../test-support/factories.ts';
import { runCli } from '../../test-support/run-cli.ts';
import { makeTempDir } from '../../test-support/test-config.ts';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test-support/test-database.ts';

let database: TestDatabase;
const env = () => ({ DATABASE_URL: database.url, DATA_DIR: makeTempDir() });

describe.runIf(testDatabaseKind() === 'postgres')('tenders migrate down', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it(
    'reverts only the last migration by default, refuses more or a database with data without --yes, and --to stops at the named one',
    { timeout: 240_000 },
    async () => {
      const knex = database.db.knex;
      const applied = (await migrationStatus(knex)).applied;
      expect(applied.length).toBeGreaterThan(3);

      const one = await runCli(['migrate', 'down', '--json'], env());
      expect(one.code, one.stderr).toBe(0);
      expect(JSON.parse(one.stdout)).toMatchObject({ ok: true, direction: 'down', migrations: [applied.at(-1)] });
      expect((await migrationStatus(knex)).applied).toEqual(applied.slice(0, -1));

      const all = await runCli(['migrate', 'down', '--all'], env());
      expect(all.code).toBe(1);
      expect(all.stderr.trim()).toMatch(/^error: refusing to revert \d+ migrations \(.+\): pass --yes to confirm$/);
      expect((await migrationStatus(knex)).applied).toEqual(applied.slice(0, -1));

      const up = await runCli(['migrate', 'up'], env());
      expect(up.code, up.stderr).toBe(0);
      await buildUser(knex, { username: 'keep-me' });
      const withData = await runCli(['migrate', 'down'], env());
      expect(withData.code).toBe(1);
      expect(withData.stderr).toContain('on a database holding 1 users');
      expect((await migrationStatus(knex)).applied).toEqual(applied);

      const target = applied[applied.length - 3]!;
      const unknown = await runCli(['migrate', 'down', '--to', 'no-such-migration', '--yes'], env());
      expect(unknown.code).toBe(1);
      expect(unknown.stderr.trim()).toBe('error: --to no-such-migration: no applied migration of that name (see "tenders migrate status")');

      const to = await runCli(['migrate', 'down', '--to', target, '--yes'], env());
      expect(to.code, to.stderr).toBe(0);
      expect(to.stdout.trim().split('\n')).toEqual([`reverted ${applied.at(-1)}`, `reverted ${applied.at(-2)}`]);
      expect((await migrationStatus(knex)).applied.at(-1)).toBe(target);
      expect(await knex('users').where({ username: 'keep-me' }).count({ n: '*' })).toEqual([{ n: 1 }]);
    },
  );
});
