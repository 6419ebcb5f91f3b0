import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestMatch, insertTestProject, startTestApi, testPipeline, type TestApi } from '../../../test-support/api-client.ts';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ pipeline: testPipeline({ scoreAlertNow: async () => ({ scored: 0, matches: 0 }) }), projectListTtlMs: 600_000 });
});
afterAll(async () => {
  await api?.close();
});

type Item = { id: number; title: string; matchScore: number | null; matchCount: number };

describe('project list pages kept between requests', () => {
  it("reuses a page for every user, but reads each user's own scores for every request; a text search is always read", async () => {
    const tuner = await api.signUp();
    const glazier = await api.signUp();
    const tunerAlert = (await tuner.client.post('/api/alerts', { prompt: 'Accordage de pianos de concert' })).body.id as number;
    await glazier.client.post('/api/alerts', { prompt: 'Restauration de vitraux anciens' });
    const { id } = await insertTestProject(api.db, { title: 'Accordage des pianos du conservatoire' });

    const first = (await tuner.client.get('/api/projects')).body as Item[];
    expect(first).toEqual([expect.objectContaining({ id, title: 'Accordage des pianos du conservatoire', matchScore: null, matchCount: 0 })]);

    await api.db.knex('projects').where({ id }).update({ title: 'Accordage et entretien des pianos' });
    await insertTestMatch(api.db, tunerAlert, id, 80);

    expect((await tuner.client.get('/api/projects')).body).toEqual([
      expect.objectContaining({ id, title: 'Accordage des pianos du conservatoire', matchScore: 80, matchCount: 1 }),
    ]);
    expect((await glazier.client.get('/api/projects')).body).toEqual([
      expect.objectContaining({ id, title: 'Accordage des pianos du conservatoire', matchScore: null, matchCount: 0 }),
    ]);
    expect((await tuner.client.get('/api/projects?q=entretien')).body).toEqual([
      expect.objectContaining({ id, title: 'Accordage et entretien des pianos', matchScore: 80, matchCount: 1 }),
    ]);
  });
});
