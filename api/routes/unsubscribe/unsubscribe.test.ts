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
  member = await api.signUp(undefined, { language: 'fr' });
  await api.db.knex('users').where({ id: member.id }).update({ emailVerifiedAt: new Date() });
});
afterAll(async () => {
  await api?.close();
});

const isActive = async (id: number) => (await api.db.knex('alerts').where({ id }).first('isActive')).isActive as boolean;

/** Mails a digest to the member for two alerts and returns it. */
async function digestFor(prompts: [string, string]) {
  const db = api.db.knex;
  const alerts = [];
  for (const prompt of prompts) {
    const alert = await buildAlert(db, { userId: member.id, prompt, frequency: 'weekly', language: 'fr' });
    await buildMatch(db, alert, await buildOpportunity(db, { title: `Projet pour ${prompt}` }), 90);
    alerts.push(alert);
  }
  const response = await admin.client.post('/api/admin/process-notifications', { frequency: 'weekly' });
  expect(response.status).toBe(200);
  const mail = api.mailer.sent.at(-1)!;
  expect(mail.to).toBe(member.email);
  return { mail, alerts };
}

function linksIn(text: string): string[] {
  return [...text.matchAll(/http:\/\/vigie\.test(\/api\/unsubscribe\?token=[\w.-]+)/g)].map((m) => m[1]!);
}

describe('unsubscribe links in the digest', () => {
  it('stops one alert with its own link: GET only asks, POST (the page button) deactivates that alert alone', async () => {
    const { mail, alerts } = await digestFor(['nettoyage des écoles', 'entretien des routes']);
    const first = alerts[0]!;
    const second = alerts[1]!;
    const links = linksIn(mail.text);
    const forFirst = links.find((link) => link.includes(`.a${first.id}.`))!;
    expect(forFirst).toBeDefined();

    const anonymous = api.client({ origin: null });
    const page = await anonymous.get(forFirst);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('lang="fr"');
    expect(page.body).toContain('«\u202fnettoyage des écoles\u202f»');
    expect(page.body).toContain('<form method="post"');
    expect(await isActive(first.id)).toBe(true);

    const done = await api.client().request('POST', forFirst, 'List-Unsubscribe=One-Click', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(done.status).toBe(200);
    expect(done.body).toContain('cette alerte est désactivée');
    expect(await isActive(first.id)).toBe(false);
    expect(await isActive(second.id)).toBe(true);
  });

  it('stops every alert with the List-Unsubscribe one-click POST (RFC 8058), without a session or Origin', async () => {
    const { mail, alerts } = await digestFor(['chauffage à distance', 'éclairage public']);
    const header = mail.headers?.['List-Unsubscribe'];
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<http:\/\/vigie\.test(\/api\/unsubscribe\?token=u\d+\.aall\.[\w-]+)>$/.exec(header ?? '')?.[1];
    expect(url).toBeDefined();
    expect(linksIn(mail.text)).toContain(url);

    const response = await api
      .client({ origin: null })
      .request('POST', url!, 'List-Unsubscribe=One-Click', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(response.status).toBe(200);
    for (const alert of alerts) expect(await isActive(alert.id)).toBe(false);
    expect(await api.db.knex('alerts').where({ userId: member.id, isActive: true }).count('* as n').first()).toEqual({ n: 0 });
  });

  it('refuses a forged or altered token with a 400 page and changes nothing', async () => {
    const alert = await buildAlert(api.db.knex, { userId: member.id, prompt: 'ponts et chaussées', language: 'fr' });
    const forged = `/api/unsubscribe?token=u${member.id}.a${alert.id}.${'A'.repeat(43)}`;
    for (const path of [forged, '/api/unsubscribe', '/api/unsubscribe?token=nonsense']) {
      const response = await api.client({ origin: null }).request('POST', path, 'List-Unsubscribe=One-Click', {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Accept-Language': 'de-CH',
      });
      expect(response.status).toBe(400);
      expect(response.body).toContain('Abmeldelink ist ungültig');
    }
    expect(await isActive(alert.id)).toBe(true);
  });
});
