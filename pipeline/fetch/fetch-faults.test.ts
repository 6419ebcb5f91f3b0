import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getScrapeCursor } from '../../db/scrape-cursors.ts';
import { createLogger, type Logger } from '../../logger.ts';
import { isDetails, isSearch, startFakeSimapServer, type FakeSimapServer } from '../../test-support/fake-simap-server.ts';
import { syntheticTenders, type SimapProject } from '../../test-support/simap-pages.ts';
import { silentLogger, testConfig } from '../../test-support/test-config.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { scrape } from '../scrape.ts';
import { MAX_DETAIL_TRIES } from './fetch-stage.ts';

const FAST_RETRY = { maxRetries: 3, minDelayMs: 5, maxDelayMs: 50, timeoutMs: 2_000 };

let testDb: TestDatabase;
let simap: FakeSimapServer;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});
beforeEach(async () => {
  simap = await startFakeSimapServer();
  const knex = testDb.db.knex;
  for (const table of [
    'summary_queue',
    'project_publications',
    'projects',
    'quarantine',
    'publication_retries',
    'raw_publications',
    'scrape_cursors',
    'pipeline_runs',
  ]) {
    await knex(table).delete();
  }
});
afterEach(async () => {
  await simap.close();
});

function run(options: { since?: string; logger?: Logger } = {}) {
  const config = testConfig({ SIMAP_BASE_URL: simap.url, SIMAP_RPS: '50' });
  return scrape({ db: testDb.db.knex, logger: options.logger ?? silentLogger(), config }, { since: options.since ?? '2026-01-01', retry: FAST_RETRY });
}

function publicationIdOf(project: SimapProject): string {
  return [...project.details.keys()][0]!;
}

function detailCalls(publicationId: string): number {
  return simap.requests.filter((r) => isDetails(r, publicationId)).length;
}

describe('fetch with faulty publications', () => {
  it('defers a publication whose details answer 404, stores the rest of the page, retries it on later runs and quarantines it after the last try', async () => {
    const projects = syntheticTenders(25, { lastDate: '2026-02-20', days: 10 });
    simap.setProjects(projects);
    const gone = publicationIdOf(projects[3]!);
    const garbled = publicationIdOf(projects[7]!);
    simap.inject({ match: (r) => isDetails(r, gone), fault: { kind: 'status', status: 404 } });
    simap.inject({ match: (r) => isDetails(r, garbled), fault: { kind: 'status', status: 200, body: '<html>maintenance</html>' }, times: 1 });

    const first = await run();
    expect(first).toMatchObject({ publicationsFetched: 23, projectsCreated: 23, deferred: 2, quarantined: 0, complete: true });
    expect(await getScrapeCursor(testDb.db.knex)).toBe('2026-02-20');
    const retries = await testDb.db.knex('publication_retries').orderBy('publicationId').select('publicationId', 'attempts', 'lastError');
    expect(retries).toHaveLength(2);
    expect(retries.find((r) => r.publicationId === gone)?.lastError).toMatch(/HTTP 404/);
    expect(retries.find((r) => r.publicationId === garbled)?.lastError).toMatch(/not JSON/);

    const second = await run();
    expect(second).toMatchObject({ recovered: 1, publicationsFetched: 1, projectsCreated: 1, deferred: 1, quarantined: 0 });
    for (let attempt = 3; attempt <= MAX_DETAIL_TRIES; attempt += 1) await run();
    const quarantined = await testDb.db.knex('quarantine').where({ stage: 'fetch' }).select('publicationId', 'reason');
    expect(quarantined).toEqual([{ publicationId: gone, reason: expect.stringMatching(new RegExp(`^details failed ${MAX_DETAIL_TRIES} times: .*HTTP 404`)) }]);
    expect(await testDb.db.knex('publication_retries').count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(detailCalls(gone)).toBe(MAX_DETAIL_TRIES);

    const later = await run();
    expect(later).toMatchObject({ deferred: 0, quarantined: 0, publicationsFetched: 0 });
    expect(detailCalls(gone)).toBe(MAX_DETAIL_TRIES);
    expect(await testDb.db.knex('projects').count({ n: '*' })).toEqual([{ n: 24 }]);
  });

  it('quarantines a publication of an unknown type with a clear reason instead of making it an open project', async () => {
    const projects = syntheticTenders(3, { lastDate: '2026-02-20', days: 3 });
    const odd = projects[1]!;
    const oddId = publicationIdOf(odd);
    odd.details.set(oddId, { ...odd.details.get(oddId)!, type: 'mystery_notice' });
    simap.setProjects(projects);

    expect(await run()).toMatchObject({ publicationsFetched: 3, projectsCreated: 2, quarantined: 1 });
    const [row] = await testDb.db.knex('quarantine').where({ stage: 'normalize' }).select('publicationId', 'reason');
    expect(row).toEqual({
      publicationId: oddId,
      reason: 'details.type: unknown publication type "mystery_notice": not turned into a project until normalize knows it',
    });
    expect(
      await testDb.db
        .knex('projects')
        .where({ projectId: odd.entry.id as string })
        .count({ n: '*' }),
    ).toEqual([{ n: 0 }]);
  });

  it('stops cleanly when simap asks to wait longer than 120 s, keeps what it stored, and the next run resumes', async () => {
    simap.setProjects(syntheticTenders(25, { lastDate: '2026-02-20', days: 10 }));
    simap.inject({ match: (r) => isSearch(r) && r.query.has('lastItem'), fault: { kind: 'status', status: 429, retryAfter: '600' }, times: 1 });

    const first = await run();
    expect(first).toMatchObject({ pages: 1, publicationsFetched: 20, projectsCreated: 20, complete: false });
    expect(first.stopped).toMatch(/asks to wait 600 s \(Retry-After\)/);
    expect(await getScrapeCursor(testDb.db.knex)).toBeNull();

    const second = await run();
    expect(second).toMatchObject({ publicationsFetched: 5, projectsCreated: 5, complete: true, stopped: null });
    expect(await testDb.db.knex('projects').count({ n: '*' })).toEqual([{ n: 25 }]);
  });

  it('logs every retry wait at warn with the URL, the status and the wait', async () => {
    const projects = syntheticTenders(2, { lastDate: '2026-02-20', days: 2 });
    simap.setProjects(projects);
    const flaky = publicationIdOf(projects[0]!);
    simap.inject({ match: (r) => isDetails(r, flaky), fault: { kind: 'status', status: 503, retryAfter: '0' }, times: 2 });
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        callback();
      },
    });
    expect(await run({ logger: createLogger({ level: 'warn', destination: sink }) })).toMatchObject({ publicationsFetched: 2 });
    const waits = lines.filter((l) => typeof l.waitMs === 'number');
    expect(waits).toHaveLength(2);
    for (const wait of waits) {
      expect(wait).toMatchObject({ level: 40, status: 503, waitMs: 0, url: expect.stringContaining(`/publication-details/${flaky}`) });
      expect(wait.msg).toMatch(/^simap retry in 0\.0 s after 503: http:\/\/127\.0\.0\.1:\d+\/api\/publications/);
    }
  });
});
