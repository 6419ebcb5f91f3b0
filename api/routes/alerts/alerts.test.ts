import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCORE_FLOOR } from '../../../domain/score-thresholds.ts';
import { ScoringStoppedError } from '../../../pipeline/score/scoring-stopped-error.ts';
import { insertTestMatch, insertTestProject, startTestApi, testPipeline, type TestApi } from '../../../test-support/api-client.ts';

let api: TestApi;
let scoredAlerts: number[];

beforeAll(async () => {
  scoredAlerts = [];
  api = await startTestApi({
    pipeline: testPipeline({
      scoreAlertNow: async (_db, alertId) => {
        scoredAlerts.push(alertId);
        return { scored: 0, matches: 0 };
      },
    }),
  });
});
afterAll(async () => {
  await api?.close();
});

describe('alerts', () => {
  it('creates with defaults, scores in the request, lists, edits, toggles and deletes', async () => {
    const user = await api.signUp(undefined, { language: 'de' });
    const created = await user.client.post('/api/alerts', { prompt: 'Klavierstimmung in Konservatorien im Kanton Bern' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      prompt: 'Klavierstimmung in Konservatorien im Kanton Bern',
      isActive: true,
      frequency: 'daily',
      language: 'de',
      promptLanguage: 'de',
      matchCount: 0,
      createdAt: expect.any(String),
    });
    const id = created.body.id as number;
    expect(scoredAlerts).toContain(id);
    const row = await api.db.knex('alerts').where({ id }).first('promptHash');
    expect(row.promptHash).toMatch(/^[0-9a-f]{64}$/);

    const edited = await user.client.put(`/api/alerts/${id}`, { prompt: 'Accordage de pianos de concert', frequency: 'weekly', language: 'fr' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ prompt: 'Accordage de pianos de concert', frequency: 'weekly', language: 'fr', isActive: true });
    expect((await api.db.knex('alerts').where({ id }).first('promptHash')).promptHash).not.toBe(row.promptHash);

    const toggled = await user.client.put(`/api/alerts/${id}`, { isActive: false });
    expect(toggled.body.isActive).toBe(false);
    expect((await user.client.get('/api/alerts')).body).toHaveLength(1);

    const project = await insertTestProject(api.db);
    await insertTestMatch(api.db, id, project.id, 90);
    const deleted = await user.client.delete(`/api/alerts/${id}`);
    expect(deleted.status).toBe(200);
    expect(await api.db.knex('alert_matches').where({ alertId: id })).toHaveLength(0);
    expect((await user.client.get('/api/alerts')).body).toEqual([]);
  });

  it('counts matches at or above the match threshold and lists them with their project', async () => {
    const user = await api.signUp();
    const alert = (await user.client.post('/api/alerts', { prompt: 'Organ tuning in Geneva' })).body;
    const strong = await insertTestProject(api.db, { title: 'Organ tuning' });
    const weak = await insertTestProject(api.db, { title: 'Bakery' });
    await insertTestMatch(api.db, alert.id, strong.id, 80);
    await insertTestMatch(api.db, alert.id, weak.id, 30);
    const listed = (await user.client.get('/api/alerts')).body;
    expect(listed[0].matchCount).toBe(1);
    const matches = await user.client.get(`/api/alerts/${alert.id}/matches`);
    expect(matches.body.map((m: { score: number }) => m.score)).toEqual([80, 30]);
    expect(matches.body[0]).toMatchObject({
      id: expect.any(Number),
      explanation: 'scored 80',
      project: { id: strong.id, title: 'Organ tuning', matchScore: 80, matchCount: 1 },
    });
    const processed = await user.client.post(`/api/alerts/${alert.id}/process`);
    expect(processed.body).toEqual({ scored: 0, matches: 0 });
  });

  it('allows three active alerts and refuses a fourth with 403, also when re-activating', async () => {
    const user = await api.signUp();
    for (let i = 0; i < 3; i += 1) expect((await user.client.post('/api/alerts', { prompt: `Alert number ${i} for testing` })).status).toBe(201);
    const fourth = await user.client.post('/api/alerts', { prompt: 'Alert number 4 for testing' });
    expect(fourth.status).toBe(403);
    expect(fourth.body.error).toBe('alert_limit_reached');
    expect(fourth.body.message).toContain('3');
    const inactive = await user.client.post('/api/alerts', { prompt: 'An inactive fourth alert', isActive: false });
    expect(inactive.status).toBe(201);
    expect((await user.client.put(`/api/alerts/${inactive.body.id}`, { isActive: true })).status).toBe(403);
    const subscription = await user.client.get('/api/subscription');
    expect(subscription.body).toEqual({
      billing: 'off',
      status: 'active',
      plan: 'monthly',
      currentPeriodStart: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      activeAlertCount: 3,
      maxAlerts: 3,
    });
  });

  it('enforces the active limit under concurrent creation', async () => {
    const user = await api.signUp();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => user.client.post('/api/alerts', { prompt: `Concurrent alert ${i} here` })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(3);
  });

  it('names the language the prompt is written in, not the interface language', async () => {
    const user = await api.signUp(undefined, { language: 'fr' });
    const english = await user.client.post('/api/alerts', { prompt: 'tuning of the church organs in the canton of Vaud' });
    expect(english.body).toMatchObject({ language: 'fr', promptLanguage: 'en' });
    const german = await user.client.post('/api/alerts', { prompt: 'Stimmung der Orgeln und der Glocken im Kanton' });
    expect(german.body).toMatchObject({ language: 'fr', promptLanguage: 'de' });
  });

  it('validates prompts and frequencies with clear messages', async () => {
    const user = await api.signUp();
    const short = await user.client.post('/api/alerts', { prompt: 'too short' });
    expect(short.body).toEqual({ error: 'validation_failed', message: 'Prompt must be at least 10 characters', field: 'prompt' });
    expect((await user.client.post('/api/alerts', { prompt: 'x'.repeat(2001) })).status).toBe(400);
    expect((await user.client.post('/api/alerts', { prompt: 'long enough prompt', frequency: 'hourly' })).status).toBe(400);
    expect((await user.client.put('/api/alerts/abc', { isActive: true })).status).toBe(400);
  });
});

describe('alerts scored by the real local scorer', () => {
  let scored: TestApi;
  beforeAll(async () => {
    scored = await startTestApi({ pipeline: testPipeline() });
  });
  afterAll(async () => {
    await scored?.close();
  });

  it('scores a new alert against existing projects within the request', async () => {
    const piano = await insertTestProject(scored.db, {
      title: 'Accordage des pianos du conservatoire de Lausanne',
      titleFr: 'Accordage des pianos du conservatoire de Lausanne',
      description: 'Accordage trimestriel des pianos droits et à queue de la ville de Lausanne',
    });
    const sails = await insertTestProject(scored.db, { title: 'Achat de voiles pour bateaux', description: 'Voiles et cordages' });
    const user = await scored.signUp(undefined, { language: 'fr' });
    const created = await user.client.post('/api/alerts', { prompt: 'Accordage de pianos dans le canton de Vaud' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;

    // Creation scored both projects: the piano tuning is stored and listed first; the sails
    // scored below SCORE_FLOOR, so are not stored (nor ranked above it).
    const matches: Array<{ score: number; explanation: string; project: { id: number } }> = (await user.client.get(`/api/alerts/${id}/matches`)).body;
    expect(matches.map((m) => m.project.id)).toEqual([piano.id]);
    expect(matches.map((m) => m.project.id)).not.toContain(sails.id);
    const [pianoMatch] = matches;
    expect(pianoMatch!.score).toBeGreaterThanOrEqual(SCORE_FLOOR);
    expect(pianoMatch!.score).toBeLessThanOrEqual(100);
    expect(pianoMatch!.explanation).toMatch(/accordage/i);
    // matchCount counts only the stored pairs at or above the match threshold.
    expect(created.body.matchCount).toBe(pianoMatch!.score >= scored.config.thresholds.match ? 1 : 0);

    // "Process now" scores the projects changed since the alert's last pass: none right after creation, then the one added.
    const processed = await user.client.post(`/api/alerts/${id}/process`);
    expect(processed.status).toBe(200);
    expect(processed.body).toEqual({ scored: 0, matches: 1 });
    await insertTestProject(scored.db, { title: 'Réfection des quais du port', description: 'Pieux et palplanches' });
    const again = await user.client.post(`/api/alerts/${id}/process`);
    expect(again.body).toEqual({ scored: 1, matches: 1 });
  });
});

describe('alerts while the server stops', () => {
  let stopping: TestApi;
  beforeAll(async () => {
    stopping = await startTestApi({ pipeline: testPipeline({ scoreAlertNow: () => Promise.reject(new ScoringStoppedError()) }) });
  });
  afterAll(async () => {
    await stopping?.close();
  });

  it('answers a new alert as saved (scored by the next run), and "process now" with 503 restarting', async () => {
    const user = await stopping.signUp(undefined, { language: 'it' });
    const created = await user.client.post('/api/alerts', { prompt: 'Accordatura dei pianoforti dei conservatori' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ prompt: 'Accordatura dei pianoforti dei conservatori', matchCount: 0 });
    expect(await stopping.db.knex('alerts').where({ id: created.body.id }).first('id')).toBeDefined();

    const processed = await user.client.post(`/api/alerts/${created.body.id}/process`);
    expect(processed.status).toBe(503);
    expect(processed.headers.get('retry-after')).toBe('60');
    expect(processed.body).toEqual({ error: 'restarting', message: 'The server is restarting; please try again in a minute' });
  });
});
