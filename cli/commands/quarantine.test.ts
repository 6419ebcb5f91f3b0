import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrape } from '../../pipeline/scrape.ts';
import { MAX_DETAIL_TRIES } from '../../pipeline/fetch/fetch-stage.ts';
import { isDetails, startFakeSimapServer, type FakeSimapServer } from '../../test-support/fake-simap-server.ts';
import { runCli } from '../../test-support/run-cli.ts';
import { syntheticTenders } from '../../test-support/simap-pages.ts';
import { makeTempDir, silentLogger, testConfig } from '../../test-support/test-config.ts';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test-support/test-database.ts';

let database: TestDatabase;
let simap: FakeSimapServer;
const env = () => ({ DATABASE_URL: database.url, DATA_DIR: makeTempDir(), SIMAP_BASE_URL: simap.url, SIMAP_RPS: '50' });

describe.runIf(testDatabaseKind() === 'postgres')('tenders quarantine', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    simap = await startFakeSimapServer();
  });
  afterAll(async () => {
    await simap?.close();
    await database?.drop();
  });

  it(
    'lists what was set aside with the reason, and retry re-processes it: a fixed publication lands, a still-bad one comes back with its reason',
    { timeout: 300_000 },
    async () => {
      const projects = syntheticTenders(4, { lastDate: '2026-02-20', days: 4 });
      const gone = [...projects[0]!.details.keys()][0]!;
      const odd = projects[1]!;
      const oddId = [...odd.details.keys()][0]!;
      odd.details.set(oddId, { ...odd.details.get(oddId)!, type: 'mystery_notice' });
      simap.setProjects(projects);
      simap.inject({ match: (r) => isDetails(r, gone), fault: { kind: 'status', status: 404 } });
      const config = testConfig({ SIMAP_BASE_URL: simap.url, SIMAP_RPS: '50' });
      for (let run = 0; run < MAX_DETAIL_TRIES; run += 1) {
        await scrape({ db: database.db.knex, logger: silentLogger(), config }, { since: '2026-01-01', retry: { maxRetries: 0, timeoutMs: 2_000 } });
      }

      const list = await runCli(['quarantine', 'list', '--json'], env());
      expect(list.code, list.stderr).toBe(0);
      const listed = JSON.parse(list.stdout) as { quarantined: Array<{ stage: string; publicationId: string; reason: string }>; deferred: unknown[] };
      expect(listed.deferred).toEqual([]);
      expect(listed.quarantined.map((q) => [q.stage, q.publicationId]).sort()).toEqual(
        [
          ['fetch', gone],
          ['normalize', oddId],
        ].sort(),
      );
      expect(listed.quarantined.find((q) => q.stage === 'fetch')!.reason).toMatch(/details failed 5 times: simap.ch answered HTTP 404/);

      const text = await runCli(['quarantine', 'list', '--stage', 'normalize'], env());
      expect(text.stdout).toContain('quarantine: 1 record');
      expect(text.stdout).toContain('unknown publication type "mystery_notice"');
      expect(text.stdout).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);

      const unknown = await runCli(['quarantine', 'retry', 'no-such-publication'], env());
      expect(unknown.code).toBe(1);
      expect(unknown.stderr.trim()).toBe('error: not in quarantine: no-such-publication');

      simap.clearFaults();
      const retry = await runCli(['quarantine', 'retry', '--all', '--json'], env());
      expect(retry.code, retry.stderr).toBe(0);
      expect(JSON.parse(retry.stdout)).toMatchObject({
        ok: true,
        released: 2,
        refetched: 1,
        projectsCreated: 1,
        quarantinedAgain: [{ publicationId: oddId, stage: 'normalize', reason: expect.stringContaining('unknown publication type') }],
      });
      expect(await database.db.knex('projects').count({ n: '*' })).toEqual([{ n: 3 }]);
      expect(await database.db.knex('quarantine').select('publicationId')).toEqual([{ publicationId: oddId }]);
    },
  );
});
