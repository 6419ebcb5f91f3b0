import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../test-support/api-client.ts';
import { spawnCli, stopChild, waitForListening } from '../../test-support/cli-processes.ts';
import { buildProjects } from '../../test-support/factories.ts';
import { makeTempDir } from '../../test-support/test-config.ts';
import { testDatabaseKind, createTestDatabase } from '../../test-support/test-database.ts';

// The embedded server schedules a scrape at start; tests point it at a closed local port, never at simap.ch.
const OFFLINE_SIMAP = 'http://127.0.0.1:9/api';

describe('tenders serve on Postgres', () => {
  const children: ChildProcess[] = [];
  afterEach(async () => {
    await Promise.all(children.splice(0).map(stopChild));
  });

  it.skipIf(testDatabaseKind() !== 'postgres')(
    'serves /api/health on Postgres and stops under load without an error: the requests in flight are answered, then it exits 0',
    { timeout: 600_000 },
    async () => {
      const database = await createTestDatabase();
      try {
        await buildProjects(
          database.db.knex,
          Array.from({ length: 300 }, (_, i) => ({
            title: i % 2 ? `Restauration des vitraux, lot ${i}` : `Accordage des pianos, lot ${i}`,
            cpvCodes: ['45441000'],
          })),
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
        const creating = client.post('/api/alerts', { prompt: 'restauration des vitraux des chapelles' });
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
