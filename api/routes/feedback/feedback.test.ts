import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type SignedUpUser, type TestApi } from '../../../test-support/api-client.ts';
import { buildProjects, type BuiltProject } from '../../../test-support/factories.ts';
import { warmSharedLocalScorer } from '../../../pipeline/score/shared-local-scorer.ts';

// The real pipeline ports: feedback learns and re-scores with the local scorer, against Postgres.
let api: TestApi;
let alice: SignedUpUser;
let bob: SignedUpUser;
let alertId: number;
let projects: Record<'chapel' | 'chapelGrisaille' | 'grisailleOnly' | 'pianos' | 'pigeons', BuiltProject>;

const matches = async (user: SignedUpUser, id: number) =>
  (await user.client.get(`/api/alerts/${id}/matches`)).body as Array<{ score: number; feedback: string | null; project: { id: number } }>;

beforeAll(async () => {
  // The scorer's tables first: on a loaded machine their warm-up can outlast the wait of a request (INDEX_WAIT_MS),
  // and this file tests learning, not the warm-up (pipeline/score tests that).
  await warmSharedLocalScorer();
  api = await startTestApi();
  const [chapel, chapelGrisaille, grisailleOnly, pianos, pigeons] = await buildProjects(api.db.knex, [
    { title: 'Restauration des vitraux de la chapelle', description: 'Restauration complète des vitraux et des rosaces.', creationLanguage: 'fr' },
    {
      title: 'Restauration de vitraux à la grisaille cuite',
      description: 'Vitraux anciens, grisaille cuite au four, sertissage au plomb.',
      creationLanguage: 'fr',
    },
    { title: 'Grisaille cuite pour la halle', description: 'Application de grisaille cuite au four sur la verrière de la halle.', creationLanguage: 'fr' },
    { title: 'Accordage des pianos du conservatoire', description: 'Accordage des pianos droits et à queue.', creationLanguage: 'fr' },
    {
      title: 'Filets anti-pigeons et restauration des vitraux',
      description: 'Retrait des fientes de pigeons sur les vitraux du temple.',
      creationLanguage: 'fr',
    },
  ]);
  projects = { chapel: chapel!, chapelGrisaille: chapelGrisaille!, grisailleOnly: grisailleOnly!, pianos: pianos!, pigeons: pigeons! };
  alice = await api.signUp(undefined, { language: 'fr' });
  bob = await api.signUp(undefined, { language: 'fr' });
  const created = await alice.client.post('/api/alerts', { prompt: 'Restauration de vitraux anciens', language: 'fr' });
  expect(created.status).toBe(201);
  alertId = created.body.id;
}, 120_000);
afterAll(async () => {
  await api?.close();
});

describe('feedback on matches', () => {
  it('records 👍/👎 per (alert, project), shows it in the match list and on the project, changes and removes it', async () => {
    const listed = await matches(alice, alertId);
    expect(listed.map((m) => m.project.id)).toContain(projects.chapel.id);
    expect(listed.every((m) => m.feedback === null)).toBe(true);

    const liked = await alice.client.post(`/api/alerts/${alertId}/feedback`, { projectId: projects.chapel.id, verdict: 'relevant' });
    expect(liked.status).toBe(200);
    expect(liked.body).toMatchObject({ alertId, projectId: projects.chapel.id, verdict: 'relevant', updatedAt: expect.any(String) });
    expect((await matches(alice, alertId)).find((m) => m.project.id === projects.chapel.id)?.feedback).toBe('relevant');

    const changed = await alice.client.post(`/api/alerts/${alertId}/feedback`, { projectId: projects.chapel.id, verdict: 'not_relevant' });
    expect(changed.body.verdict).toBe('not_relevant');
    const onProject = await alice.client.get(`/api/projects/${projects.chapel.id}/matches`);
    expect(onProject.body.find((m: { alert: { id: number } }) => m.alert.id === alertId)?.feedback).toBe('not_relevant');
    expect(await api.db.knex('alert_feedback').where({ alertId })).toHaveLength(1);

    const removed = await alice.client.delete(`/api/alerts/${alertId}/feedback/${projects.chapel.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.verdict).toBeNull();
    expect((await matches(alice, alertId)).find((m) => m.project.id === projects.chapel.id)?.feedback).toBeNull();
    expect((await alice.client.delete(`/api/alerts/${alertId}/feedback/${projects.chapel.id}`)).status).toBe(404);
  }, 120_000);

  it('refuses bad input with a 400 naming the field, and unknown projects with 404', async () => {
    const bad = await alice.client.post(`/api/alerts/${alertId}/feedback`, { projectId: projects.chapel.id, verdict: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'validation_failed', message: 'verdict must be relevant or not_relevant', field: 'verdict' });
    const noProject = await alice.client.post(`/api/alerts/${alertId}/feedback`, { verdict: 'relevant' });
    expect(noProject.body).toMatchObject({ error: 'validation_failed', field: 'projectId' });
    expect((await alice.client.post(`/api/alerts/${alertId}/feedback`, { projectId: 999_999, verdict: 'relevant' })).status).toBe(404);
    const words = await alice.client.put(`/api/alerts/${alertId}/exclusions`, { words: ['x'] });
    expect(words.body).toMatchObject({ error: 'validation_failed', field: 'words.0' });
  });

  it("keeps each user's feedback and learning to themselves: another user gets 404 and changes nothing", async () => {
    await alice.client.post(`/api/alerts/${alertId}/feedback`, { projectId: projects.pianos.id, verdict: 'not_relevant' });
    const before = await api.db.knex('alert_feedback').where({ alertId }).select('projectId', 'verdict');
    const items = await api.db.knex('alert_learned_items').where({ alertId }).select('id');

    expect((await bob.client.post(`/api/alerts/${alertId}/feedback`, { projectId: projects.pianos.id, verdict: 'relevant' })).status).toBe(404);
    expect((await bob.client.delete(`/api/alerts/${alertId}/feedback/${projects.pianos.id}`)).status).toBe(404);
    expect((await bob.client.get(`/api/alerts/${alertId}/learning`)).status).toBe(404);
    expect((await bob.client.put(`/api/alerts/${alertId}/exclusions`, { words: ['pianos'] })).status).toBe(404);
    if (items[0]) expect((await bob.client.delete(`/api/alerts/${alertId}/learning/${items[0].id}`)).status).toBe(404);
    expect((await bob.client.get(`/api/alerts/${alertId}/matches`)).status).toBe(404);
    // Bob's view of the project shows none of Alice's alerts or verdicts.
    expect((await bob.client.get(`/api/projects/${projects.pianos.id}/matches`)).body).toEqual([]);
    expect((await api.client().post(`/api/alerts/${alertId}/feedback`, { projectId: projects.pianos.id, verdict: 'relevant' })).status).toBe(401);

    expect(await api.db.knex('alert_feedback').where({ alertId }).select('projectId', 'verdict')).toEqual(before);
    expect(await api.db.knex('alert_learned_items').where({ alertId }).select('id')).toEqual(items);
    await alice.client.delete(`/api/alerts/${alertId}/feedback/${projects.pianos.id}`);
  }, 120_000);
});

describe('learning from feedback', () => {
  it('learns "more like" from a liked project, re-scores at once, an undo takes an item back and clearing the 👍 the rest', async () => {
    const grisailleBefore = (await matches(alice, alertId)).find((m) => m.project.id === projects.grisailleOnly.id)?.score ?? 0;
    const liked = await alice.client.post(`/api/alerts/${alertId}/feedback`, { projectId: projects.chapelGrisaille.id, verdict: 'relevant' });
    expect(liked.status).toBe(200);
    const more = liked.body.learning.moreLike as Array<{ id: number; value: string }>;
    expect(more.map((item) => item.value.toLowerCase())).toContain('grisaille');
    expect(liked.body.learning.resemblance).toEqual({ liked: 1, disliked: 0 });

    // Re-scored in the request: a project that shares only the learned words now scores higher.
    const grisailleAfter = (await matches(alice, alertId)).find((m) => m.project.id === projects.grisailleOnly.id)?.score ?? 0;
    expect(grisailleAfter).toBeGreaterThan(grisailleBefore);

    const learning = await alice.client.get(`/api/alerts/${alertId}/learning`);
    expect(learning.body.moreLike).toEqual(more);
    for (const item of more) {
      const undone = await alice.client.delete(`/api/alerts/${alertId}/learning/${item.id}`);
      expect(undone.status).toBe(200);
    }
    expect((await alice.client.get(`/api/alerts/${alertId}/learning`)).body.moreLike).toEqual([]);
    // The 👍 itself still counts (the project resembles the liked one) until it is cleared.
    const grisailleUndone = (await matches(alice, alertId)).find((m) => m.project.id === projects.grisailleOnly.id)?.score ?? 0;
    expect(grisailleUndone).toBeLessThan(grisailleAfter);
    expect(grisailleUndone).toBeGreaterThan(grisailleBefore);
    expect((await alice.client.delete(`/api/alerts/${alertId}/feedback/${projects.chapelGrisaille.id}`)).status).toBe(200);
    expect((await matches(alice, alertId)).find((m) => m.project.id === projects.grisailleOnly.id)?.score ?? 0).toBe(grisailleBefore);

    // Learning again from the same feedback does not bring an undone item back.
    await alice.client.post(`/api/alerts/${alertId}/feedback`, { projectId: projects.chapelGrisaille.id, verdict: 'relevant' });
    expect((await alice.client.get(`/api/alerts/${alertId}/learning`)).body.moreLike).toEqual([]);
  }, 120_000);

  it('"must not contain" words drop the projects that contain them, and removing the word brings them back', async () => {
    expect((await matches(alice, alertId)).map((m) => m.project.id)).toContain(projects.pigeons.id);
    const set = await alice.client.put(`/api/alerts/${alertId}/exclusions`, { words: ['pigeons'] });
    expect(set.status).toBe(200);
    expect(set.body.excluded.map((item: { value: string }) => item.value)).toEqual(['pigeons']);
    const after = (await matches(alice, alertId)).map((m) => m.project.id);
    expect(after).not.toContain(projects.pigeons.id);
    expect(after).toContain(projects.chapel.id);

    const cleared = await alice.client.put(`/api/alerts/${alertId}/exclusions`, { words: [] });
    expect(cleared.body.excluded).toEqual([]);
    expect((await matches(alice, alertId)).map((m) => m.project.id)).toContain(projects.pigeons.id);
  }, 120_000);
});
