import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { replaceLearnedItems } from '../db/alert-learning.ts';
import { insertPromoCode } from '../db/promo-codes.ts';
import {
  AlertLearningResponse,
  AlertMatchResponse,
  AlertResponse,
  ApiErrorResponse,
  BillingRedirectResponse,
  ConfigResponse,
  FeedbackResponse,
  MessageResponse,
  ProcessAlertResponse,
  ProcessNotificationsResponse,
  ProjectCategoriesResponse,
  ProjectDetailResponse,
  ProjectMatchResponse,
  ProjectResponse,
  ProjectSummariesResponse,
  PromoCodeResponse,
  QueueAddResponse,
  QueueCheckResponse,
  QueueStatusResponse,
  ResetProjectsResponse,
  ResetTokenCheckResponse,
  ScrapeResponse,
  SentEmailResponse,
  SettingsResponse,
  StatsResponse,
  SubscriptionResponse,
  UserResponse,
  WatchedProjectResponse,
  WatchResponse,
} from '../domain/api-responses.ts';
import {
  fakeScrape,
  insertTestMatch,
  insertTestProject,
  startTestApi,
  testPipeline,
  TEST_PUBLIC_URL,
  type ApiClient,
  type SignedUpUser,
  type TestApi,
} from '../test-support/api-client.ts';
import { startFakeStripeServer, type FakeStripeServer } from '../test-support/fake-stripe-server.ts';

let api: TestApi;
let scrape: ReturnType<typeof fakeScrape>;
let alice: SignedUpUser;
let bob: SignedUpUser;
let admin: SignedUpUser;
let aliceAlert: number;
let projectId: number;
/** An alert of Alice's that DELETE /api/alerts/:id removes, and an item her alert learned that DELETE …/learning/:itemId undoes. */
let doomedAlert: number;
let learnedItem: number;
/** The app with billing on, against the local fake Stripe (checkout and portal answer only then), and its user. */
let stripe: FakeStripeServer;
let billed: TestApi;
let carol: SignedUpUser;

beforeAll(async () => {
  scrape = fakeScrape();
  api = await startTestApi({
    pipeline: {
      ...scrape.ports,
      scoreAlertNow: async () => ({ scored: 1, matches: 1 }),
      getQueueStatus: async () => ({ queueLength: 0, pending: 0, processing: 0, completed: 0, failed: 0 }),
      enqueueProjectSummary: async () => true,
      enqueueIncompleteSummaries: async () => 0,
      findProjectSummaries: async () => ({ french: null, english: null, german: null, italian: null, status: 'none', extractive: [], noticeLanguage: null }),
      resetProjects: async () => ({ projectsCount: 1 }),
      relearnAlert: async () => undefined,
    },
  });
  alice = await api.signUp();
  bob = await api.signUp();
  admin = await api.signUp(undefined, { admin: true });
  projectId = (await insertTestProject(api.db)).id;
  aliceAlert = (await alice.client.post('/api/alerts', { prompt: 'Alice watches school cleaning' })).body.id;
  await insertTestMatch(api.db, aliceAlert, projectId, 77);
  await api.db.knex('sent_emails').insert({
    userId: alice.id,
    alertId: aliceAlert,
    projectId,
    simapProjectId: 'simap-1',
    digestId: 'digest-1',
    status: 'sent',
    score: 77,
    alertPrompt: 'Alice watches school cleaning',
    projectTitle: 'Project',
    projectOrganization: 'Org',
    sentAt: new Date(),
  });
  doomedAlert = (await alice.client.post('/api/alerts', { prompt: 'Removed by its contract check', isActive: false })).body.id;
  await replaceLearnedItems(api.db.knex, aliceAlert, [{ polarity: 'more', kind: 'term', value: 'ramonage', weight: 0.5 }]);
  learnedItem = (await api.db.knex('alertLearnedItems').where({ alertId: aliceAlert, value: 'ramonage' }).first('id')).id;
  await insertPromoCode(api.db.knex, { code: 'CONTRACT20', type: 'discount', value: 20, maxRedemptions: null, expiresAt: null });

  stripe = await startFakeStripeServer();
  billed = await startTestApi({ env: stripe.env(), pipeline: testPipeline() });
  carol = await billed.signUp();
  // A Stripe customer already, as after a first checkout: the portal opens only for one.
  await billed.db.knex('subscriptions').insert({ userId: carol.id, status: 'none', stripeCustomerId: `cus_contract_${carol.id}` });
});
afterAll(async () => {
  scrape?.finish();
  await api?.close();
  await billed?.close();
  await stripe?.close();
});

/** `body`: a value, or a function giving it when ids known only once the suite runs are needed. */
type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: () => string; body?: unknown };
type Access = 'public' | 'user' | 'admin';

// `schema`: what a success answers (domain/api-responses.ts, where the SPA's types come from); an error answers ApiErrorResponse.
// `billing`: asked of the app with billing on (as Carol, or logged out there).
const ENDPOINTS: (Call & { access: Access; ok: number; schema?: z.ZodType; bad?: Call; billing?: true })[] = [
  { method: 'GET', path: () => '/api/user', access: 'user', ok: 200, schema: UserResponse },
  {
    method: 'PUT',
    path: () => '/api/user',
    body: { language: 'fr' },
    access: 'user',
    ok: 200,
    schema: UserResponse,
    bad: { method: 'PUT', path: () => '/api/user', body: { language: 'xx' } },
  },
  {
    method: 'POST',
    path: () => '/api/register',
    body: { username: 'contractnewcomer', email: 'contractnewcomer@example.test', password: 'violet canyon 1984' },
    access: 'public',
    ok: 201,
    schema: UserResponse,
    bad: { method: 'POST', path: () => '/api/register', body: { username: 'contractnewcomer', email: 'nope', password: 'violet canyon 1984' } },
  },
  {
    method: 'POST',
    path: () => '/api/login',
    body: () => ({ username: bob.username, password: bob.password }),
    access: 'public',
    ok: 200,
    schema: UserResponse,
    bad: { method: 'POST', path: () => '/api/login', body: { username: 'zz', password: 'x' } },
  },
  { method: 'POST', path: () => '/api/logout', access: 'public', ok: 200, schema: MessageResponse },
  { method: 'GET', path: () => '/api/verify-email', access: 'public', ok: 400 },
  {
    method: 'POST',
    path: () => '/api/forgot-password',
    body: { email: 'nobody@example.test' },
    access: 'public',
    ok: 200,
    schema: MessageResponse,
    bad: { method: 'POST', path: () => '/api/forgot-password', body: { email: 'nope' } },
  },
  {
    method: 'GET',
    path: () => '/api/check-reset-token?token=abc',
    access: 'public',
    ok: 200,
    schema: ResetTokenCheckResponse,
    bad: { method: 'GET', path: () => '/api/check-reset-token' },
  },
  { method: 'POST', path: () => '/api/reset-password', body: { token: 'abc', newPassword: 'secret12' }, access: 'public', ok: 400 },
  { method: 'GET', path: () => '/api/alerts', access: 'user', ok: 200, schema: z.array(AlertResponse) },
  {
    method: 'POST',
    path: () => '/api/alerts',
    body: { prompt: 'An inactive alert for the matrix', isActive: false },
    access: 'user',
    ok: 201,
    schema: AlertResponse,
    bad: { method: 'POST', path: () => '/api/alerts', body: { prompt: 'short' } },
  },
  {
    method: 'PUT',
    path: () => `/api/alerts/${aliceAlert}`,
    body: { isActive: true },
    access: 'user',
    ok: 200,
    schema: AlertResponse,
    bad: { method: 'PUT', path: () => `/api/alerts/${aliceAlert}`, body: { isActive: 'yes' } },
  },
  {
    method: 'DELETE',
    path: () => `/api/alerts/${doomedAlert}`,
    access: 'user',
    ok: 200,
    schema: MessageResponse,
    bad: { method: 'DELETE', path: () => '/api/alerts/first' },
  },
  {
    method: 'POST',
    path: () => `/api/alerts/${aliceAlert}/process`,
    access: 'user',
    ok: 200,
    schema: ProcessAlertResponse,
    bad: { method: 'POST', path: () => '/api/alerts/-1/process' },
  },
  {
    method: 'GET',
    path: () => `/api/alerts/${aliceAlert}/matches`,
    access: 'user',
    ok: 200,
    schema: z.array(AlertMatchResponse),
    bad: { method: 'GET', path: () => '/api/alerts/x/matches' },
  },
  {
    method: 'GET',
    path: () => '/api/projects',
    access: 'user',
    ok: 200,
    schema: z.array(ProjectResponse),
    bad: { method: 'GET', path: () => '/api/projects?limit=500' },
  },
  { method: 'GET', path: () => '/api/projects/categories', access: 'user', ok: 200, schema: ProjectCategoriesResponse },
  {
    method: 'GET',
    path: () => `/api/projects/${projectId}`,
    access: 'user',
    ok: 200,
    schema: ProjectDetailResponse,
    bad: { method: 'GET', path: () => '/api/projects/1.5' },
  },
  { method: 'GET', path: () => `/api/projects/${projectId}/summaries`, access: 'user', ok: 200, schema: ProjectSummariesResponse },
  { method: 'GET', path: () => `/api/projects/${projectId}/matches`, access: 'user', ok: 200, schema: z.array(ProjectMatchResponse) },
  { method: 'GET', path: () => '/api/stats', access: 'user', ok: 200, schema: StatsResponse },
  { method: 'GET', path: () => '/api/subscription', access: 'user', ok: 200, schema: SubscriptionResponse },
  {
    method: 'GET',
    path: () => '/api/subscription/promo/contract20',
    access: 'user',
    ok: 200,
    schema: PromoCodeResponse,
    bad: { method: 'GET', path: () => '/api/subscription/promo/%20%20' },
  },
  {
    method: 'POST',
    path: () => '/api/subscription/checkout',
    body: { plan: 'monthly' },
    access: 'user',
    billing: true,
    ok: 200,
    schema: BillingRedirectResponse,
    bad: { method: 'POST', path: () => '/api/subscription/checkout', body: { plan: 'weekly' } },
  },
  {
    method: 'POST',
    path: () => '/api/subscription/portal',
    body: { returnUrl: `${TEST_PUBLIC_URL}/subscription` },
    access: 'user',
    billing: true,
    ok: 200,
    schema: BillingRedirectResponse,
    bad: { method: 'POST', path: () => '/api/subscription/portal', body: { returnUrl: 'https://evil.example/steal' } },
  },
  {
    method: 'GET',
    path: () => '/api/notifications/email',
    access: 'user',
    ok: 200,
    schema: z.array(SentEmailResponse),
    bad: { method: 'GET', path: () => '/api/notifications/email?limit=101' },
  },
  { method: 'POST', path: () => '/api/scrape', access: 'user', ok: 202, schema: ScrapeResponse },
  { method: 'GET', path: () => '/api/queue/status', access: 'admin', ok: 200, schema: QueueStatusResponse },
  {
    method: 'POST',
    path: () => `/api/queue/add/${projectId}`,
    access: 'admin',
    ok: 200,
    schema: QueueAddResponse,
    bad: { method: 'POST', path: () => '/api/queue/add/abc' },
  },
  { method: 'POST', path: () => '/api/queue/check-incomplete', access: 'admin', ok: 200, schema: QueueCheckResponse },
  { method: 'POST', path: () => '/api/admin/reset-projects', access: 'admin', ok: 200, schema: ResetProjectsResponse },
  {
    method: 'POST',
    path: () => '/api/admin/process-notifications',
    body: { frequency: 'weekly' },
    access: 'admin',
    ok: 200,
    schema: ProcessNotificationsResponse,
    bad: { method: 'POST', path: () => '/api/admin/process-notifications', body: { frequency: 'hourly' } },
  },
  { method: 'GET', path: () => '/api/config', access: 'public', ok: 200, schema: ConfigResponse },
  { method: 'GET', path: () => '/api/settings', access: 'user', ok: 200, schema: SettingsResponse },
  {
    method: 'PUT',
    path: () => '/api/settings',
    body: { remindersEnabled: true, reminderDays: [2, 7] },
    access: 'user',
    ok: 200,
    schema: SettingsResponse,
    bad: { method: 'PUT', path: () => '/api/settings', body: { reminderDays: [0] } },
  },
  { method: 'POST', path: () => '/api/settings/calendar-token', access: 'user', ok: 200, schema: SettingsResponse },
  {
    method: 'POST',
    path: () => '/api/watchlist',
    body: () => ({ projectId }),
    access: 'user',
    ok: 201,
    schema: WatchResponse,
    bad: { method: 'POST', path: () => '/api/watchlist', body: { projectId: 'first' } },
  },
  { method: 'GET', path: () => '/api/watchlist', access: 'user', ok: 200, schema: z.array(WatchedProjectResponse) },
  {
    method: 'DELETE',
    path: () => `/api/watchlist/${projectId}`,
    access: 'user',
    ok: 200,
    schema: WatchResponse,
    bad: { method: 'DELETE', path: () => '/api/watchlist/first' },
  },
  {
    method: 'POST',
    path: () => `/api/alerts/${aliceAlert}/feedback`,
    body: () => ({ projectId, verdict: 'relevant' }),
    access: 'user',
    ok: 200,
    schema: FeedbackResponse,
    bad: { method: 'POST', path: () => `/api/alerts/${aliceAlert}/feedback`, body: { projectId: 1, verdict: 'maybe' } },
  },
  { method: 'GET', path: () => `/api/alerts/${aliceAlert}/learning`, access: 'user', ok: 200, schema: AlertLearningResponse },
  {
    method: 'PUT',
    path: () => `/api/alerts/${aliceAlert}/exclusions`,
    body: { words: ['wagons'] },
    access: 'user',
    ok: 200,
    schema: AlertLearningResponse,
    bad: { method: 'PUT', path: () => `/api/alerts/${aliceAlert}/exclusions`, body: { words: 'wagons' } },
  },
  {
    method: 'DELETE',
    path: () => `/api/alerts/${aliceAlert}/learning/${learnedItem}`,
    access: 'user',
    ok: 200,
    schema: AlertLearningResponse,
    bad: { method: 'DELETE', path: () => `/api/alerts/${aliceAlert}/learning/first` },
  },
  {
    method: 'DELETE',
    path: () => `/api/alerts/${aliceAlert}/feedback/${projectId}`,
    access: 'user',
    ok: 200,
    schema: FeedbackResponse,
    bad: { method: 'DELETE', path: () => `/api/alerts/${aliceAlert}/feedback/first` },
  },
];

/** Who asks for an endpoint: its audience, on the app with billing on when it needs billing. */
function clientFor(endpoint: { access: Access; billing?: true }): ApiClient {
  if (endpoint.billing) return endpoint.access === 'public' ? billed.client() : carol.client;
  return endpoint.access === 'admin' ? admin.client : endpoint.access === 'user' ? alice.client : api.client();
}

const call = (client: ApiClient, c: Call) => client.request(c.method, c.path(), typeof c.body === 'function' ? (c.body as () => unknown)() : c.body);

/** The schema's complaints about a body, empty when it conforms. */
function mismatches(schema: z.ZodType, body: unknown): string[] {
  const parsed = schema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
}

function expectErrorShape(body: unknown): void {
  expect(mismatches(ApiErrorResponse, body)).toEqual([]);
  expect(JSON.stringify(body)).not.toMatch(/ at .*\.ts:|select |insert |update /i);
}

describe('every endpoint', () => {
  for (const endpoint of ENDPOINTS) {
    const label = `${endpoint.method} ${endpoint.path.toString().replace(/^\(\) => /, '')}`;
    it(`${label}: ${endpoint.ok} for its audience`, async () => {
      const response = await call(clientFor(endpoint), endpoint);
      expect(response.status, JSON.stringify(response.body)).toBe(endpoint.ok);
      if (endpoint.ok >= 400) expectErrorShape(response.body);
      else expect(mismatches(endpoint.schema!, response.body), JSON.stringify(response.body)).toEqual([]);
    });
    if (endpoint.access !== 'public') {
      it(`${label}: 401 when logged out`, async () => {
        const response = await call((endpoint.billing ? billed : api).client(), endpoint);
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ error: 'unauthorized', message: 'You must be logged in' });
      });
    }
    if (endpoint.access === 'admin') {
      it(`${label}: 403 for a non-admin`, async () => {
        const response = await call(bob.client, endpoint);
        expect(response.status).toBe(403);
        expect(response.body.error).toBe('admin_required');
      });
    }
    if (endpoint.bad) {
      it(`${label}: 400 on invalid input`, async () => {
        const response = await call(clientFor(endpoint), endpoint.bad!);
        expect(response.status).toBe(400);
        expectErrorShape(response.body);
      });
    }
  }

  it('POST /api/admin/scrape: 202 when started, 409 while one runs, 403 for a non-admin', async () => {
    scrape.finish();
    await api.background.settle();
    expect((await bob.client.post('/api/admin/scrape')).status).toBe(403);
    const started = await admin.client.post('/api/admin/scrape');
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ started: true, message: 'Scrape started' });
    expect(mismatches(ScrapeResponse, started.body)).toEqual([]);
    const busy = await admin.client.post('/api/admin/scrape');
    expect(busy.status).toBe(409);
    expect(busy.body.error).toBe('scrape_running');
    const user = await bob.client.post('/api/scrape');
    expect(user.status).toBe(202);
    expect(user.body.started).toBe(false);
    scrape.finish();
    await api.background.settle();
  });

  it('POST /api/scrape: does not start when a scrape ran in the last 5 minutes', async () => {
    await api.db.knex('pipeline_runs').insert({ stage: 'pipeline.fetch', status: 'succeeded' });
    const runs = scrape.runs();
    const response = await bob.client.post('/api/scrape');
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ started: false, message: 'Projects were refreshed less than 5 minutes ago' });
    expect(scrape.runs()).toBe(runs);
  });

  it('POST /api/register: 201, then 409 for the same name', async () => {
    const body = { username: 'matrixuser', email: 'matrix@example.test', password: 'violet canyon 1984' };
    expect((await api.client().post('/api/register', body)).status).toBe(201);
    expect((await api.client().post('/api/register', body)).status).toBe(409);
  });

  it('POST /api/alerts: 403 past the active-alert limit', async () => {
    const user = await api.signUp();
    for (let i = 0; i < 3; i += 1) await user.client.post('/api/alerts', { prompt: `Limit test alert ${i}` });
    expect((await user.client.post('/api/alerts', { prompt: 'Limit test alert 4' })).status).toBe(403);
  });

  it('DELETE /api/alerts/:id: 200, then 404', async () => {
    const id = (await alice.client.post('/api/alerts', { prompt: 'To be deleted in the matrix', isActive: false })).body.id;
    expect((await alice.client.delete(`/api/alerts/${id}`)).status).toBe(200);
    expect((await alice.client.delete(`/api/alerts/${id}`)).status).toBe(404);
  });

  it('POST /api/queue/add/:projectId: 404 for an unknown project', async () => {
    expect((await admin.client.post('/api/queue/add/99999')).status).toBe(404);
  });
});

describe('authorization between users', () => {
  const bobsView: Call[] = [
    { method: 'PUT', path: () => `/api/alerts/${aliceAlert}`, body: { prompt: 'Bob rewrites Alice alert', isActive: true } },
    { method: 'PUT', path: () => `/api/alerts/${aliceAlert}`, body: { isActive: false } },
    { method: 'DELETE', path: () => `/api/alerts/${aliceAlert}` },
    { method: 'POST', path: () => `/api/alerts/${aliceAlert}/process` },
    { method: 'GET', path: () => `/api/alerts/${aliceAlert}/matches` },
    { method: 'GET', path: () => `/api/alerts/${aliceAlert}/learning` },
    { method: 'POST', path: () => `/api/alerts/${aliceAlert}/feedback`, body: { projectId: 1, verdict: 'not_relevant' } },
    { method: 'PUT', path: () => `/api/alerts/${aliceAlert}/exclusions`, body: { words: ['bob'] } },
  ];
  for (const c of bobsView) {
    it(`user B gets 404 on ${c.method} of user A's alert`, async () => {
      const response = await call(bob.client, c);
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('not_found');
    });
  }

  it("leaves user A's alert untouched and invisible to B", async () => {
    const alert = await api.db.knex('alerts').where({ id: aliceAlert }).first();
    expect(alert.prompt).toBe('Alice watches school cleaning');
    expect(alert.isActive).toBe(true);
    expect((await bob.client.get('/api/alerts')).body).toEqual([]);
    expect((await bob.client.get(`/api/projects/${projectId}/matches`)).body).toEqual([]);
    expect((await bob.client.get(`/api/projects/${projectId}`)).body.matchScore).toBeNull();
    expect((await bob.client.get('/api/stats')).body.matchingProjects).toBe(0);
  });

  it("shows each user their own e-mail history and admins everyone's with the user", async () => {
    expect((await bob.client.get('/api/notifications/email')).body).toEqual([]);
    const own = (await alice.client.get('/api/notifications/email')).body;
    expect(own).toEqual([
      {
        id: expect.any(String),
        subject: expect.stringMatching(/^Vigie/),
        sentAt: expect.any(String),
        status: 'sent',
        language: null,
        matchCount: 1,
        matches: [
          {
            projectId,
            alertId: expect.any(Number),
            score: 77,
            alertPrompt: 'Alice watches school cleaning',
            project: { title: 'Project', organization: 'Org' },
          },
        ],
      },
    ]);
    const all = (await admin.client.get('/api/notifications/email')).body;
    expect(all[0].user).toEqual({ id: alice.id, username: alice.username });
    expect(mismatches(z.array(SentEmailResponse), all)).toEqual([]);
  });
});

describe('error answers', () => {
  it('answers unknown API paths with 404 JSON', async () => {
    const response = await alice.client.get('/api/nothing-here');
    expect(response.status).toBe(404);
    expectErrorShape(response.body);
  });

  it('answers a wrong method with 405 JSON', async () => {
    const response = await alice.client.request('PATCH', '/api/stats');
    expect(response.status).toBe(405);
    expectErrorShape(response.body);
  });

  it('answers malformed JSON with 400 and bodies over 100 kB with 413', async () => {
    const malformed = await alice.client.post('/api/alerts', '{"prompt": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('invalid_json');
    const huge = await alice.client.post('/api/alerts', { prompt: 'x'.repeat(110_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe('payload_too_large');
  });

  it('answers a 500 without internals and with the request id', async () => {
    const broken = await startTestApi({ pipeline: { getQueueStatus: async () => Promise.reject(new Error('select secret from pg_shadow')) } });
    try {
      const user = await broken.signUp(undefined, { admin: true });
      const response = await user.client.get('/api/queue/status', { 'X-Request-Id': 'request-12345' });
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ error: 'internal_error', message: 'Something went wrong on our side (request request-12345)' });
    } finally {
      await broken.close();
    }
  });
});
