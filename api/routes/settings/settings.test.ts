import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, TEST_PUBLIC_URL, type SignedUpUser, type TestApi } from '../../../test-support/api-client.ts';
import { buildProjects, type BuiltProject } from '../../../test-support/factories.ts';

let api: TestApi;
let alice: SignedUpUser;
let bob: SignedUpUser;
let projects: BuiltProject[];

beforeAll(async () => {
  api = await startTestApi();
  projects = await buildProjects(api.db.knex, [
    { title: 'Nettoyage des vitres', deadline: new Date('2030-03-01T11:00:00Z'), organization: 'Ville de Sion' },
    { title: 'Étude sans délai' },
  ]);
  alice = await api.signUp(undefined, { language: 'fr' });
  bob = await api.signUp(undefined, { language: 'en' });
});
afterAll(async () => {
  await api?.close();
});

const feedPath = (url: string) => new URL(url).pathname;

describe('settings', () => {
  it('defaults to reminders on, 7 and 2 days before; changes them; refuses bad days naming the field', async () => {
    const initial = await alice.client.get('/api/settings');
    expect(initial.body).toMatchObject({ remindersEnabled: true, reminderDays: [7, 2] });
    expect(initial.body.calendarUrl).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/api/calendar/[A-Za-z0-9_-]{32}\\.ics$`));
    expect(initial.body.webcalUrl).toBe(initial.body.calendarUrl.replace('http:', 'webcal:'));
    const changed = await alice.client.put('/api/settings', { remindersEnabled: false, reminderDays: [3, 10, 3] });
    expect(changed.body).toMatchObject({ remindersEnabled: false, reminderDays: [10, 3] });
    const bad = await alice.client.put('/api/settings', { reminderDays: [0] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'validation_failed', field: 'reminderDays.0' });
    expect((await alice.client.put('/api/settings', { remindersEnabled: 'yes' })).body.field).toBe('remindersEnabled');
    expect((await bob.client.get('/api/settings')).body).toMatchObject({ remindersEnabled: true, reminderDays: [7, 2] });
  });
});

describe('calendar feed', () => {
  it('serves one event per watched deadline with an alarm 2 days before, parsed back as RFC 5545', async () => {
    for (const project of projects) await alice.client.post('/api/watchlist', { projectId: project.id });
    const { calendarUrl } = (await alice.client.get('/api/settings')).body;
    const feed = await api.client({ origin: null }).get(feedPath(calendarUrl));
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(feed.body as string));
    const events = calendar.getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    const event = new ICAL.Event(events[0]!);
    expect(event.summary).toBe('Délai de remise: Nettoyage des vitres');
    expect(event.startDate.toJSDate().toISOString()).toBe('2030-03-01T11:00:00.000Z');
    expect(event.description).toContain('Adjudicateur: Ville de Sion');
    expect(event.description).toContain(`https://www.simap.ch/fr/project-detail/${projects[0]!.projectId}`);
    expect(event.description).toContain(`${TEST_PUBLIC_URL}/projects/${projects[0]!.id}`);
    const alarm = events[0]!.getFirstSubcomponent('valarm')!;
    expect(alarm.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect((alarm.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds()).toBe(-2 * 24 * 3600);
  });

  it("answers 404 for an unknown or renewed token; the renewed address works; nobody reads another user's feed", async () => {
    const old = (await alice.client.get('/api/settings')).body.calendarUrl as string;
    const renewed = await alice.client.post('/api/settings/calendar-token');
    expect(renewed.status).toBe(200);
    expect(renewed.body.calendarUrl).not.toBe(old);
    const anonymous = api.client({ origin: null });
    expect((await anonymous.get(feedPath(old))).status).toBe(404);
    expect((await anonymous.get(feedPath(renewed.body.calendarUrl))).status).toBe(200);
    expect((await anonymous.get('/api/calendar/not-a-token.ics')).status).toBe(404);
    // Bob's own feed lists only Bob's (empty) watchlist.
    const bobFeed = await anonymous.get(feedPath((await bob.client.get('/api/settings')).body.calendarUrl));
    expect(new ICAL.Component(ICAL.parse(bobFeed.body as string)).getAllSubcomponents('vevent')).toHaveLength(0);
    expect((await anonymous.post('/api/settings/calendar-token')).status).toBe(401);
  });
});
