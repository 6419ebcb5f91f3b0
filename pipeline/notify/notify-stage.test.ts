import type { Knex } from 'knex';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { buildMatch, buildOpportunity, buildVerifiedUser } from '../../test-support/digest-fixtures.ts';
import { buildAlert, buildUser } from '../../test-support/factories.ts';
import { startSmtpSink, type SmtpSink } from '../../test-support/smtp-sink.ts';
import { silentLogger, testConfig } from '../../test-support/test-config.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { notify, type NotifyOptions } from './notify-stage.ts';

const PUBLIC_URL = 'https://vigie.example';
const FUTURE = new Date('2099-01-01T12:00:00Z');
const PAST = new Date('2020-01-01T12:00:00Z');

let sink: SmtpSink;
let database: TestDatabase;
let db: Knex;
let config: Config;
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
  config = testConfig({ PUBLIC_URL, SMTP_URL: sink.url, NOTIFY_THRESHOLD: '70' });
  mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, logger: silentLogger() });
  sink.messages.length = 0;
  sink.refused = 0;
  sink.failNext(0);
});
afterEach(async () => {
  mailer.close();
  await database.drop();
});

function run(options: Partial<NotifyOptions> = {}, now?: Date) {
  return notify({ db, logger: silentLogger(), config, mailer, now }, { frequency: 'all', ...options });
}

async function sentRows() {
  return db('sentEmails').orderBy('id').select('alertId', 'simapProjectId', 'status', 'messageId', 'digestId', 'attempts', 'error', 'nextAttemptAt');
}

/** A German-speaking verified subscriber with matches on both sides of every rule. */
async function germanSubscriber() {
  const user = await buildVerifiedUser(db, { language: 'de', username: 'anna' });
  const alert = await buildAlert(db, { userId: user.id, prompt: 'Wartung von Turmuhren', language: 'de', frequency: 'daily' });
  const localised = await buildOpportunity(db, {
    title: 'Entretien des horloges',
    titleDe: 'Wartung der Turmuhren',
    organization: 'Stadt Bern',
    deadline: FUTURE,
  });
  const fallback = await buildOpportunity(db, { title: 'Entretien des carillons', pubType: 'advance_notice' });
  const belowThreshold = await buildOpportunity(db, { title: 'Sous le seuil' });
  const awarded = await buildOpportunity(db, { title: 'Déjà adjugé', status: 'awarded', pubType: 'award' });
  const closed = await buildOpportunity(db, { title: 'Projet clos', status: 'closed' });
  const awardNotice = await buildOpportunity(db, { title: 'Avis d’adjudication', pubType: 'direct_award' });
  const expired = await buildOpportunity(db, { title: 'Délai passé', deadline: PAST });
  await buildMatch(db, alert, localised, 85, 'Turmuhrenwartung in Bern');
  await buildMatch(db, alert, fallback, 70);
  await buildMatch(db, alert, belowThreshold, 69);
  for (const project of [awarded, closed, awardNotice, expired]) await buildMatch(db, alert, project, 95);
  return { user, alert, localised, fallback };
}

describe('notify', () => {
  it('sends a verified user one digest in their language with exactly the matches at or above the threshold on open opportunities', async () => {
    const { user, alert, localised, fallback } = await germanSubscriber();
    const unverified = await buildUser(db, { language: 'fr' });
    const unverifiedAlert = await buildAlert(db, { userId: unverified.id });
    await buildMatch(db, unverifiedAlert, localised, 99);

    const summary = await run();

    expect(summary).toMatchObject({ users: 1, digestsSent: 1, digestsFailed: 0, matchesEmailed: 2, skippedUnverified: 1, retried: 0 });
    expect(sink.messages).toHaveLength(1);
    const mail = sink.messages[0]!;
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(user.email);
    expect(mail.subject).toBe('Vigie: 2 neue Ausschreibungen passen zu Ihren Alarmen (Tageszusammenfassung)');
    expect(mail.messageId).toMatch(/^<digest-[0-9a-f]{32}@vigie\.example>$/);
    const text = mail.text ?? '';
    expect(text).toContain('Guten Tag anna,');
    expect(text).toContain('Wartung der Turmuhren');
    expect(text).not.toContain('Entretien des horloges');
    expect(text).toContain('Entretien des carillons');
    expect(text).toContain('Auftraggeber: Stadt Bern');
    expect(text).toContain('Wartung der Turmuhren (85 %)');
    expect(text).toContain('== Alarm „Wartung von Turmuhren“ ==');
    expect(text).toContain('Eingabefrist: 1. Januar 2099');
    expect(text).toContain(`${PUBLIC_URL}/projects/${localised.id}`);
    expect(text).toContain(`https://www.simap.ch/de/project-detail/${localised.projectId}`);
    expect(text).toContain(`${PUBLIC_URL}/projects/${fallback.id}`);
    expect(text).toContain(`${PUBLIC_URL}/alerts`);
    expect(text).toContain('nicht mit simap.ch verbunden');
    for (const excluded of ['Sous le seuil', 'Déjà adjugé', 'Projet clos', 'Avis d’adjudication', 'Délai passé']) expect(text).not.toContain(excluded);
    expect(text.indexOf('Wartung der Turmuhren')).toBeLessThan(text.indexOf('Entretien des carillons'));
    expect(mail.html).toContain('lang="de"');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/projects/${localised.id}?lng=de"`);
    const header = (name: string) =>
      mail.headerLines
        .find((h) => h.key === name)
        ?.line.slice(name.length + 1)
        .trim();
    expect(header('list-unsubscribe')).toMatch(new RegExp(`^<${PUBLIC_URL}/api/unsubscribe\\?token=u${user.id}\\.aall\\.[\\w-]{43}>$`));
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(text).toMatch(new RegExp(`Keine E-Mails mehr zu diesem Alarm:\\n${PUBLIC_URL}/api/unsubscribe\\?token=u${user.id}\\.a${alert.id}\\.`));

    const rows = await sentRows();
    expect(rows).toEqual([
      expect.objectContaining({ alertId: alert.id, simapProjectId: localised.projectId, status: 'sent', messageId: mail.messageId, attempts: 1 }),
      expect.objectContaining({ alertId: alert.id, simapProjectId: fallback.projectId, status: 'sent', messageId: mail.messageId, attempts: 1 }),
    ]);
  });

  it('sends nothing twice: not on a second run, nor after the projects are reset and rebuilt with the same simap ids', async () => {
    const { alert, localised } = await germanSubscriber();
    await run();
    expect(sink.messages).toHaveLength(1);

    expect(await run()).toMatchObject({ digestsSent: 0, matchesEmailed: 0 });
    expect(sink.messages).toHaveLength(1);

    const projects = await db('projects').select('*');
    await db('alertMatches').delete();
    await db('projects').delete();
    await db('projects').insert(projects.map(({ contentSeq: _seq, searchText: _generated, ...project }) => project));
    const rebuilt = (await db('projects').where({ id: localised.id }).first()) as { contentSeq: number };
    await buildMatch(db, alert, { ...localised, contentSeq: Number(rebuilt.contentSeq) }, 90);

    expect(await run()).toMatchObject({ digestsSent: 0 });
    expect(sink.messages).toHaveLength(1);

    const later = await buildOpportunity(db, { title: 'Nouveau projet', titleDe: 'Neues Projekt' });
    await buildMatch(db, alert, later, 80);
    expect(await run()).toMatchObject({ digestsSent: 1, matchesEmailed: 1 });
    expect(sink.messages).toHaveLength(2);
    expect(sink.messages[1]!.subject).toBe('Vigie: 1 neue Ausschreibung passt zu Ihren Alarmen (Tageszusammenfassung)');
    expect(sink.messages[1]!.messageId).not.toBe(sink.messages[0]!.messageId);
  });

  it('sends one digest when two runs race for the same user', async () => {
    await germanSubscriber();
    const [first, second] = await Promise.all([run(), run()]);
    expect(first.digestsSent + second.digestsSent).toBe(1);
    expect(sink.messages).toHaveLength(1);
    expect(new Set((await sentRows()).map((r) => r.digestId)).size).toBe(1);
  });

  it('re-sends a digest left pending by a crash once, with the same Message-ID and content, and only once it is stale', async () => {
    await germanSubscriber();
    const t0 = new Date('2026-03-10T09:00:00Z');
    await run({}, t0);
    const original = sink.messages[0]!;
    // The state a crash between the SMTP answer and the mark leaves behind.
    await db('sentEmails').update({ status: 'pending', messageId: null, sentAt: null });

    expect(await run({}, new Date(t0.getTime() + 14 * 60_000))).toMatchObject({ retried: 0, digestsSent: 0 });
    expect(sink.messages).toHaveLength(1);

    expect(await run({}, new Date(t0.getTime() + 16 * 60_000))).toMatchObject({ retried: 1, digestsSent: 1, matchesEmailed: 2 });
    expect(sink.messages).toHaveLength(2);
    const resent = sink.messages[1]!;
    expect(resent.messageId).toBe(original.messageId);
    expect(resent.subject).toBe(original.subject);
    expect(resent.text).toBe(original.text);
    expect(resent.html).toBe(original.html);
    expect((await sentRows()).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);

    expect(await run({}, new Date(t0.getTime() + 120 * 60_000))).toMatchObject({ retried: 0, digestsSent: 0 });
    expect(sink.messages).toHaveLength(2);
  });

  it('keeps a digest SMTP refuses pending with its next try in a minute, and sends it then with the same id and Message-ID', async () => {
    await germanSubscriber();
    const t0 = new Date('2026-03-10T09:00:00Z');
    sink.failNext(1);
    expect(await run({}, t0)).toMatchObject({ digestsSent: 0, digestsFailed: 1, digestsAbandoned: 0, users: 1 });
    const failed = await sentRows();
    expect(failed.every((r) => r.status === 'pending' && r.attempts === 1 && /Mailbox temporarily unavailable/.test(r.error ?? ''))).toBe(true);
    expect(failed.map((r) => r.nextAttemptAt?.toISOString())).toEqual([
      new Date(t0.getTime() + 60_000).toISOString(),
      new Date(t0.getTime() + 60_000).toISOString(),
    ]);

    expect(await run({}, new Date(t0.getTime() + 59_000))).toMatchObject({ retried: 0, digestsSent: 0 });
    expect(await run({}, new Date(t0.getTime() + 60_000))).toMatchObject({ retried: 1, digestsSent: 1, matchesEmailed: 2 });
    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0]!.messageId).toBe(`<digest-${failed[0]!.digestId}@vigie.example>`);
    const sent = await sentRows();
    expect(sent.every((r) => r.status === 'sent' && r.attempts === 2 && r.error === null && r.digestId === failed[0]!.digestId)).toBe(true);
  });

  it('runs only the requested frequencies, and only active alerts', async () => {
    const user = await buildVerifiedUser(db, { language: 'en' });
    const project = await buildOpportunity(db, { title: 'Sail repairs', titleEn: 'Sail repairs' });
    const daily = await buildAlert(db, { userId: user.id, prompt: 'sail repairs daily', frequency: 'daily' });
    const weekly = await buildAlert(db, { userId: user.id, prompt: 'sail repairs weekly', frequency: 'weekly' });
    const inactive = await buildAlert(db, { userId: user.id, prompt: 'sail repairs inactive', frequency: 'daily', isActive: false });
    for (const alert of [daily, weekly, inactive]) await buildMatch(db, alert, project, 90);

    expect(await run({ frequency: 'weekly' })).toMatchObject({ frequencies: ['weekly'], digestsSent: 1, matchesEmailed: 1 });
    expect(sink.messages[0]!.text).toContain('“sail repairs weekly”');
    expect(await run({ frequency: 'daily' })).toMatchObject({ digestsSent: 1, matchesEmailed: 1 });
    expect(sink.messages[1]!.text).toContain('“sail repairs daily”');
    expect(await run({ frequency: 'all' })).toMatchObject({ digestsSent: 0 });
  });

  it('with --due remembers the Zurich day and week it served', async () => {
    await germanSubscriber();
    const mondayBefore = new Date('2026-03-16T05:59:00Z'); // 06:59 in Zurich (CET)
    expect(await run({ due: true }, mondayBefore)).toMatchObject({ frequencies: ['immediate'], digestsSent: 0 });
    const mondayAfter = new Date('2026-03-16T06:00:00Z');
    expect(await run({ due: true }, mondayAfter)).toMatchObject({ frequencies: ['immediate', 'daily', 'weekly'], digestsSent: 1 });
    expect(await run({ due: true }, new Date('2026-03-16T20:00:00Z'))).toMatchObject({ frequencies: ['immediate'] });
    expect(await run({ due: true }, new Date('2026-03-17T06:30:00Z'))).toMatchObject({ frequencies: ['immediate', 'daily'] });
    expect(await run({ due: true, frequency: 'weekly' }, new Date('2026-03-23T06:00:00Z'))).toMatchObject({ frequencies: ['weekly'] });
  });

  it('with billing on, e-mails only users whose subscription is active or trialing', async () => {
    config = testConfig({
      PUBLIC_URL,
      SMTP_URL: sink.url,
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_MONTHLY: 'price_m',
      STRIPE_PRICE_YEARLY: 'price_y',
    });
    const project = await buildOpportunity(db, { title: 'Paid work' });
    const statuses = ['trialing', 'active', 'canceled', null] as const;
    for (const status of statuses) {
      const user = await buildVerifiedUser(db, { language: 'en', username: `sub-${status ?? 'none'}`, email: `sub-${status ?? 'none'}@example.test` });
      const alert = await buildAlert(db, { userId: user.id });
      await buildMatch(db, alert, project, 90);
      if (status) await db('subscriptions').insert({ userId: user.id, status, plan: 'monthly' });
    }
    expect(await run()).toMatchObject({ users: 2, digestsSent: 2 });
    const recipients = sink.messages.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '')).sort();
    expect(recipients).toEqual(['sub-active@example.test', 'sub-trialing@example.test']);
  });
});
