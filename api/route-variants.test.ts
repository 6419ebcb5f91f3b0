import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, testPipeline, type TestApi } from '../test-support/api-client.ts';
import { makeTempDir } from '../test-support/test-config.ts';
import { registeredRoutes } from './app.ts';

let api: TestApi;
let pipelineCalls = 0;

const counted =
  <T>(value: T) =>
  async () => {
    pipelineCalls += 1;
    return value;
  };

beforeAll(async () => {
  const webRoot = makeTempDir('vigie-web-');
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  api = await startTestApi({
    webRoot,
    pipeline: testPipeline({
      getQueueStatus: counted({ queueLength: 0, pending: 0, processing: 0, completed: 0, failed: 0 }),
      enqueueProjectSummary: counted(true),
      enqueueIncompleteSummaries: counted(0),
      findProjectSummaries: counted({
        french: null,
        english: null,
        german: null,
        italian: null,
        status: 'none' as const,
        extractive: [],
        noticeLanguage: null,
      }),
      resetProjects: counted({ projectsCount: 0 }),
      scoreAlertNow: counted({ scored: 0, matches: 0 }),
    }),
  });
});
afterAll(async () => {
  await api?.close();
});

/** Routes that answer without a session; everything else must refuse a request that has none. */
const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/register',
  'POST /api/login',
  'POST /api/logout',
  'GET /api/verify-email',
  'POST /api/forgot-password',
  'GET /api/check-reset-token',
  'POST /api/reset-password',
  'POST /api/webhooks/stripe',
  // The calendar feed is authorised by the secret token in its file name; an unknown token is 404.
  'GET /api/calendar/:file',
  // One-click e-mail links: the link's per-user signature is the credential.
  'POST /api/email-actions',
  // Values the SPA shares with the server before anyone logs in.
  'GET /api/config',
  // E-mail unsubscribe links are authorised by their signed token (RFC 8058 one-click: no session).
  'GET /api/unsubscribe',
  'POST /api/unsubscribe',
]);

const concrete = (route: string) => route.replace(/:[A-Za-z]+/g, '1');

const capitalise = (segment: string) => (segment ? segment[0]!.toUpperCase() + segment.slice(1) : segment);
const encodeFirst = (segment: string, upper: boolean) => {
  if (!/^[a-z]/.test(segment)) return segment;
  const hex = segment.charCodeAt(0).toString(16);
  return `%${upper ? hex.toUpperCase() : hex}${segment.slice(1)}`;
};

/** Spellings of the same path that a lenient router, a path normaliser or a proxy might treat as equal. */
function pathVariants(route: string): string[] {
  const segments = route.split('/');
  const last = segments.length - 1;
  const variants = [
    route.toUpperCase(),
    segments.map(capitalise).join('/'),
    segments.map((s, i) => (i === last ? s.toUpperCase() : s)).join('/'),
    segments.map((s, i) => (i === 2 ? s.toUpperCase() : s)).join('/'),
    `${route}/`,
    `${route}//`,
    `/${route}`,
    route.replace('/api/', '/api//'),
    segments.map((s, i) => (i === last ? `/${s}` : s)).join('/'),
    segments.map((s) => encodeFirst(s, false)).join('/'),
    segments.map((s) => encodeFirst(s, true)).join('/'),
    segments.map((s, i) => (i === last ? encodeFirst(s, false) : s)).join('/'),
    route.replace('/api/', '/api%2F'),
    route.replace('/api/', '/%61pi/'),
    `${route}%2F`,
    `${route}/.`,
    `${route};x`,
    `${route.toUpperCase()}/`,
  ];
  return [...new Set(variants)].filter((variant) => variant !== route);
}

describe('every registered route, in every spelling, refuses a request without a session', () => {
  it('lists the routes it walks', () => {
    const routes = registeredRoutes(api.app);
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((route) => !route.path.startsWith('/api/'))).toEqual([]);
    expect(routes).toContainEqual({ method: 'GET', path: '/api/queue/status' });
    expect(routes).toContainEqual({ method: 'POST', path: '/api/queue/add/:projectId' });
  });

  it('answers 401/403 on the exact path of every guarded route', async () => {
    const client = api.client();
    const failures: string[] = [];
    for (const { method, path: route } of registeredRoutes(api.app)) {
      if (PUBLIC.has(`${method} ${route}`)) continue;
      const response = await client.request(method, concrete(route), method === 'GET' || method === 'DELETE' ? undefined : {});
      if (response.status !== 401 && response.status !== 403) failures.push(`${method} ${concrete(route)} → ${response.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 401/403/404/405, never 2xx, to case-changed, slash-padded and percent-encoded variants', async () => {
    const client = api.client();
    const failures: string[] = [];
    let requests = 0;
    for (const { method, path: route } of registeredRoutes(api.app)) {
      for (const variant of pathVariants(concrete(route))) {
        requests += 1;
        const response = await client.request(method, variant, method === 'GET' || method === 'DELETE' ? undefined : {});
        // 405: the variant spells a sibling route (`/api/alerts/%2F` is `/:id`) that has no such method: still no handler.
        if (![401, 403, 404, 405].includes(response.status)) failures.push(`${method} ${variant} → ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(500);
    expect(pipelineCalls).toBe(0);
  });

  it('walks the probe’s own examples', async () => {
    const client = api.client();
    for (const [method, url] of [
      ['GET', '/api/QUEUE/status'],
      ['POST', '/api/QUEUE/add/5'],
      ['POST', '/api/QUEUE/check-incomplete'],
      ['GET', '/api/Projects/42/summaries'],
      ['GET', '/api/PROJECTS/categories'],
    ] as const) {
      const response = await client.request(method, url);
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(response.body).toMatchObject({ error: 'not_found' });
    }
  });
});
