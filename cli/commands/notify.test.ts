import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMatch, buildOpportunity, buildVerifiedUser } from '../../test-support/digest-fixtures.ts';
import { buildAlert } from '../../test-support/factories.ts';
import { runCli } from '../../test-support/run-cli.ts';
import { startSmtpSink, type SmtpSink } from '../../test-support/smtp-sink.ts';
import { makeTempDir } from '../../test-support/test-config.ts';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test-support/test-database.ts';

const onPostgres = testDatabaseKind() === 'postgres';

let sink: SmtpSink;
let database: TestDatabase;

beforeAll(async () => {
  sink = await startSmtpSink();
  database = await createTestDatabase();
});
afterAll(async () => {
  await sink?.close();
  await database?.drop();
});

function env(): Record<string, string | undefined> {
  return { DATABASE_URL: database.url, SMTP_URL: sink.url, PUBLIC_URL: 'https://vigie.example', DATA_DIR: makeTempDir() };
}

describe('tenders notify', () => {
  it('refuses an unknown frequency with one line and exit code 1', async () => {
    const result = await runCli(['notify', '--frequency', 'hourly'], env());
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('error: --frequency must be immediate, daily, weekly or all');
  });

  it.runIf(onPostgres)('sends the digests over SMTP and prints the summary as JSON; a second run sends nothing', async () => {
    const db = database.db.knex;
    const user = await buildVerifiedUser(db, { language: 'en' });
    const alert = await buildAlert(db, { userId: user.id, frequency: 'immediate', language: 'en' });
    await buildMatch(db, alert, await buildOpportunity(db, { title: 'Road works', titleEn: 'Road works in Bern' }), 91);

    const first = await runCli(['notify', '--json'], env());
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({
      ok: true,
      frequencies: ['immediate', 'daily', 'weekly'],
      users: 1,
      digestsSent: 1,
      digestsFailed: 0,
      matchesEmailed: 1,
      skippedUnverified: 0,
    });
    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0]!.subject).toBe('Vigie: 1 new tender matches your alerts (instant alert)');
    expect(sink.messages[0]!.text).toContain('Road works in Bern');

    const second = await runCli(['notify', '--due', '--frequency', 'immediate'], env());
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout.trim()).toBe('notify: nothing to send (immediate)');
    expect(sink.messages).toHaveLength(1);
  });

  it.runIf(onPostgres)(
    'exits 1 with "notify: 0 sent, 1 failed" while SMTP is down; --retry-failed sends the digest once it is back',
    async () => {
      const db = database.db.knex;
      const user = await buildVerifiedUser(db, { language: 'en', username: 'outage', email: 'outage@example.test' });
      const alert = await buildAlert(db, { userId: user.id, frequency: 'immediate', language: 'en' });
      await buildMatch(db, alert, await buildOpportunity(db, { title: 'Bridge', titleEn: 'Bridge repair' }), 92);
      const before = sink.messages.length;
      await sink.setMode('down');
      try {
        const failed = await runCli(['notify', '--frequency', 'immediate', '--json'], env());
        expect(failed.code).toBe(1);
        expect(JSON.parse(failed.stdout)).toMatchObject({
          ok: false,
          error: expect.stringMatching(/^notify: 0 sent, 1 failed/),
          digestsSent: 0,
          digestsFailed: 1,
        });
        expect(failed.stderr).toContain('error: notify: 0 sent, 1 failed');

        await buildMatch(db, alert, await buildOpportunity(db, { title: 'Tunnel', titleEn: 'Tunnel lighting' }), 88);
        const round = await runCli(['run', '--once', '--stages', 'notify'], env());
        expect(round.code).toBe(1);
        expect(round.stderr).toContain('notify: 0 sent, 1 failed');
      } finally {
        await sink.setMode('accept');
      }
      const retried = await runCli(['notify', '--retry-failed'], env());
      expect(retried.code, retried.stderr).toBe(0);
      expect(retried.stdout.trim()).toBe('notify: 2 sent, 0 failed, 2 matches e-mailed, 2 retried (retries only)');
      expect(sink.messages.slice(before).map((m) => m.subject)).toEqual(Array(2).fill('Vigie: 1 new tender matches your alerts (instant alert)'));
    },
    240_000,
  );

  it.runIf(onPostgres)(
    'reports a user whose digest cannot be stored without SQL text, exits 1, and still sends the others',
    async () => {
      const db = database.db.knex;
      const broken = await buildVerifiedUser(db, { language: 'en', username: 'broken-cli', email: 'broken-cli@example.test' });
      const fine = await buildVerifiedUser(db, { language: 'en', username: 'fine-cli', email: 'fine-cli@example.test' });
      for (const user of [broken, fine]) {
        const alert = await buildAlert(db, { userId: user.id, frequency: 'immediate', language: 'en' });
        await buildMatch(db, alert, await buildOpportunity(db, { title: `Works for ${user.username}` }), 95);
      }
      await db.raw(`create or replace function refuse_broken_cli() returns trigger language plpgsql as $$
      begin if new.user_id = ${Number(broken.id)} then raise exception 'cannot store this digest'; end if; return new; end $$`);
      await db.raw('create trigger refuse_broken_cli before insert on sent_emails for each row execute function refuse_broken_cli()');
      const before = sink.messages.length;
      try {
        const result = await runCli(['notify', '--frequency', 'immediate', '--json'], { ...env(), LOG_LEVEL: 'info' });
        expect(result.code).toBe(1);
        expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, usersFailed: 1, digestsSent: 1 });
        for (const output of [result.stdout, result.stderr]) expect(output).not.toMatch(/insert into|"sent_emails"|returning/i);
        expect(result.stderr).toContain('database error P0001: cannot store this digest');
        expect(sink.messages.slice(before).map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : ''))).toEqual(['fine-cli@example.test']);
      } finally {
        await db.raw('drop trigger refuse_broken_cli on sent_emails');
        await db.raw('drop function refuse_broken_cli()');
      }
    },
    120_000,
  );
});
