import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpportunity, buildVerifiedUser } from '../../test-support/digest-fixtures.ts';
import { runCli } from '../../test-support/run-cli.ts';
import { startSmtpSink, type SmtpSink } from '../../test-support/smtp-sink.ts';
import { makeTempDir } from '../../test-support/test-config.ts';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test-support/test-database.ts';

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

describe('tenders notify', () => {
  it.runIf(testDatabaseKind() === 'postgres')(
    'also sends the due reminders of watched projects, once',
    async () => {
      const db = database.db.knex;
      const env = { DATABASE_URL: database.url, SMTP_URL: sink.url, PUBLIC_URL: 'https://vigie.example', DATA_DIR: makeTempDir() };
      const user = await buildVerifiedUser(db, { language: 'en' });
      const project = await buildOpportunity(db, { title: 'Snow clearing', deadline: new Date(Date.now() + 36 * 3600_000) });
      await db('watchlist').insert({ userId: user.id, projectId: project.id });

      const first = await runCli(['notify', '--json'], env);
      expect(first.code, first.stderr).toBe(0);
      expect(JSON.parse(first.stdout)).toMatchObject({ ok: true, digestsSent: 0, remindersSent: 1, remindersFailed: 0 });
      expect(sink.messages.map((m) => m.subject)).toEqual(['Vigie: offer deadline in 2 days – Snow clearing']);

      const second = await runCli(['notify', '--json'], env);
      expect(second.code, second.stderr).toBe(0);
      expect(JSON.parse(second.stdout)).toMatchObject({ ok: true, message: 'notify: nothing to send (immediate, daily, weekly)', remindersSent: 0 });
      expect(sink.messages).toHaveLength(1);
    },
    120_000,
  );
});
