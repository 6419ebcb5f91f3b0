import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../domain/languages.ts';
import { insertTestProject, startTestApi, testPipeline, type SignedUpUser, type TestApi } from '../test-support/api-client.ts';

let api: TestApi;
let user: SignedUpUser;
let alertId: number;
let projectId: number;

beforeAll(async () => {
  api = await startTestApi({
    pipeline: testPipeline({
      scoreAlertNow: async () => ({ scored: 0, matches: 0 }),
      findProjectSummaries: async () => ({ french: null, english: null, german: null, italian: null, status: 'none', extractive: [], noticeLanguage: null }),
    }),
  });
  user = await api.signUp(undefined, { admin: true });
  alertId = (await user.client.post('/api/alerts', { prompt: 'A stable alert for fuzzing', isActive: false })).body.id;
  projectId = (await insertTestProject(api.db)).id;
});
afterAll(async () => {
  await api?.close();
});

const anyJson = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(fc.constantFrom('username', 'email', 'password', 'language', 'prompt', 'isActive', 'frequency', 'token', 'newPassword', 'confirmPassword', '__proto__', 'constructor'), fc.jsonValue()),
  fc.record(
    {
      prompt: fc.oneof(fc.string({ maxLength: 2100 }), fc.jsonValue()),
      isActive: fc.oneof(fc.boolean(), fc.jsonValue()),
      frequency: fc.oneof(fc.constantFrom('immediate', 'daily', 'weekly'), fc.string()),
      language: fc.oneof(fc.constantFrom(...LANGUAGES), fc.string()),
    },
    { requiredKeys: [] },
  ),
);

const BODY_ENDPOINTS: [string, () => string][] = [
  ['POST', () => '/api/register'],
  ['POST', () => '/api/login'],
  ['POST', () => '/api/forgot-password'],
  ['POST', () => '/api/reset-password'],
  ['PUT', () => '/api/user'],
  ['POST', () => '/api/alerts'],
  ['PUT', () => `/api/alerts/${alertId}`],
];

const QUERY_ENDPOINTS = ['/api/projects', '/api/notifications/email', '/api/verify-email', '/api/check-reset-token'];

describe('property-based fuzzing: no input makes the server fail', () => {
  for (const [method, path] of BODY_ENDPOINTS) {
    it(`${method} ${path.toString().replace(/^\(\) => /, '')} never answers 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(anyJson, async (body) => {
          const response = await user.client.request(method, path(), JSON.stringify(body));
          expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
          if (response.status >= 400) expect(response.body).toHaveProperty('error');
        }),
        { numRuns: 130 },
      );
    });
  }

  it('query strings and path ids never answer 5xx', async () => {
    const text = fc.string({ maxLength: 60 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...QUERY_ENDPOINTS), fc.dictionary(fc.constantFrom('limit', 'offset', 'q', 'category', 'sort', 'token'), text), async (path, query) => {
        const response = await user.client.get(`${path}?${new URLSearchParams(query).toString()}`);
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(text, fc.integer().map(String), fc.double().map(String)), async (id) => {
        for (const path of [`/api/projects/${encodeURIComponent(id)}`, `/api/alerts/${encodeURIComponent(id)}/matches`]) {
          expect((await user.client.get(path)).status).toBeLessThan(500);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('raw bodies of any bytes never answer 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (raw) => {
        expect((await user.client.post('/api/alerts', raw)).status).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
    expect(projectId).toBeGreaterThan(0);
  });
});
