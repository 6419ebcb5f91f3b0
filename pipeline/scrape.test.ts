import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { silentLogger, testConfig } from '../test-support/test-config.ts';
import { startFakeSimapServer, isDetails, type FakeSimapServer } from '../test-support/fake-simap-server.ts';
import { awardOf, correctionOf, projectWithLots, syntheticTender, syntheticTenders } from '../test-support/simap-pages.ts';
import { scrape } from './scrape.ts';
import { PROJECT_SUB_TYPES } from './simap/simap-schemas.ts';
import { getScrapeCursor } from '../db/scrape-cursors.ts';

const FAST_RETRY = { maxRetries: 3, minDelayMs: 5, maxDelayMs: 50, timeoutMs: 2_000 };

let testDb: TestDatabase;
let simap: FakeSimapServer;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
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
  ])
    await knex(table).delete();
});
afterEach(async () => {
  await simap.close();
});

function run(options: { since?: string; maxPages?: number } = { since: '2026-01-01' }) {
  const config = testConfig({ SIMAP_BASE_URL: simap.url, SIMAP_RPS: '50' });
  return scrape({ db: testDb.db.knex, logger: silentLogger(), config }, { ...options, retry: FAST_RETRY });
}

async function tableSnapshot(table: string, orderBy: string) {
  return testDb.db.knex(table).select('*').orderBy(orderBy);
}

describe('scrape', () => {
  it('pages through every result with lastItem encoded as %7C, then a rerun changes nothing', async () => {
    simap.setProjects(syntheticTenders(45, { lastDate: '2026-02-20', days: 10 }));
    const first = await run();
    expect(first).toMatchObject({ pages: 3, publicationsFetched: 45, projectsCreated: 45, quarantined: 0, complete: true });

    const searches = simap.searchRequests();
    expect(searches).toHaveLength(3);
    const expectedTypes = PROJECT_SUB_TYPES.map((t) => `projectSubTypes=${t}`).join('&');
    expect(searches[0]!.rawUrl).toBe(`/api/publications/v2/project/project-search?${expectedTypes}&newestPublicationFrom=2026-01-01`);
    expect(searches[1]!.rawUrl).toMatch(/&lastItem=\d{8}%7C\d+$/);
    expect(searches[2]!.query.get('lastItem')).toMatch(/^\d{8}\|\d+$/);
    expect(await getScrapeCursor(testDb.db.knex)).toBe('2026-02-20');

    const raw = await tableSnapshot('raw_publications', 'seq');
    const projects = await tableSnapshot('projects', 'id');
    expect(raw).toHaveLength(45);
    expect(projects).toHaveLength(45);
    expect(await testDb.db.knex('summary_queue').count({ n: '*' })).toEqual([{ n: 45 }]);

    const details = simap.detailRequests().length;
    const second = await run({});
    expect(second).toMatchObject({ publicationsFetched: 0, projectsCreated: 0, projectsUpdated: 0, quarantined: 0 });
    expect(simap.detailRequests().length).toBe(details);
    expect(simap.searchRequests().at(-1)!.query.get('newestPublicationFrom')).toBe('2026-02-19');
    expect(await tableSnapshot('raw_publications', 'seq')).toEqual(raw);
    expect(await tableSnapshot('projects', 'id')).toEqual(projects);
  });

  it('a correction and then an award update the existing project, never a second one', async () => {
    const tender = syntheticTender(3, { publicationDate: '2026-02-01' });
    simap.setProjects([tender]);
    await run();
    const [created] = await testDb.db.knex('projects').select('*');
    expect(created).toMatchObject({ status: 'open', corrected: false, pubType: 'tender' });

    const corrected = correctionOf(tender, { publicationDate: '2026-02-05', deadline: '2026-04-01T12:00:00+02:00', title: 'Titre corrigé' });
    simap.putProject(corrected);
    const afterCorrection = await run({});
    expect(afterCorrection).toMatchObject({ publicationsFetched: 1, projectsCreated: 0, projectsUpdated: 1 });
    const [updated] = await testDb.db.knex('projects').select('*');
    expect(updated.id).toBe(created.id);
    expect(updated).toMatchObject({ corrected: true, status: 'open', title: 'Titre corrigé' });
    expect(updated.deadline.toISOString()).toBe('2026-04-01T10:00:00.000Z');
    expect(updated.publishedAt.toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(Number(updated.contentSeq)).toBeGreaterThan(Number(created.contentSeq));

    simap.putProject(awardOf(corrected, { publicationDate: '2026-03-10', vendor: 'Nettoyages Léman SA', price: 125000.5 }));
    await run({});
    const projects = await testDb.db.knex('projects').select('*');
    expect(projects).toHaveLength(1);
    const awarded = projects[0];
    expect(awarded).toMatchObject({ id: created.id, status: 'awarded', pubType: 'award', budget: 125000.5, budgetCurrency: 'CHF' });
    expect(awarded.awardVendors).toEqual([{ lotNumber: null, name: 'Nettoyages Léman SA', city: 'Vernier', price: 125000.5, currency: 'CHF' }]);
    expect(awarded.deadline.toISOString()).toBe('2026-04-01T10:00:00.000Z');
    expect(Number(awarded.contentSeq)).toBe(Number(updated.contentSeq));
    const history = await testDb.db.knex('project_publications').where({ projectId: created.id }).orderBy('publicationDate');
    expect(history.map((h) => h.pubType)).toEqual(['tender', 'tender', 'award']);
  });

  it('stores one publication per lot and keeps them in one project', async () => {
    simap.setProjects([projectWithLots()]);
    const summary = await run({ since: '2026-08-01' });
    expect(summary).toMatchObject({ publicationsFetched: 2, projectsCreated: 1, projectsUpdated: 1 });
    const [project] = await testDb.db.knex('projects').select('*');
    expect(project).toMatchObject({ projectId: '11d690da-91aa-4023-867e-088f2992d0f6', status: 'awarded', title: 'Marketingartikel' });
    expect(project.description).toContain('Lot 1: Streuartikel');
    expect(project.description).toContain('Lot 2: Geschenkartikel');
    expect(project.awardVendors.map((v: { lotNumber: number }) => v.lotNumber)).toEqual([1, 2]);
  });

  it('quarantines malformed records and lands the rest', async () => {
    const good = syntheticTenders(5, { lastDate: '2026-02-10' });
    const bad = syntheticTender(99, { publicationDate: '2026-02-10' });
    const badDetails = [...bad.details.values()][0]!;
    (badDetails.dates as Record<string, unknown>).offerDeadline = 'next tuesday';
    const noId = { ...syntheticTender(98, { publicationDate: '2026-02-09' }) };
    noId.entry = { ...noId.entry, publicationId: undefined };
    simap.setProjects([...good, bad, noId]);
    const summary = await run();
    expect(summary).toMatchObject({ projectsCreated: 5, quarantined: 2 });
    const quarantined = await testDb.db.knex('quarantine').select('*').orderBy('stage');
    expect(quarantined.map((q) => q.stage)).toEqual(['fetch', 'normalize']);
    expect(quarantined[1].reason).toContain('dates.offerDeadline');
    expect(quarantined[1].raw.details.dates.offerDeadline).toBe('next tuesday');
    expect(await run({})).toMatchObject({ quarantined: 1, projectsCreated: 0 });
  });

  it('honours Retry-After on 429 and retries 500s and resets', async () => {
    simap.setProjects(syntheticTenders(3, { lastDate: '2026-02-10' }));
    simap.inject({ match: (r) => r.path.includes('project-search'), fault: { kind: 'status', status: 429, retryAfter: '1' }, times: 1 });
    simap.inject({ match: (r) => isDetails(r), fault: { kind: 'status', status: 503 }, times: 1 });
    simap.inject({ match: (r) => isDetails(r), fault: { kind: 'reset' }, times: 1 });
    const summary = await run();
    expect(summary.projectsCreated).toBe(3);
    const [first, second] = simap.searchRequests();
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
  });

  it('stops with the URL and status when the retries run out, keeping what it stored', async () => {
    simap.setProjects(syntheticTenders(4, { lastDate: '2026-02-10' }));
    const failing = [...syntheticTenders(4, { lastDate: '2026-02-10' })[3]!.details.keys()][0]!;
    simap.inject({ match: (r) => isDetails(r, failing), fault: { kind: 'status', status: 502 } });
    await expect(run()).rejects.toThrow(/HTTP 502 after 4 attempts for http:\/\/127\.0\.0\.1:\d+\/api\/publications\/v1\/project\/.+\/publication-details\//);
    expect(await testDb.db.knex('raw_publications').count({ n: '*' })).toEqual([{ n: 3 }]);
    expect(await testDb.db.knex('projects').count({ n: '*' })).toEqual([{ n: 3 }]);
    expect(await getScrapeCursor(testDb.db.knex)).toBeNull();
    simap.clearFaults();
    expect(await run()).toMatchObject({ publicationsFetched: 1, projectsCreated: 1 });
  });

  it('reports a 400 with the URL, status and body', async () => {
    simap.inject({
      match: (r) => r.path.includes('project-search'),
      fault: { kind: 'status', status: 400, body: '{"detail":"newestPublicationFrom is invalid"}' },
    });
    await expect(run()).rejects.toThrow(
      /HTTP 400 for http:\/\/127\.0\.0\.1:\d+\/api\/publications\/v2\/project\/project-search\?.*: \{"detail":"newestPublicationFrom is invalid"\}/,
    );
  });

  it('says clearly when simap is unreachable', async () => {
    const config = testConfig({ SIMAP_BASE_URL: 'http://127.0.0.1:9/api', SIMAP_RPS: '50' });
    await expect(scrape({ db: testDb.db.knex, logger: silentLogger(), config }, { retry: FAST_RETRY })).rejects.toThrow(
      /simap\.ch is unreachable \(ECONNREFUSED\) at http:\/\/127\.0\.0\.1:9/,
    );
  });

  it('defers a publication whose details are malformed JSON, lands the other, and fetches it on the next run', async () => {
    simap.setProjects(syntheticTenders(2, { lastDate: '2026-02-10' }));
    simap.inject({ match: (r) => isDetails(r), fault: { kind: 'malformed' }, times: 1 });
    expect(await run()).toMatchObject({ complete: true, deferred: 1, projectsCreated: 1 });
    expect(await getScrapeCursor(testDb.db.knex)).toBe('2026-02-10');
    expect(await run({})).toMatchObject({ complete: true, recovered: 1, projectsCreated: 1 });
    expect(await testDb.db.knex('projects').count({ n: '*' })).toEqual([{ n: 2 }]);
  });

  it('rejects impossible options', async () => {
    await expect(run({ since: '2026-13-45' })).rejects.toThrow(/--since is not a calendar date/);
    await expect(run({ since: 'yesterday' })).rejects.toThrow(/^invalid scrape options: --since must be a date YYYY-MM-DD$/);
    await expect(run({ maxPages: -1 })).rejects.toThrow(/--max-pages must be at least 1/);
  });
});
