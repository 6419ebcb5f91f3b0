import { readdirSync, writeFileSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { findSentEmails } from '../../db/sent-emails.ts';
import { presentSentEmails } from '../../api/presenters/sent-email.ts';
import { buildMatch, buildOpportunity, buildVerifiedUser } from '../../test-support/digest-fixtures.ts';
import { buildAlert, buildProjects } from '../../test-support/factories.ts';
import { startSmtpSink, type SmtpSink } from '../../test-support/smtp-sink.ts';
import { makeTempDir, silentLogger, testConfig } from '../../test-support/test-config.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { createMailer, type Mailer, type OutboxFileSystem } from '../mail/mailer.ts';
import { notify, type NotifyOptions } from './notify-stage.ts';
import { DIGEST_RETRY_DELAYS_MS, MAX_DIGEST_ATTEMPTS } from './retry-schedule.ts';

const PUBLIC_URL = 'https://vigie.example';
const T0 = new Date('2026-03-10T09:00:00Z');

let sink: SmtpSink;
let database: TestDatabase;
let db: Knex;
let config: Config;
let mailer: Mailer;

beforeAll(async () => {
  sink = await startSmtpSink();
  database = await createTestDatabase();
  db = database.db.knex;
});
afterAll(async () => {
  await sink?.close();
  await database?.drop();
});
beforeEach(async () => {
  for (const table of [
    'sent_emails',
    'alert_matches',
    'alerts',
    'subscriptions',
    'users',
    'summary_queue',
    'project_publications',
    'projects',
    'raw_publications',
    'pipeline_runs',
  ]) {
    await db(table).delete();
  }
  config = testConfig({ PUBLIC_URL, SMTP_URL: sink.url, NOTIFY_THRESHOLD: '70' });
  mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, logger: silentLogger() });
  await sink.setMode('accept');
  sink.messages.length = 0;
  sink.refused = 0;
  sink.failNext(0);
});
afterEach(() => {
  mailer.close();
});

function run(now: Date, options: Partial<NotifyOptions> = {}, withMailer = mailer) {
  return notify({ db, logger: silentLogger(), config, mailer: withMailer, now }, { frequency: 'all', concurrency: 1, ...options });
}

async function subscriber(name: string, matches = 1) {
  const user = await buildVerifiedUser(db, { language: 'en', username: name, email: `${name}@example.test` });
  const alert = await buildAlert(db, { userId: user.id, prompt: `road works for ${name}`, frequency: 'immediate', language: 'en' });
  for (let i = 0; i < matches; i += 1)
    await buildMatch(db, alert, await buildOpportunity(db, { title: `Road ${name} ${i}`, titleEn: `Road ${name} ${i}` }), 90 - i);
  return { user, alert };
}

function recipients(): string[] {
  return sink.messages.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '')).sort();
}

async function digestRows() {
  return db('sentEmails').orderBy('id').select('userId', 'digestId', 'status', 'attempts', 'nextAttemptAt', 'lastAttemptAt', 'error');
}

describe('notify under mail faults', () => {
  it('keeps retrying a digest through an SMTP outage of more than a day, then shows it failed; --retry-failed sends it with the same id and Message-ID', async () => {
    await subscriber('anna');
    await sink.setMode('down');

    const first = await run(T0);
    expect(first).toMatchObject({ digestsSent: 0, digestsFailed: 1, digestsAbandoned: 0, users: 1 });
    expect(first.mailServerDown).toMatch(/ECONNREFUSED|connect/i);
    const [row] = await digestRows();
    const digestId = row!.digestId;

    let now = T0;
    for (const [index, delay] of DIGEST_RETRY_DELAYS_MS.entries()) {
      expect(await run(new Date(now.getTime() + delay - 1000))).toMatchObject({ retried: 0, digestsFailed: 0 });
      now = new Date(now.getTime() + delay);
      const round = await run(now);
      expect(round).toMatchObject({ retried: 1, digestsSent: 0, digestsFailed: 1 });
      const rows = await digestRows();
      expect(new Set(rows.map((r) => r.digestId))).toEqual(new Set([digestId]));
      expect(rows[0]!.attempts).toBe(index + 2);
      expect(rows[0]!.status).toBe(index + 2 < MAX_DIGEST_ATTEMPTS ? 'pending' : 'failed');
    }
    expect(now.getTime() - T0.getTime()).toBeGreaterThanOrEqual(24 * 3_600_000);
    const [given] = await digestRows();
    expect(given).toMatchObject({ status: 'failed', attempts: MAX_DIGEST_ATTEMPTS, nextAttemptAt: null });
    const history = presentSentEmails(await findSentEmails(db, { limit: 10 }), true);
    expect(history.map((h) => h.status)).toEqual(['failed']);

    await sink.setMode('accept');
    expect(await run(new Date(now.getTime() + 48 * 3_600_000))).toMatchObject({ retried: 0, digestsSent: 0 });
    expect(sink.messages).toHaveLength(0);

    expect(await run(new Date(now.getTime() + 49 * 3_600_000), { retryFailed: true })).toMatchObject({
      retried: 1,
      digestsSent: 1,
      digestsFailed: 0,
      frequencies: [],
    });
    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0]!.messageId).toBe(`<digest-${digestId}@vigie.example>`);
    expect(await digestRows()).toEqual([expect.objectContaining({ digestId, status: 'sent', error: null })]);
    expect(await run(new Date(now.getTime() + 50 * 3_600_000), { retryFailed: true })).toMatchObject({ retried: 0, digestsSent: 0 });
    expect(sink.messages).toHaveLength(1);
  });

  it('while the mail server is down tries one digest per round, leaves the other users for later, and sends everyone exactly once when it is back', async () => {
    for (const name of ['anna', 'bruno', 'carla']) await subscriber(name);
    await sink.setMode('down');
    expect(await run(T0)).toMatchObject({ digestsSent: 0, digestsFailed: 1, postponed: 2 });
    expect(new Set((await digestRows()).map((r) => r.userId)).size).toBe(1);

    await sink.setMode('accept');
    expect(await run(new Date(T0.getTime() + 30_000))).toMatchObject({ digestsSent: 2, retried: 0, postponed: 0 });
    expect(await run(new Date(T0.getTime() + 60_000))).toMatchObject({ digestsSent: 1, retried: 1 });
    expect(recipients()).toEqual(['anna@example.test', 'bruno@example.test', 'carla@example.test']);
    expect((await digestRows()).every((r) => r.status === 'sent')).toBe(true);
    expect(await run(new Date(T0.getTime() + 3_600_000))).toMatchObject({ digestsSent: 0, digestsFailed: 0 });
    expect(sink.messages).toHaveLength(3);
  });

  it('gives up on a hung server after the greeting timeout instead of waiting minutes per digest', async () => {
    await subscriber('anna');
    await subscriber('bruno');
    await sink.setMode('hang');
    const quick = createMailer({ smtpUrl: sink.url, from: config.mail.from, dataDir: config.dataDir, logger: silentLogger(), smtpTimeoutMs: 500 });
    try {
      const summary = await run(T0, { concurrency: 4 }, quick);
      expect(summary.digestsSent).toBe(0);
      expect(summary.digestsFailed + summary.postponed).toBe(2);
      expect(summary.mailServerDown).toMatch(/greeting|timeout/i);
      expect((await digestRows()).every((r) => r.status === 'pending' && r.nextAttemptAt !== null)).toBe(true);
    } finally {
      quick.close();
    }
    await sink.setMode('accept');
    await run(new Date(T0.getTime() + 60_000));
    expect(recipients()).toEqual(['anna@example.test', 'bruno@example.test']);
  });

  it('sends a user with more than 4,000 pending matches one capped digest holding all of them, and the next user too', async () => {
    // Projects as normalization writes them (the digest reads their rows, not how they came in).
    const projects = await buildProjects(
      db,
      Array.from({ length: 4_200 }, (_, i) => ({ title: `Wartung der Turmuhr ${i}`, creationLanguage: 'de' as const })),
    );
    await db('projects')
      .whereIn(
        'id',
        projects.map((project) => project.id),
      )
      .update({ pubType: 'tender' });
    const heavy = await buildVerifiedUser(db, { language: 'en', username: 'heavy', email: 'heavy@example.test' });
    const alert = await buildAlert(db, { userId: heavy.id, prompt: 'everything', frequency: 'daily', language: 'en' });
    await db.raw(
      `insert into alert_matches (alert_id, project_id, score, explanation, scorer, content_seq)
       select ?, id, 80, 'broad match', 'test', content_seq from projects where status = 'open' and pub_type = 'tender'`,
      [alert.id],
    );
    const counted = await db('alertMatches').where({ alertId: alert.id }).count<Array<{ count: string }>>({ count: '*' });
    const count = Number(counted[0]?.count);
    expect(count).toBeGreaterThan(4_000);
    await subscriber('after');

    const summary = await run(new Date('2024-01-01T09:00:00Z'));
    expect(summary).toMatchObject({ users: 2, digestsSent: 2, digestsFailed: 0, usersFailed: 0, matchesEmailed: Number(count) + 1 });
    const heavyMail = sink.messages.find((m) => m.subject?.includes('(daily digest)'))!;
    expect(heavyMail.subject).toBe(`Vigie: ${count} new tenders match your alerts (daily digest)`);
    expect(Buffer.byteLength(String(heavyMail.html))).toBeLessThanOrEqual(100_000);
    expect(heavyMail.text).toContain(`and ${Number(count) - 20} more for “everything” in Vigie`);
    expect(heavyMail.text).toContain(`${PUBLIC_URL}/alerts/${alert.id}`);
    expect(recipients()).toEqual(['after@example.test', 'heavy@example.test']);
    const [stored] = await db('sentEmails').where({ userId: heavy.id, status: 'sent' }).count<Array<{ count: string | number }>>({ count: '*' });
    // pg gives counts as numbers or strings depending on the connection's type parsers.
    expect(Number(stored?.count)).toBe(count);
    expect(await run(new Date('2024-01-01T10:00:00Z'))).toMatchObject({ digestsSent: 0 });
  }, 180_000);

  it('records a user whose digest cannot be stored, goes on with the others, keeps SQL out of the summary, and sends them on a later round', async () => {
    const { user: broken } = await subscriber('broken');
    await subscriber('fine');
    await db.raw(`create or replace function refuse_broken() returns trigger language plpgsql as $$
      begin if new.user_id = ${Number(broken.id)} then raise exception 'disk quota exceeded for this row'; end if; return new; end $$`);
    await db.raw('create trigger refuse_broken before insert on sent_emails for each row execute function refuse_broken()');
    try {
      const summary = await run(T0);
      expect(summary).toMatchObject({ usersFailed: 1, digestsSent: 1, users: 1 });
      expect(JSON.stringify(summary)).not.toMatch(/insert into|sent_emails/i);
      expect(recipients()).toEqual(['fine@example.test']);
    } finally {
      await db.raw('drop trigger refuse_broken on sent_emails');
      await db.raw('drop function refuse_broken()');
    }
    expect(await run(new Date(T0.getTime() + 60_000))).toMatchObject({ usersFailed: 0, digestsSent: 1 });
    expect(recipients()).toEqual(['broken@example.test', 'fine@example.test']);
  });
});

describe('notify into the outbox under disk faults', () => {
  function outboxFiles(dataDir: string): string[] {
    try {
      return readdirSync(path.join(dataDir, 'outbox'));
    } catch {
      return [];
    }
  }

  it('counts a disk that fills up mid-write as a failed send, leaves no partial .eml, and writes the whole message on the next try', async () => {
    await subscriber('anna');
    const dataDir = makeTempDir();
    let full = true;
    const filling: OutboxFileSystem = {
      mkdir: (dir, options) => fs.mkdir(dir, options),
      rename: (from, to) => fs.rename(from, to),
      unlink: (file) => fs.unlink(file),
      async writeFile(file, data) {
        if (!full) return fs.writeFile(file, data);
        await fs.writeFile(file, data.subarray(0, Math.floor(data.length / 2)));
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      },
    };
    const outbox = createMailer({ smtpUrl: undefined, from: config.mail.from, dataDir, logger: silentLogger(), fileSystem: filling });
    expect(await run(T0, {}, outbox)).toMatchObject({ digestsSent: 0, digestsFailed: 1 });
    expect(outboxFiles(dataDir)).toEqual([]);
    full = false;
    expect(await run(new Date(T0.getTime() + 60_000), {}, outbox)).toMatchObject({ digestsSent: 1, retried: 1 });
    const files = outboxFiles(dataDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect((await fs.stat(path.join(dataDir, 'outbox', files[0]!))).size).toBeGreaterThan(500);
  });

  it('counts an outbox that cannot be written as a failed send', async () => {
    await subscriber('anna');
    const dataDir = makeTempDir();
    writeFileSync(path.join(dataDir, 'outbox'), 'not a folder');
    const outbox = createMailer({ smtpUrl: undefined, from: config.mail.from, dataDir, logger: silentLogger() });
    const summary = await run(T0, {}, outbox);
    expect(summary).toMatchObject({ digestsSent: 0, digestsFailed: 1 });
    expect(summary.mailServerDown).toMatch(/EEXIST|ENOTDIR/);
    expect((await digestRows()).every((r) => r.status === 'pending' && r.nextAttemptAt !== null)).toBe(true);
  });
});
