import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, startTestApi, testPipeline, type SignedUpUser, type TestApi } from '../../../test-support/api-client.ts';

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
  it('adds a project, shows it in the status, and re-queues incomplete projects', async () => {
    const project = await insertTestProject(api.db);
    const added = await admin.client.post(`/api/queue/add/${project.id}`);
    expect(added.status).toBe(200);
    const status = (await admin.client.get('/api/queue/status')).body;
    expect(status).toEqual({ queueLength: expect.any(Number), pending: expect.any(Number), processing: 0, completed: 0, failed: 0 });
    expect(status.pending).toBeGreaterThanOrEqual(1);
    const check = await admin.client.post('/api/queue/check-incomplete');
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ queued: expect.any(Number) });
  });

  it('resets projects with the real reset', async () => {
    const response = await admin.client.post('/api/admin/reset-projects');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ projectsCount: expect.any(Number), alertsRescored: 0, matches: 0 });
  });
});
