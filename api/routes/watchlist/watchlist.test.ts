import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type SignedUpUser, type TestApi } from '../../../test-support/api-client.ts';
import { buildProjects, type BuiltProject } from '../../../test-support/factories.ts';
import { addPublication } from '../../../test-support/watchlist-fixtures.ts';

let api: TestApi;
let alice: SignedUpUser;
let bob: SignedUpUser;
let soon: BuiltProject;
let later: BuiltProject;
let undated: BuiltProject;

beforeAll(async () => {
  api = await startTestApi();
  [soon, later, undated] = (await buildProjects(api.db.knex, [
    { title: 'Nettoyage des vitres', deadline: new Date('2030-03-01T12:00:00Z'), organization: 'Ville de Sion' },
    { title: 'Entretien des routes', deadline: new Date('2030-05-01T12:00:00Z') },
    { title: 'Étude sans délai' },
  ])) as [BuiltProject, BuiltProject, BuiltProject];
  await api.db.knex('projects').where({ id: soon.id }).update({ titleDe: 'Fensterreinigung' });
  alice = await api.signUp(undefined, { language: 'de' });
  bob = await api.signUp();
});
afterAll(async () => {
  await api?.close();
});

describe('watchlist', () => {
  it("adds with ☆, lists soonest deadline first in the user's language, and removes", async () => {
    for (const project of [undated, later, soon]) expect((await alice.client.post('/api/watchlist', { projectId: project.id })).status).toBe(201);
    expect((await alice.client.post('/api/watchlist', { projectId: soon.id })).status).toBe(200);
    const listed = await alice.client.get('/api/watchlist');
    expect(listed.status).toBe(200);
    expect(listed.body.map((p: { id: number }) => p.id)).toEqual([soon.id, later.id, undated.id]);
    expect(listed.body[0]).toMatchObject({
      title: 'Fensterreinigung',
      organization: 'Ville de Sion',
      deadline: '2030-03-01T12:00:00.000Z',
      status: 'open',
      simapUrl: `https://www.simap.ch/de/project-detail/${soon.projectId}`,
      changes: [],
    });
    expect((await alice.client.delete(`/api/watchlist/${undated.id}`)).status).toBe(200);
    expect((await alice.client.delete(`/api/watchlist/${undated.id}`)).status).toBe(404);
    expect((await alice.client.get('/api/watchlist')).body).toHaveLength(2);
  });

  it('shows corrections, awards and cancellations on the card', async () => {
    await addPublication(api.db.knex, soon, { pubType: 'tender', corrected: true, date: '2030-01-10' });
    await addPublication(api.db.knex, soon, { pubType: 'award', date: '2030-04-01' });
    await addPublication(api.db.knex, later, { pubType: 'revocation', date: '2030-02-01' });
    await api.db.knex('projects').where({ id: soon.id }).update({ status: 'awarded' });
    const listed = (await alice.client.get('/api/watchlist')).body as Array<{ id: number; status: string; changes: Array<{ kind: string; date: string }> }>;
    const card = listed.find((p) => p.id === soon.id)!;
    expect(card.status).toBe('awarded');
    expect(card.changes.map((c) => [c.kind, c.date])).toEqual([
      ['corrected', '2030-01-10'],
      ['awarded', '2030-04-01'],
    ]);
    expect(listed.find((p) => p.id === later.id)!.changes.map((c) => c.kind)).toEqual(['revoked']);
  });

  it("keeps each user's watchlist to themselves", async () => {
    expect((await bob.client.get('/api/watchlist')).body).toEqual([]);
    expect((await bob.client.delete(`/api/watchlist/${soon.id}`)).status).toBe(404);
    expect((await alice.client.get('/api/watchlist')).body.map((p: { id: number }) => p.id)).toContain(soon.id);
    expect((await api.client().get('/api/watchlist')).status).toBe(401);
  });

  it('refuses bad input with a 400 naming the field, and unknown projects with 404', async () => {
    const bad = await alice.client.post('/api/watchlist', { projectId: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'validation_failed', field: 'projectId' });
    expect((await alice.client.post('/api/watchlist', { projectId: 999_999 })).status).toBe(404);
    expect((await alice.client.delete('/api/watchlist/0')).body).toMatchObject({ error: 'validation_failed', field: 'projectId' });
  });
});
