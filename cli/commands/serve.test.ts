import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../test-support/api-client.ts';
import { spawnCli } from '../../test-support/cli-processes.ts';
import { buildProjects } from '../../test-support/factories.ts';
import { runCliProcess } from '../../test-support/run-cli.ts';
import { makeTempDir } from '../../test-support/test-config.ts';
import { testDatabaseKind, createTestDatabase } from '../../test-support/test-database.ts';

// The embedded server schedules a scrape at start; tests point it at a closed local port, never at simap.ch.
const OFFLINE_SIMAP = 'http://127.0.0.1:9/api';

function waitForListening(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 480_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('tenders serve', () => {
  const children: ChildProcess[] = [];
  afterEach(async () => {
    await Promise.all(children.splice(0).map(stop));
  });

  // Postgres-in-WebAssembly creating its database beside two CPU burners took over 180 s: a generous limit, the waits poll.
  it('serves /api/health on the embedded database, runs the pipeline loop and keeps a second process out', { timeout: 600_000 }, async () => {
    const dataDir = makeTempDir();
    const process = spawnCli('serve', ['serve'], { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', SIMAP_BASE_URL: OFFLINE_SIMAP });
    const server = process.child;
    children.push(server);
    const port = await waitForListening(server);

    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await response.json()).toEqual({ ok: true, db: 'pglite' });

    const second = await runCliProcess(['migrate', 'status'], { DATA_DIR: dataDir });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('the embedded database is in use by a running server: stop it or set DATABASE_URL');

    // The same loop as `tenders run`: each round ends with one line, and an unreachable simap does not stop it.
    const roundLines = () =>
      process
        .stdout()
        .split('\n')
        .filter((line) => line.includes('"round":1,'))
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
    await expect.poll(roundLines, { timeout: 300_000, interval: 250 }).toHaveLength(1);
    expect(roundLines()[0]).toMatch(
      /^round 1: scrape failed: simap\.ch is unreachable \(ECONNREFUSED\).*, summarize ok \(0 summarized, \d+\.\d s\), score ok \(0 alerts scored, 0 matches, \d+\.\d s\), notify ok \(0 sent, \d+\.\d s\), housekeeping ok \(\d+ sessions, \d+ rate-limit counters deleted, \d+\.\d s\) — \d+\.\d s$/,
    );
    expect(process.stdout()).toContain('simap.ch is unreachable (ECONNREFUSED); scrape runs again in 5 min');

    expect(await stop(server)).toBe(0);
    const after = await runCliProcess(['migrate', 'status', '--json'], { DATA_DIR: dataDir });
    expect(after.code).toBe(0);
    expect(JSON.parse(after.stdout).pending).toEqual([]);
  });

  it.skipIf(testDatabaseKind() !== 'postgres')(
    'serves /api/health on Postgres and stops under load without an error: the requests in flight are answered, then it exits 0',
    { timeout: 600_000 },
    async () => {
      const database = await createTestDatabase();
      try {
        await buildProjects(
          database.db.knex,
          Array.from({ length: 300 }, (_, i) => ({ title: i % 2 ? `Lavage des vitres, lot ${i}` : `Pose de parquet, lot ${i}`, cpvCodes: ['90911300'] })),
        );
        const serve = spawnCli('serve', ['serve'], {
          DATA_DIR: makeTempDir(),
          PORT: '0',
          LOG_LEVEL: 'info',
          DATABASE_URL: database.url,
          SIMAP_BASE_URL: OFFLINE_SIMAP,
        });
        children.push(serve.child);
        const url = `http://127.0.0.1:${await waitForListening(serve.child)}`;
        expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ ok: true, db: 'postgres' });
        const client = new ApiClient(url, null);
        const registered = await client.post('/api/register', {
          username: 'drainload',
          email: 'drainload@example.test',
          password: 'correct horse',
          language: 'fr',
        });
        expect(registered.status).toBe(201);

        // Creating an alert scores it in the scoring thread: it is warm before the load starts (its tables are
        // derived on a first start), so that the clients below do not spin through the whole warm-up.
        // The thread runs at nice 10: beside other busy test files its warm-up may take minutes.
        await expect.poll(() => serve.stdout().includes('scoring warm-up done'), { timeout: 480_000 }).toBe(true);

        // Eight clients ask without pause on keep-alive connections until the server is gone.
        let ended = false;
        const answers: Record<number, number> = {};
        let failedToConnect = 0;
        const ask = async (path: string) => {
          while (!ended) {
            try {
              const response = await fetch(`${url}${path}`, { headers: { cookie: client.cookieHeader() } });
              await response.arrayBuffer();
              answers[response.status] = (answers[response.status] ?? 0) + 1;
            } catch {
              // Refused (no longer listening) or closed before the request was read (an idle keep-alive connection).
              failedToConnect += 1;
              await new Promise((resolve) => setTimeout(resolve, 20));
            }
          }
        };
        const loops = ['/api/projects?limit=100', '/api/stats', '/api/alerts', '/api/projects?limit=20&sort=title'].flatMap((path) => [ask(path), ask(path)]);
        await expect.poll(() => answers[200] ?? 0, { timeout: 60_000 }).toBeGreaterThan(50);
        const creating = client.post('/api/alerts', { prompt: 'lavage des vitres des écoles' });
        // The alert's row is committed before it is scored: from then on the request is in flight in the server.
        await expect.poll(async () => Number((await database.db.knex('alerts').count({ n: '*' }).first())?.n), { timeout: 120_000 }).toBe(1);
        expect(await serve.stop()).toBe(0);
        ended = true;
        await Promise.all(loops);

        expect((await creating).status).toBe(201);
        expect(Object.keys(answers)).toEqual(['200']);
        const lines = serve
          .stdout()
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as { level: number; msg: string; inFlight?: number });
        expect(lines.filter((line) => line.level >= 50)).toEqual([]);
        expect(lines.find((line) => line.msg === 'shutting down')?.inFlight).toBeGreaterThan(0);
        expect(lines.some((line) => line.msg.includes('cut short'))).toBe(false);
        expect(failedToConnect).toBeGreaterThan(0);
      } finally {
        await database.drop();
      }
    },
  );
});
