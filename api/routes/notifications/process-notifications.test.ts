import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, testPipeline, type SignedUpUser, type TestApi } from '../../../test-support/api-client.ts';
import { buildMatch, buildOpportunity } from '../../../test-support/digest-fixtures.ts';
import { buildAlert } from '../../../test-support/factories.ts';

let api: TestApi;
let admin: SignedUpUser;
let member: SignedUpUser;

beforeAll(async () => {
  api = await startTestApi({ pipeline: testPipeline() });
  admin = await api.signUp(undefined, { admin: true });
  member = await api.signUp(undefined, { language: 'it' });
});
afterAll(async () => {
  await api?.close();
});

describe('POST /api/admin/process-notifications', () => {
  it('answers 401 when logged out and 403 to a member', async () => {
    const anonymous = await api.client().post('/api/admin/process-notifications', { frequency: 'all' });
    expect(anonymous.status).toBe(401);
    const forbidden = await member.client.post('/api/admin/process-notifications', { frequency: 'all' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ error: 'admin_required' });
  });

  it('answers 400 naming the field for a missing or unknown frequency', async () => {
    for (const body of [{ frequency: 'hourly' }, { frequency: 'immediate' }, {}]) {
      const response = await admin.client.post('/api/admin/process-notifications', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'validation_failed', message: 'frequency must be daily, weekly or all', field: 'frequency' });
    }
  });

  it('runs notify now and answers with the message and the summary', async () => {
    const db = api.db.knex;
    await db('users').where({ id: member.id }).update({ emailVerifiedAt: new Date() });
    const alert = await buildAlert(db, { userId: member.id, frequency: 'weekly', language: 'it' });
    const project = await buildOpportunity(db, { title: 'Pulizia scuole', titleIt: 'Pulizia delle scuole' });
    await buildMatch(db, alert, project, 88);

    const daily = await admin.client.post('/api/admin/process-notifications', { frequency: 'daily' });
    expect(daily.status).toBe(200);
    expect(daily.body).toMatchObject({ message: '0 digests sent (0 matches) — daily', frequencies: ['daily'], digestsSent: 0 });

    const weekly = await admin.client.post('/api/admin/process-notifications', { frequency: 'weekly' });
    expect(weekly.status).toBe(200);
    expect(weekly.body).toEqual({
      message: '1 digest sent (1 match) — weekly',
      frequencies: ['weekly'],
      users: 1,
      digestsSent: 1,
      digestsFailed: 0,
      matchesEmailed: 1,
      skippedUnverified: 0,
      retried: 0,
      digestsAbandoned: 0,
      usersFailed: 0,
      postponed: 0,
      mailServerDown: null,
    });
    const mail = api.mailer.sent.at(-1)!;
    expect(mail.to).toBe(member.email);
    expect(mail.subject).toBe('Vigie: 1 nuovo bando corrisponde ai tuoi avvisi (riepilogo settimanale)');
    expect(mail.text).toContain('Pulizia delle scuole');
    expect(mail.messageId).toMatch(/^<digest-[0-9a-f]{32}@vigie\.test>$/);

    const history = await member.client.get('/api/notifications/email');
    expect(history.status).toBe(200);
    expect(history.body).toEqual([
      expect.objectContaining({
        subject: 'Vigie: 1 nuovo bando corrisponde ai tuoi avvisi',
        status: 'sent',
        matchCount: 1,
        matches: [expect.objectContaining({ projectId: project.id, score: 88, project: { title: 'Pulizia delle scuole', organization: null } })],
      }),
    ]);
  });

  it('lists the history as one row per e-mail, newest first, its matches inside best first, limit counting e-mails', async () => {
    const db = api.db.knex;
    const reader = await api.signUp(undefined, { language: 'de' });
    await db('users').where({ id: reader.id }).update({ emailVerifiedAt: new Date() });
    const alert = await buildAlert(db, { userId: reader.id, frequency: 'weekly', language: 'de' });
    for (const [title, score] of [
      ['Erstes A', 75],
      ['Erstes B', 91],
    ] as const)
      await buildMatch(db, alert, await buildOpportunity(db, { title }), score);
    await admin.client.post('/api/admin/process-notifications', { frequency: 'weekly' });
    await buildMatch(db, alert, await buildOpportunity(db, { title: 'Zweites' }), 80);
    await admin.client.post('/api/admin/process-notifications', { frequency: 'weekly' });

    const history = await reader.client.get('/api/notifications/email');
    expect(history.status).toBe(200);
    expect(history.body.map((email: { matches: Array<{ project: { title: string } }> }) => email.matches.map((m) => m.project.title))).toEqual([
      ['Zweites'],
      ['Erstes B', 'Erstes A'],
    ]);
    expect(history.body[1]).toMatchObject({ subject: 'Vigie: 2 neue Ausschreibungen passen zu Ihren Alarmen', matchCount: 2, status: 'sent' });
    const limited = await reader.client.get('/api/notifications/email?limit=1');
    expect(limited.body).toHaveLength(1);
    expect(limited.body[0].matchCount).toBe(1);
  });
});
