import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestMatch, insertTestProject, startTestApi, testPipeline, type SignedUpUser, type TestApi } from '../../../test-support/api-client.ts';

let api: TestApi;
let user: SignedUpUser;
let ids: Record<string, number>;

beforeAll(async () => {
  api = await startTestApi({
    pipeline: testPipeline({ scoreAlertNow: async () => ({ scored: 0, matches: 0 }) }),
  });
  user = await api.signUp();
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  ids = {
    school: (
      await insertTestProject(api.db, {
        title: 'Nettoyage des écoles',
        titleDe: 'Schulreinigung',
        organization: 'Ville de Lausanne',
        category: 'services',
        publishedAt: day(3),
      })
    ).id,
    road: (
      await insertTestProject(api.db, {
        title: 'Road resurfacing 100%',
        organization: 'Canton de Genève',
        location: 'Genève',
        category: 'works',
        publishedAt: day(2),
      })
    ).id,
    bridge: (await insertTestProject(api.db, { title: 'Bridge_inspection', organization: 'ASTRA', category: 'works', publishedAt: day(1) })).id,
  };
  await api.db.knex('project_summaries').insert({ projectId: ids.school, language: 'fr', text: 'Un résumé', model: 'test', contentSeq: 1 });
  const alerts = [];
  for (const prompt of ['Cleaning of school buildings', 'Road works in Geneva'])
    alerts.push((await user.client.post('/api/alerts', { prompt })).body.id as number);
  await insertTestMatch(api.db, alerts[0]!, ids.school!, 85);
  await insertTestMatch(api.db, alerts[1]!, ids.school!, 55);
  await insertTestMatch(api.db, alerts[1]!, ids.road!, 40);
});
afterAll(async () => {
  await api?.close();
});

describe('project list', () => {
  it('lists newest first with the total in X-Total-Count and match data for this user', async () => {
    const response = await user.client.get('/api/projects?limit=2');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe('3');
    expect(response.body.map((p: { id: number }) => p.id)).toEqual([ids.school, ids.road]);
    const school = response.body[0];
    expect(school).toMatchObject({ titleDe: 'Schulreinigung', summaryFr: 'Un résumé', summaryEn: null, matchScore: 85, matchCount: 2 });
    expect(JSON.parse(school.metadata)).toMatchObject({ url: expect.stringContaining('simap.ch') });
    expect(response.body[1]).toMatchObject({ matchScore: 40, matchCount: 0 });
    expect(school).not.toHaveProperty('content');
  });

  it("shows nothing of another user's scores", async () => {
    const other = await api.signUp();
    const response = await other.client.get('/api/projects');
    expect(response.body.every((p: { matchScore: number | null; matchCount: number }) => p.matchScore === null && p.matchCount === 0)).toBe(true);
  });

  it('searches titles in every language, organization and location, case-insensitively, treating % and _ literally', async () => {
    const search = async (q: string) => (await user.client.get(`/api/projects?q=${encodeURIComponent(q)}`)).body.map((p: { id: number }) => p.id);
    expect(await search('SCHULREINIGUNG')).toEqual([ids.school]);
    expect(await search('genève')).toEqual([ids.road]);
    expect(await search('100%')).toEqual([ids.road]);
    expect(await search('%')).toEqual([ids.road]);
    expect(await search('g_n')).toEqual([]);
    expect(await search('bridge_')).toEqual([ids.bridge]);
    const response = await user.client.get('/api/projects?q=canton&category=works');
    expect(response.headers.get('x-total-count')).toBe('1');
  });

  it('sorts by title and organization and pages with offset', async () => {
    const titles = (await user.client.get('/api/projects?sort=title')).body.map((p: { id: number }) => p.id);
    expect(titles).toEqual([ids.bridge, ids.school, ids.road]);
    const organizations = (await user.client.get('/api/projects?sort=organization&offset=1&limit=1')).body.map((p: { id: number }) => p.id);
    expect(organizations).toEqual([ids.road]);
  });

  it('refuses a bad limit, sort or offset with 400', async () => {
    for (const query of ['limit=101', 'limit=0', 'limit=abc', 'offset=-1', 'sort=random', 'q=a&q=b']) {
      const response = await user.client.get(`/api/projects?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error).toBe('validation_failed');
    }
  });

  it('lists distinct categories', async () => {
    expect((await user.client.get('/api/projects/categories')).body).toEqual(['services', 'works']);
  });
});

describe('one project', () => {
  it("answers the detail with content, its summaries and this user's matches", async () => {
    const detail = await user.client.get(`/api/projects/${ids.school}`);
    expect(detail.body).toMatchObject({ id: ids.school, content: 'Full content', matchScore: 85 });
    expect((await user.client.get(`/api/projects/${ids.school}/summaries`)).body).toMatchObject({
      french: 'Un résumé',
      english: null,
      german: null,
      italian: null,
    });
    const matches = (await user.client.get(`/api/projects/${ids.school}/matches`)).body;
    expect(matches).toEqual([
      {
        id: expect.any(Number),
        score: 85,
        explanation: 'scored 85',
        alert: { id: expect.any(Number), prompt: 'Cleaning of school buildings' },
        feedback: null,
      },
      { id: expect.any(Number), score: 55, explanation: 'scored 55', alert: { id: expect.any(Number), prompt: 'Road works in Geneva' }, feedback: null },
    ]);
    const other = await api.signUp();
    expect((await other.client.get(`/api/projects/${ids.school}/matches`)).body).toEqual([]);
  });

  it('answers 400 for a non-integer id and 404 for an unknown one', async () => {
    expect((await user.client.get('/api/projects/12abc')).status).toBe(400);
    expect((await user.client.get('/api/projects/999999')).status).toBe(404);
    expect((await user.client.get('/api/projects/999999/summaries')).status).toBe(404);
    expect((await user.client.get('/api/projects/999999/matches')).status).toBe(404);
  });

  it("counts stats over the user's active alerts", async () => {
    expect((await user.client.get('/api/stats')).body).toEqual({ totalProjects: 3, matchingProjects: 1, activeAlerts: 2 });
  });
});
