import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test-support/api-client.ts';

let loopback: TestApi;
let publicHost: TestApi;

beforeAll(async () => {
  loopback = await startTestApi({ env: { PUBLIC_URL: 'http://localhost:3000' } });
  publicHost = await startTestApi({ env: { PUBLIC_URL: 'https://vigie.example' } });
});
afterAll(async () => {
  await loopback?.close();
  await publicHost?.close();
});

const login = (api: TestApi, origin: string) => api.client({ origin }).post('/api/login', { username: 'nobody', password: 'wrong password' });

describe('origin check', () => {
  it('accepts every loopback spelling of a loopback PUBLIC_URL', async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])
      expect((await login(loopback, origin)).status, origin).toBe(401);
  });

  it('still refuses another port, another scheme or a foreign host next to a loopback PUBLIC_URL', async () => {
    for (const origin of ['http://localhost:3001', 'https://localhost:3000', 'http://127.0.0.2:3000', 'http://evil.example']) {
      const refused = await login(loopback, origin);
      expect(refused.status, origin).toBe(403);
      expect(refused.body).toEqual({
        error: 'origin_mismatch',
        message: 'Cross-origin request refused: open the app at http://localhost:3000',
        expectedOrigin: 'http://localhost:3000',
      });
    }
  });

  it('accepts only the exact origin of a public PUBLIC_URL and names it when refusing', async () => {
    expect((await login(publicHost, 'https://vigie.example')).status).toBe(401);
    const refused = await login(publicHost, 'http://vigie.example');
    expect(refused.status).toBe(403);
    expect(refused.body.expectedOrigin).toBe('https://vigie.example');
  });
});
