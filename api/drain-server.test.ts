import { connect, type AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { countAlertMatches } from '../db/alert-matches.ts';
import { createLogger } from '../logger.ts';
import { ApiClient, createCapturingMailer } from '../test-support/api-client.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { testConfig } from '../test-support/test-config.ts';
import { createApp } from './app.ts';
import { drainServer } from './drain-server.ts';
import { createInFlightRequests, type InFlightRequests } from './middleware/in-flight.ts';

const PUBLIC_URL = 'http://vigie.test';

interface Running {
  url: string;
  server: Server;
  inFlight: InFlightRequests;
  database: TestDatabase;
  logLines: () => Array<{ level: number; msg: string }>;
  /** From now on "process now" waits on the gate, then reads the database. */
  hold(): void;
  /** Lets the held requests go on. */
  openGate(): void;
  /** Resolves when a held request has reached the gate. */
  scoringStarted: Promise<void>;
}

const running: Running[] = [];
afterEach(async () => {
  for (const { server, database } of running.splice(0)) {
    server.closeAllConnections();
    server.close();
    await database.drop().catch(() => undefined);
  }
});

/** The real app on its own database, with a "process now" that waits on a gate and then reads the database. */
async function start(): Promise<Running> {
  const database = await createTestDatabase();
  let log = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  let openGate!: () => void;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  let holding = false;
  let markStarted!: () => void;
  const scoringStarted = new Promise<void>((resolve) => (markStarted = resolve));
  const inFlight = createInFlightRequests();
  const app = createApp({
    config: testConfig({ PUBLIC_URL }),
    db: database.db,
    logger: createLogger({ level: 'info', destination }),
    mailer: createCapturingMailer(),
    inFlight,
    projectListTtlMs: 0,
    pipeline: {
      scoreAlertNow: async (knex, alertId) => {
        if (holding) {
          markStarted();
          await gate;
        }
        return { scored: 0, matches: await countAlertMatches(knex, alertId) };
      },
    },
  });
  const server = app.listen(0);
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const logLines = () =>
    log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string });
  const hold = () => {
    holding = true;
  };
  const started: Running = { url, server, inFlight, database, logLines, hold, openGate, scoringStarted };
  running.push(started);
  return started;
}

async function signedInWithAlert(url: string): Promise<{ client: ApiClient; alertId: number }> {
  const client = new ApiClient(url, PUBLIC_URL);
  const registered = await client.post('/api/register', { username: 'drainuser', email: 'drain@example.test', password: 'correct horse', language: 'en' });
  expect(registered.status).toBe(201);
  const created = await client.post<{ id: number }>('/api/alerts', { prompt: 'window washing of school buildings' });
  expect(created.status).toBe(201);
  return { client, alertId: created.body.id };
}

describe('drainServer', () => {
  it('lets a request in flight finish on the database, refuses new connections, then reports drained', { timeout: 60_000 }, async () => {
    const app = await start();
    const { client, alertId } = await signedInWithAlert(app.url);
    app.hold();
    const processing = client.post<{ matches: number }>(`/api/alerts/${alertId}/process`);
    await app.scoringStarted;
    expect(app.inFlight.count).toBe(1);

    let drainedWith: boolean | undefined;
    const draining = drainServer(app.server, app.inFlight, { timeoutMs: 20_000, logger: createLogger({ level: 'silent' }) }).then(
      (drained) => (drainedWith = drained),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(drainedWith).toBeUndefined();
    // No new connection once draining: the listening socket is closed.
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(Number(new URL(app.url).port), '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');

    app.openGate();
    const answer = await processing;
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ scored: 0, matches: 0 });
    expect(answer.headers.get('connection')).toBe('close');
    expect(await draining).toBe(true);
    expect(app.inFlight.count).toBe(0);

    // The database closes after the last handler, so nothing was cut short.
    await app.database.db.close();
    expect(app.logLines().filter((line) => line.level >= 50)).toEqual([]);
    expect(app.logLines().filter((line) => line.msg === 'request')).toHaveLength(3);
  });

  it('gives up after its timeout with a warning and closes the connections of the requests still running', { timeout: 60_000 }, async () => {
    const app = await start();
    const { client, alertId } = await signedInWithAlert(app.url);
    app.hold();
    const processing = client.post(`/api/alerts/${alertId}/process`).then(
      (response) => response.status,
      () => 'connection closed',
    );
    await app.scoringStarted;
    let warning = '';
    const logger = createLogger({
      level: 'warn',
      destination: new Writable({
        write(chunk: Buffer, _encoding, done) {
          warning += chunk.toString();
          done();
        },
      }),
    });
    expect(await drainServer(app.server, app.inFlight, { timeoutMs: 300, logger })).toBe(false);
    expect(warning).toContain('requests still running after 0.3 s are cut short');
    expect(await processing).toBe('connection closed');
    app.openGate();
    await expect.poll(() => app.inFlight.count).toBe(0);
  });
});
