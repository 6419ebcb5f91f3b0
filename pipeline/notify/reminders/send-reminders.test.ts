import type { Knex } from 'knex';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildOpportunity, buildVerifiedUser } from '../../../test-support/digest-fixtures.ts';
import { startSmtpSink, type SmtpSink } from '../../../test-support/smtp-sink.ts';
import { silentLogger, testConfig } from '../../../test-support/test-config.ts';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database.ts';
import { addPublication } from '../../../test-support/watchlist-fixtures.ts';
import { createMailer, type Mailer } from '../../mail/mailer.ts';
import { reminderPeriod } from './due-reminders.ts';
import { sendReminders } from './send-reminders.ts';

const PUBLIC_URL = 'https://vigie.example';
const DAY = 24 * 60 * 60_000;
const DEADLINE = new Date('2030-06-20T10:00:00Z');
const before = (days: number, minutes = 0) => new Date(DEADLINE.getTime() - days * DAY + minutes * 60_000);

let sink: SmtpSink;
let database: TestDatabase;
let db: Knex;
let mailer: Mailer;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
});
beforeEach(async () => {
  database = await createTestDatabase();
  db = database.db.knex;
  const config = testConfig({ PUBLIC_URL, SMTP_URL: sink.url });
  mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, logger: silentLogger() });
  sink.messages.length = 0;
  sink.failNext(0);
});
afterEach(async () => {
  mailer.close();
  await database.drop();
});

const run = (now: Date) => sendReminders({ db, logger: silentLogger(), mailer, publicUrl: PUBLIC_URL, now, requireSubscription: false });

async function watcher(language: 'fr' | 'de' | 'it' | 'en' = 'de') {
  const user = await buildVerifiedUser(db, { language, username: `watcher-${language}` });
  const project = await buildOpportunity(db, {
    title: 'Nettoyage des écoles',
    titleDe: 'Reinigung der Schulen',
    organization: 'Stadt Bern',
    deadline: DEADLINE,
  });
  await db('watchlist').insert({ userId: user.id, projectId: project.id, createdAt: before(30) });
  return { user, project };
}

describe('reminderPeriod', () => {
  it('picks the shortest period covering the time left, none beyond the longest or after the deadline', () => {
    expect(reminderPeriod(DEADLINE, before(8), [7, 2])).toBeNull();
    expect(reminderPeriod(DEADLINE, before(7), [7, 2])).toBe(7);
    expect(reminderPeriod(DEADLINE, before(2.5), [7, 2])).toBe(7);
    expect(reminderPeriod(DEADLINE, before(2), [7, 2])).toBe(2);
    expect(reminderPeriod(DEADLINE, before(0.1), [2, 7])).toBe(2);
    expect(reminderPeriod(DEADLINE, before(-0.1), [7, 2])).toBeNull();
  });
});

describe('deadline reminders', () => {
  it('e-mails a watcher 7 and 2 days before the offer deadline, once each, in their language', async () => {
    await watcher('de');
    expect(await run(before(10))).toMatchObject({ remindersSent: 0 });
    expect(await run(before(6))).toMatchObject({ remindersSent: 1 });
    expect(await run(before(5))).toMatchObject({ remindersSent: 0 });
    expect(await run(before(1.5))).toMatchObject({ remindersSent: 1 });
    expect(await run(before(1))).toMatchObject({ remindersSent: 0 });
    expect(await run(before(-1))).toMatchObject({ remindersSent: 0 });
    expect(sink.messages.map((m) => m.subject)).toEqual([
      'Vigie: Eingabefrist in 7 Tagen – Reinigung der Schulen',
      'Vigie: Eingabefrist in 2 Tagen – Reinigung der Schulen',
    ]);
    expect(sink.messages[0]!.text).toContain('Auftraggeber: Stadt Bern');
    expect(sink.messages[0]!.text).toContain(`${PUBLIC_URL}/projects/`);
  });

  it('sends only the 2-day reminder to someone who starts watching late, and nothing when reminders are off', async () => {
    const { user } = await watcher('fr');
    expect(await run(before(1))).toMatchObject({ remindersSent: 1 });
    expect(await run(before(0.5))).toMatchObject({ remindersSent: 0 });
    expect(sink.messages[0]!.subject).toBe('Vigie : délai de remise dans 2 jours – Nettoyage des écoles');

    const other = await watcher('en');
    await db('users').where({ id: other.user.id }).update({ remindersEnabled: false });
    await db('users')
      .where({ id: user.id })
      .update({ reminderDays: [3] });
    expect(await run(before(0.4))).toMatchObject({ remindersSent: 1 });
    expect(sink.messages.map((m) => m.to)).not.toContain(other.user.email);
  });

  it('re-sends a reminder left pending by a crash between send and mark once, with the same Message-ID and content', async () => {
    await watcher('it');
    const t0 = before(6);
    await run(t0);
    const original = sink.messages[0]!;
    // The state a crash between the SMTP answer and the mark leaves behind.
    await db('sentReminders').update({ status: 'pending', sentAt: null });

    expect(await run(new Date(t0.getTime() + 14 * 60_000))).toMatchObject({ remindersRetried: 0, remindersSent: 0 });
    expect(sink.messages).toHaveLength(1);
    expect(await run(new Date(t0.getTime() + 16 * 60_000))).toMatchObject({ remindersRetried: 1, remindersSent: 1 });
    expect(sink.messages).toHaveLength(2);
    const resent = sink.messages[1]!;
    expect(resent.messageId).toBe(original.messageId);
    expect([resent.subject, resent.text, resent.html]).toEqual([original.subject, original.text, original.html]);
    expect(await db('sentReminders').select('status', 'attempts')).toEqual([{ status: 'sent', attempts: 2 }]);

    expect(await run(new Date(t0.getTime() + 120 * 60_000))).toMatchObject({ remindersRetried: 0, remindersSent: 0 });
    expect(sink.messages).toHaveLength(2);
  });

  it('retries a reminder SMTP refused on the next run', async () => {
    await watcher('en');
    sink.failNext(1);
    expect(await run(before(6))).toMatchObject({ remindersSent: 0, remindersFailed: 1 });
    expect(await run(before(6, 1))).toMatchObject({ remindersRetried: 1, remindersSent: 1 });
    expect(sink.messages).toHaveLength(1);
  });
});

describe('change reminders', () => {
  it('e-mails once when a watched project is corrected, awarded or cancelled after the user started watching', async () => {
    const { project } = await watcher('en');
    await db('projects').where({ id: project.id }).update({ deadline: null });
    // Publications are stamped when normalize records them (the real clock): the user started watching an hour ago.
    await db('watchlist')
      .where({ projectId: project.id })
      .update({ createdAt: new Date(Date.now() - 3600_000) });
    // Older history (before watching) does not count.
    const old = await addPublication(db, project, { pubType: 'tender', corrected: true, date: '2030-01-01' });
    await db('projectPublications')
      .where({ publicationId: old })
      .update({ createdAt: new Date(Date.now() - 7200_000) });
    expect(await run(before(10))).toMatchObject({ remindersSent: 0 });

    await addPublication(db, project, { pubType: 'tender', corrected: true, date: '2030-05-01' });
    await addPublication(db, project, { pubType: 'award', date: '2030-07-01' });
    expect(await run(before(10))).toMatchObject({ remindersSent: 2 });
    expect(await run(before(9))).toMatchObject({ remindersSent: 0 });
    expect(sink.messages.map((m) => m.subject)).toEqual([
      'Vigie: correction published – Nettoyage des écoles',
      'Vigie: contract awarded – Nettoyage des écoles',
    ]);
  });
});
