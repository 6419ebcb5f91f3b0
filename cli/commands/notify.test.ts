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
    expect(sink.messages[0]!.subject).toBe('Vigie: 1 new tender matches your alerts');
    expect(sink.messages[0]!.text).toContain('Road works in Bern');

    const second = await runCli(['notify', '--due', '--frequency', 'immediate'], env());
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout.trim()).toBe('0 digests sent (0 matches) — immediate; 0 reminders sent');
    expect(sink.messages).toHaveLength(1);
  });
});
