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
  fc.dictionary(
    fc.constantFrom(
      'username',
      'email',
      'password',
      'language',
      'prompt',
      'isActive',
      'frequency',
      'token',
      'newPassword',
      'confirmPassword',
      '__proto__',
      'constructor',
    ),
    fc.jsonValue(),
  ),
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
        { numRuns: 60 },
      );
    });
  }

  it('query strings and path ids never answer 5xx', async () => {
    const text = fc.string({ maxLength: 60 });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...QUERY_ENDPOINTS),
        fc.dictionary(fc.constantFrom('limit', 'offset', 'q', 'category', 'sort', 'token'), text),
        async (path, query) => {
          const response = await user.client.get(`${path}?${new URLSearchParams(query).toString()}`);
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: 100 },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(text, fc.integer().map(String), fc.double().map(String)), async (id) => {
        for (const path of [`/api/projects/${encodeURIComponent(id)}`, `/api/alerts/${encodeURIComponent(id)}/matches`]) {
          expect((await user.client.get(path)).status).toBeLessThan(500);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('raw bodies of any bytes never answer 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (raw) => {
        expect((await user.client.post('/api/alerts', raw)).status).toBeLessThan(500);
      }),
      { numRuns: 50 },
    );
    expect(projectId).toBeGreaterThan(0);
  });
});

/** Text that has broken servers: NUL and other controls, lone surrogates, ANSI escapes, 10 kB strings, any code unit. */
const hostileText = fc.oneof(
  fc.tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 })).map(([a, b]) => `${a}\u0000${b}`),
  fc.tuple(fc.string({ maxLength: 20 }), fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF')).map(([a, s]) => `${a}${s}`),
  fc.string({ maxLength: 20 }).map((s) => `\u001b[31m${s}\u001b[0m\u001b]0;title\u0007`),
  fc.constantFrom('a', 'é', '😀', '\u0000', '\u001b', 'x\u0085').map((c) => c.repeat(10_240 / c.length)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0x9f }).map((code) => String.fromCharCode(code)), minLength: 1, maxLength: 30 }),
);

// eslint-disable-next-line no-control-regex -- the characters under test
const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const isUnsafe = (text: string) => UNSAFE.test(text) || /[\uD800-\uDFFF]/u.test(text);

/** A body the endpoint would accept, so that the hostile field is what the server has to deal with. */
const VALID_BODIES: Array<[string, () => string, Record<string, unknown>]> = [
  [
    'POST',
    () => '/api/register',
    { username: 'fuzzer', email: 'fuzzer@example.test', password: 'a long enough passphrase', confirmPassword: 'a long enough passphrase', language: 'en' },
  ],
  ['POST', () => '/api/login', { username: 'fuzzer', password: 'a long enough passphrase' }],
  ['POST', () => '/api/forgot-password', { email: 'fuzzer@example.test' }],
  ['POST', () => '/api/reset-password', { token: 'abcdef', newPassword: 'a long enough passphrase', confirmNewPassword: 'a long enough passphrase' }],
  ['PUT', () => '/api/user', { language: 'en' }],
  ['POST', () => '/api/alerts', { prompt: 'School cleaning in Vaud', isActive: false, frequency: 'daily', language: 'en' }],
  ['PUT', () => `/api/alerts/${alertId}`, { prompt: 'School cleaning in Vaud', isActive: false, frequency: 'daily', language: 'en' }],
  [
    'POST',
    () => '/api/subscription/checkout',
    { plan: 'monthly', promoCode: 'WELCOME', successUrl: 'http://vigie.test/ok', cancelUrl: 'http://vigie.test/no' },
  ],
  ['POST', () => '/api/subscription/portal', { returnUrl: 'http://vigie.test/back' }],
  ['POST', () => '/api/admin/process-notifications', { frequency: 'daily' }],
];

const VALID_QUERIES: Array<[string, Record<string, string>]> = [
  ['/api/projects', { limit: '10', offset: '0', q: 'school', category: 'services', sort: 'newest' }],
  ['/api/notifications/email', { limit: '5' }],
  ['/api/verify-email', { token: 'abcdef' }],
  ['/api/check-reset-token', { token: 'abcdef' }],
];

/** encodeURIComponent refuses lone surrogates; send them as their (ill-formed) UTF-8 bytes instead. */
function encodeQueryValue(text: string): string {
  return [...text]
    .map((ch) => {
      const code = ch.charCodeAt(0);
      if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff)
        return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
      return encodeURIComponent(ch);
    })
    .join('');
}

const bodyFields = VALID_BODIES.flatMap(([method, path, body]) => Object.keys(body).map((field) => ({ method, path, body, field })));
const queryFields = VALID_QUERIES.flatMap(([path, query]) => Object.keys(query).map((field) => ({ path, query, field })));
const CASES_PER_FIELD = 15;

describe('hostile text in every body and query field', () => {
  it(`never answers 5xx and refuses control characters with 400 (${CASES_PER_FIELD} cases × ${bodyFields.length + queryFields.length + 2} fields)`, async () => {
    let cases = 0;
    // A lone surrogate cannot travel in a URL: its bytes arrive as U+FFFD, which is harmless text.
    const check = (label: string, sent: string, response: { status: number; body: { error?: string } }, inUrl = false) => {
      cases += 1;
      expect(response.status, `${label} ${JSON.stringify(sent.slice(0, 40))}: ${JSON.stringify(response.body)}`).toBeLessThan(500);
      // 431: Node refuses a request line over 16 kB before the app sees it.
      if ((inUrl ? UNSAFE.test(sent) : isUnsafe(sent)) && response.status !== 431) expect(response.body.error, label).toBe('unsafe_text');
    };
    for (const { method, path, body, field } of bodyFields) {
      await fc.assert(
        fc.asyncProperty(hostileText, async (text) => {
          check(`${method} ${path()} ${field}`, text, await user.client.request(method, path(), { ...body, [field]: text }));
        }),
        { numRuns: CASES_PER_FIELD },
      );
    }
    for (const { path, query, field } of queryFields) {
      await fc.assert(
        fc.asyncProperty(hostileText, async (text) => {
          const others = Object.entries(query)
            .filter(([name]) => name !== field)
            .map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
          const url = `${path}?${[...others, `${field}=${encodeQueryValue(text)}`].join('&')}`;
          check(`GET ${path} ${field}`, text, await user.client.get(url), true);
        }),
        { numRuns: CASES_PER_FIELD },
      );
    }
    for (const route of ['/api/subscription/promo/', '/api/projects/']) {
      await fc.assert(
        fc.asyncProperty(
          hostileText.filter((text) => !text.includes('/') && text !== '' && text.length < 2000),
          async (text) => {
            check(`GET ${route}:param`, text, await user.client.get(`${route}${encodeQueryValue(text)}`), true);
          },
        ),
        { numRuns: CASES_PER_FIELD },
      );
    }
    expect(cases).toBeGreaterThanOrEqual(500);
  }, 300_000);
});

describe('a NUL byte where the probe found 500s', () => {
  it('answers 400 unsafe_text naming the field', async () => {
    const nul = 'a\u0000b';
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/api/alerts', { prompt: `School cleaning ${nul}` }, 'prompt'],
      ['POST', '/api/register', { username: nul, email: 'nul@example.test', password: 'a long enough passphrase' }, 'username'],
      ['POST', '/api/register', { username: 'nulmail', email: `x${nul}@example.test`, password: 'a long enough passphrase' }, 'email'],
      ['POST', '/api/login', { username: nul, password: 'a long enough passphrase' }, 'username'],
      ['POST', '/api/forgot-password', { email: `x${nul}@example.test` }, 'email'],
      ['GET', `/api/projects?q=${encodeURIComponent(nul)}`, undefined, 'q'],
      ['GET', `/api/projects?category=${encodeURIComponent(nul)}`, undefined, 'category'],
      ['GET', `/api/subscription/promo/${encodeURIComponent(nul)}`, undefined, 'code'],
    ];
    for (const [method, path, body, field] of cases) {
      const response = await user.client.request(method, path, body);
      expect(response.status, path).toBe(400);
      expect(response.body, path).toMatchObject({ error: 'unsafe_text', field });
    }
  });
});
