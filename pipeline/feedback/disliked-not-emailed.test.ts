import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFeedback } from '../../db/feedback.ts';
import { buildMatch, buildOpportunity, buildVerifiedUser } from '../../test-support/digest-fixtures.ts';
import { buildAlert } from '../../test-support/factories.ts';
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

describe('a 👎 on a match', () => {
  it.runIf(testDatabaseKind() === 'postgres')(
    "keeps the project out of every later e-mail for that alert, not for the user's other alerts",
    async () => {
      const db = database.db.knex;
      const env = { DATABASE_URL: database.url, SMTP_URL: sink.url, PUBLIC_URL: 'https://vigie.example', DATA_DIR: makeTempDir() };
      const user = await buildVerifiedUser(db, { language: 'en' });
      const alert = await buildAlert(db, { userId: user.id, frequency: 'immediate', language: 'en' });
      const other = await buildAlert(db, { userId: user.id, frequency: 'immediate', language: 'en' });
      const kept = await buildOpportunity(db, { title: 'Piano tuning of the town hall', titleEn: 'Piano tuning of the town hall' });
      const disliked = await buildOpportunity(db, { title: 'Lake steamer piano tuning', titleEn: 'Lake steamer piano tuning' });
      await buildMatch(db, alert, kept, 90);
      await buildMatch(db, alert, disliked, 92);
      expect(await setFeedback(db, user.id, alert.id, disliked.id, 'not_relevant')).toBeDefined();

      const first = await runCli(['notify', '--json'], env);
      expect(first.code, first.stderr).toBe(0);
      expect(JSON.parse(first.stdout)).toMatchObject({ digestsSent: 1, matchesEmailed: 1 });
      expect(sink.messages[0]!.text).toContain('Piano tuning of the town hall');
      expect(sink.messages[0]!.text).not.toContain('Lake steamer piano tuning');

      // Later: the project is corrected and scores again; the alert still never mails it. Another alert may.
      await db('alertMatches').where({ alertId: alert.id, projectId: disliked.id }).update({ score: 99 });
      await buildMatch(db, other, disliked, 88);
      const second = await runCli(['notify', '--json'], env);
      expect(second.code, second.stderr).toBe(0);
      expect(JSON.parse(second.stdout)).toMatchObject({ digestsSent: 1, matchesEmailed: 1 });
      const rows = await db('sentEmails').where({ projectId: disliked.id }).select('alertId');
      expect(rows).toEqual([{ alertId: other.id }]);
    },
    120_000,
  );
});
