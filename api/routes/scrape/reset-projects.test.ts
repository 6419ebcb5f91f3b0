import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProjects } from '../../../test-support/seed-projects.ts';
import { startTestApi, type SignedUpUser, type TestApi } from '../../../test-support/api-client.ts';

let api: TestApi;
let admin: SignedUpUser;
let member: SignedUpUser;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signUp(undefined, { admin: true });
  member = await api.signUp(undefined, { language: 'fr' });
  await seedProjects(api.db.knex, 40);
});
afterAll(async () => {
  await api?.close();
});

describe('POST /api/admin/reset-projects', () => {
  it('rebuilds the projects and re-scores every active alert in the same request, so match counts do not drop to 0', async () => {
    const created = await member.client.post('/api/alerts', { prompt: 'Entretien des horloges de clocher', frequency: 'daily' });
    expect(created.status).toBe(201);
    const before = (await member.client.get('/api/alerts')).body[0].matchCount as number;
    const statsBefore = (await member.client.get('/api/stats')).body.matchingProjects as number;
    expect(before).toBeGreaterThan(0);

    const reset = await admin.client.post('/api/admin/reset-projects');
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ projectsCount: 40, alertsRescored: 1, matches: expect.any(Number) });
    expect(reset.body.matches).toBeGreaterThanOrEqual(before);

    expect((await member.client.get('/api/alerts')).body[0].matchCount).toBe(before);
    expect((await member.client.get('/api/stats')).body.matchingProjects).toBe(statsBefore);
  });

  it('is for admins only', async () => {
    expect((await member.client.post('/api/admin/reset-projects')).status).toBe(403);
  });
});
