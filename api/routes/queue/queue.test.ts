import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, startTestApi, testPipeline, type SignedUpUser, type TestApi } from '../../../test-support/api-client.ts';
import { seedProjects } from '../../../test-support/seed-projects.ts';

let api: TestApi;
let admin: SignedUpUser;

beforeAll(async () => {
  api = await startTestApi({ pipeline: testPipeline() });
  admin = await api.signUp(undefined, { admin: true });
});
afterAll(async () => {
  await api?.close();
});

describe('summary queue administration (real queue)', () => {
  it('adds a project (once, however often asked), counts it, and re-queues only the projects that lack a summary', async () => {
    const waiting = await insertTestProject(api.db);
    await insertTestProject(api.db);
    expect((await admin.client.post(`/api/queue/add/${waiting.id}`)).body).toEqual({ queued: true, message: 'Project added to the queue' });
    expect((await admin.client.post(`/api/queue/add/${waiting.id}`)).body).toEqual({ queued: true, message: 'Project added to the queue' });
    expect((await admin.client.get('/api/queue/status')).body).toEqual({ queueLength: 1, pending: 1, processing: 0, completed: 0, failed: 0 });

    // The second project has no summary and no job; the first already waits.
    expect((await admin.client.post('/api/queue/check-incomplete')).body).toEqual({ queued: 1 });
    expect((await admin.client.get('/api/queue/status')).body).toEqual({ queueLength: 2, pending: 2, processing: 0, completed: 0, failed: 0 });
    expect((await admin.client.post('/api/queue/check-incomplete')).body).toEqual({ queued: 0 });
  });

  it('resets projects from the stored publications: hand-inserted ones go, the rebuilt ones wait for their summaries', async () => {
    const seeded = await seedProjects(api.db.knex, 3);
    expect(seeded.projects).toBe(5);
    const response = await admin.client.post('/api/admin/reset-projects');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ projectsCount: 3, alertsRescored: 0, matches: 0 });
    expect((await admin.client.get('/api/queue/status')).body).toEqual({ queueLength: 3, pending: 3, processing: 0, completed: 0, failed: 0 });
  });
});
