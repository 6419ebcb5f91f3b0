import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type Koa from 'koa';
import { Agent, fetch as undiciFetch } from 'undici';
import { createApp, type AppDependencies } from '../api/app.ts';
import { createBackgroundTasks, type BackgroundTasks } from '../api/background-tasks.ts';
import type { PipelinePorts } from '../api/pipeline-ports.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/connection.ts';
import type { Language } from '../domain/languages.ts';
import type { Mailer, OutgoingMail } from '../pipeline/mail/mailer.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { silentLogger, testConfig } from './test-config.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response fields directly and assert on them
type Json = any;

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** A browser-like HTTP client: keeps cookies between calls and sends the app's Origin on every request. */
export class ApiClient {
  readonly cookies = new Map<string, string>();

  private readonly dispatcher: Agent | undefined;

  /** `localAddress` (e.g. 127.0.0.2) makes the server see another client IP. */
  constructor(
    readonly baseUrl: string,
    private readonly origin: string | null,
    localAddress?: string,
  ) {
    this.dispatcher = localAddress ? new Agent({ localAddress }) : undefined;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request<T = Json>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const init: RequestInit & { headers: Record<string, string> } = { method, headers: { ...headers }, redirect: 'manual' };
    if (this.origin && !('Origin' in headers)) init.headers.Origin = this.origin;
    if (this.cookies.size > 0) init.headers.Cookie = this.cookieHeader();
    if (body !== undefined) {
      init.headers['Content-Type'] ??= 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const response = this.dispatcher
      ? ((await undiciFetch(`${this.baseUrl}${path}`, { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher: this.dispatcher })) as unknown as Response)
      : await fetch(`${this.baseUrl}${path}`, init);
    for (const line of response.headers.getSetCookie()) this.keepCookie(line);
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json')) parsed = text === '' ? null : JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  get<T = Json>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }

  post<T = Json>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }

  put<T = Json>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, body, headers);
  }

  delete<T = Json>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }

  private keepCookie(line: string): void {
    const [pair = '', ...attributes] = line.split(';');
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const expired = attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now());
    if (value === '' || expired) this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

export interface CapturingMailer extends Mailer {
  sent: OutgoingMail[];
  /** The token in the newest link to `path` mailed to `to`. */
  tokenFor(to: string, path: '/verify-email' | '/reset-password'): string;
}

export function createCapturingMailer(): CapturingMailer {
  const sent: OutgoingMail[] = [];
  return {
    kind: 'outbox',
    sent,
    async send(mail) {
      sent.push(mail);
      return { messageId: `<test-${sent.length}@vigie.test>` };
    },
    close() {},
    tokenFor(to, path) {
      const mail = [...sent].reverse().find((m) => m.to === to && m.text.includes(`${path}?token=`));
      const match = mail && new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
      if (!match?.[1]) throw new Error(`no ${path} link mailed to ${to}`);
      return match[1];
    },
  };
}

export interface SignedUpUser {
  client: ApiClient;
  id: number;
  username: string;
  email: string;
  password: string;
}

export interface TestApi {
  url: string;
  app: Koa;
  config: Config;
  db: Database;
  mailer: CapturingMailer;
  background: BackgroundTasks;
  /** A client sending the app's own Origin, like the SPA. */
  client(options?: { origin?: string | null; localAddress?: string }): ApiClient;
  signUp(username?: string, options?: { admin?: boolean; language?: Language }): Promise<SignedUpUser>;
  close(): Promise<void>;
}

export const TEST_PUBLIC_URL = 'http://vigie.test';

const NO_LIMITS = { limit: 1_000_000, windowSeconds: 60 };

let userCounter = 0;

/**
 * The app on its own fresh database, listening on port 0. Rate limits are effectively off unless
 * `rateLimits: 'default'` is given, so that tests registering many users do not trip them.
 */
export async function startTestApi(
  options: {
    env?: Record<string, string>;
    pipeline?: AppDependencies['pipeline'];
    rateLimits?: 'default' | AppDependencies['rateLimits'];
    /** Wraps the capturing mailer, e.g. to make sending slow like a remote SMTP server. */
    wrapMailer?: (mailer: Mailer) => Mailer;
    webRoot?: string;
    /** How long list pages and counts are kept (default 0: read every time). */
    projectListTtlMs?: number;
  } = {},
): Promise<TestApi> {
  const database: TestDatabase = await createTestDatabase();
  const mailer = createCapturingMailer();
  const logger = silentLogger();
  const background = createBackgroundTasks(logger);
  const rateLimits =
    options.rateLimits === 'default'
      ? undefined
      : (options.rateLimits ?? {
          loginPerAccount: NO_LIMITS,
          loginPerAccountIp: [NO_LIMITS],
          loginPerIp: NO_LIMITS,
          emailPerIp: NO_LIMITS,
          emailPerAddress: NO_LIMITS,
          tokenPerIp: NO_LIMITS,
        });

  const config = testConfig({ PUBLIC_URL: TEST_PUBLIC_URL, ...options.env });
  const app = createApp({
    config,
    db: database.db,
    logger,
    mailer: options.wrapMailer ? options.wrapMailer(mailer) : mailer,
    pipeline: options.pipeline,
    rateLimits,
    projectListTtlMs: options.projectListTtlMs ?? 0,
    background,
    webRoot: options.webRoot,
  });
  const server: Server = app.listen(0);
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const origin = new URL(config.publicUrl).origin;

  const testApi: TestApi = {
    url,
    app,
    config,
    db: database.db,
    mailer,
    background,
    client: (clientOptions = {}) => new ApiClient(url, clientOptions.origin === undefined ? origin : clientOptions.origin, clientOptions.localAddress),
    async signUp(username, signUpOptions = {}) {
      userCounter += 1;
      const name = username ?? `user${process.pid}x${userCounter}`;
      const email = `${name.toLowerCase()}@example.test`;
      const password = 'correct horse';
      const client = testApi.client();
      const response = await client.post('/api/register', { username: name, email, password, language: signUpOptions.language ?? 'en' });
      if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
      const id = (response.body as { id: number }).id;
      if (signUpOptions.admin) await database.db.knex('users').where({ id }).update({ role: 'admin' });
      return { client, id, username: name, email, password };
    },
    async close() {
      await background.settle();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await database.drop();
    },
  };
  return testApi;
}

export interface TestProject {
  id: number;
  projectId: string;
}

/** A project row as normalize would write it (project_keys first, then projects with the same id). */
export async function insertTestProject(
  db: Database,
  fields: Partial<{
    title: string;
    titleFr: string;
    titleDe: string;
    description: string;
    organization: string;
    location: string;
    category: string;
    publishedAt: Date;
    content: string;
  }> = {},
): Promise<TestProject> {
  const projectId = randomUUID();
  const [key] = await db.knex('project_keys').insert({ source: 'simap', projectId }).returning('id');
  const id = (key as { id: number }).id;
  await db.knex('projects').insert({
    id,
    source: 'simap',
    projectId,
    title: fields.title ?? `Project ${id}`,
    titleFr: fields.titleFr ?? null,
    titleDe: fields.titleDe ?? null,
    description: fields.description ?? 'A description',
    content: fields.content ?? 'Full content',
    organization: fields.organization ?? 'Canton de Vaud',
    location: fields.location ?? 'Lausanne',
    category: fields.category ?? 'services',
    publishedAt: fields.publishedAt ?? new Date(),
    metadata: JSON.stringify({ lots: 1 }),
  });
  return { id, projectId };
}

export async function insertTestMatch(db: Database, alertId: number, projectId: number, score: number): Promise<number> {
  const [row] = await db
    .knex('alert_matches')
    .insert({ alertId, projectId, score, explanation: `scored ${score}`, scorer: 'test', contentSeq: 1 })
    .onConflict(['alert_id', 'project_id'])
    .merge(['score'])
    .returning('id');
  return (row as { id: number }).id;
}

/** In-memory stand-ins for the scrape (which would reach simap.ch): a lock, and a scrape that waits until released. */
export function fakeScrape() {
  let running = false;
  let release: () => void = () => {};
  let runs = 0;
  const ports: Pick<PipelinePorts, 'scrape' | 'withScrapeLock' | 'isScrapeRunning'> = {
    scrape: () => {
      runs += 1;
      return new Promise<void>((resolve) => (release = resolve));
    },
    withScrapeLock: async (_db, fn) => {
      if (running) return { started: false };
      running = true;
      try {
        return { started: true, result: await fn() };
      } finally {
        running = false;
      }
    },
    isScrapeRunning: async () => running,
  };
  return { ports, finish: () => release(), runs: () => runs };
}

/** Pipeline stand-ins for API tests: the fake scrape, plus whatever the caller replaces. */
export function testPipeline(overrides: Partial<PipelinePorts> = {}): Partial<PipelinePorts> {
  return { ...fakeScrape().ports, ...overrides };
}
