import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test-support/api-client.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('GET /api/config', () => {
  it('gives the thresholds, billing and languages without a session', async () => {
    const response = await api.client({ origin: null }).get('/api/config');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ matchThreshold: 50, notifyThreshold: 70, billing: 'off', languages: ['fr', 'de', 'it', 'en'] });
  });

  it('follows MATCH_THRESHOLD and NOTIFY_THRESHOLD', async () => {
    const other = await startTestApi({ env: { MATCH_THRESHOLD: '40', NOTIFY_THRESHOLD: '80' } });
    try {
      const response = await other.client().get('/api/config');
      expect(response.body).toMatchObject({ matchThreshold: 40, notifyThreshold: 80 });
    } finally {
      await other.close();
    }
  });
});
