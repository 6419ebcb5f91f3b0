import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test-support/test-database.ts';
import { makeTempDir } from '../../test-support/test-config.ts';
import { runCli, startCli } from '../../test-support/run-cli.ts';
import { isDetails, isSearch, startFakeSimapServer, type FakeSimapServer, type RecordedRequest } from '../../test-support/fake-simap-server.ts';
import { projectWithLots, syntheticTenders } from '../../test-support/simap-pages.ts';
import { isScrapeRunning } from '../../pipeline/stage-lock.ts';

const onPostgres = testDatabaseKind() === 'postgres';
const SINCE = '2026-01-01';

let simap: FakeSimapServer;
const databases: TestDatabase[] = [];

async function freshDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase();
  databases.push(db);
  return db;
}

function env(db: TestDatabase): Record<string, string | undefined> {
  return { DATABASE_URL: db.url, SIMAP_BASE_URL: simap.url, SIMAP_RPS: '50', DATA_DIR: makeTempDir() };
}

// A generous limit: the condition is a write of the process under test, which a loaded machine delays for long.
async function waitFor(condition: () => Promise<boolean>, timeoutMs = 100_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('close', () => resolve())));
}

/** Runs `tenders scrape`, blocks the `nth` request matching `match`, waits for `before`, then SIGKILLs the process. */
async function killAt(db: TestDatabase, match: (r: RecordedRequest) => boolean, nth: number, before?: () => Promise<boolean>): Promise<void> {
  let seen = 0;
  const blocked = new Promise<void>((resolve) => {
    simap.inject({ match: (r) => match(r) && ++seen === nth, fault: { kind: 'block', onBlocked: () => resolve() }, times: 1 });
  });
  const child = startCli(['scrape', '--since', SINCE], env(db));
  await blocked;
  if (before) await waitFor(before);
  child.kill('SIGKILL');
  await exited(child);
  expect(child.signalCode).toBe('SIGKILL');
  // The killed process's Postgres session (and the scrape lock it holds) ends when its server process notices the
  // closed socket, which a busy machine may take a moment to schedule: a rerun before then finds the scrape running.
  await waitFor(async () => !(await isScrapeRunning(db.db)));
  simap.clearFaults();
}

async function count(db: TestDatabase, table: string): Promise<number> {
  const [row] = await db.db.knex(table).count({ n: '*' });
  return Number(row!.n);
}

async function snapshot(db: TestDatabase) {
  const raw = await db.db
    .knex('raw_publications')
    .select('publicationId', 'projectId', 'pubType', 'publicationDate', 'searchEntry', 'details')
    .orderBy('publicationId');
  const projects = (await db.db.knex('projects').select('*').orderBy('projectId')).map(
    ({ id: _id, contentSeq: _seq, createdAt: _c, updatedAt: _u, ...rest }) => rest,
  );
  const cursor = await db.db.knex('scrape_cursors').select('source', 'newestPublicationDate');
  return { raw, projects, cursor };
}

describe.runIf(onPostgres)('tenders scrape (process)', () => {
  let reference: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    simap = await startFakeSimapServer([...syntheticTenders(45, { lastDate: '2026-02-20', days: 10 }), projectWithLots()]);
    const db = await freshDatabase();
    const result = await runCli(['scrape', '--since', SINCE, '--json'], env(db));
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, pages: 3, publicationsFetched: 47, projectsCreated: 46, quarantined: 0 });
    reference = await snapshot(db);
    expect(reference.raw).toHaveLength(47);
  });

  afterAll(async () => {
    await simap?.close();
    for (const db of databases) await db.drop();
  });

  const checkpoints: Array<[string, (db: TestDatabase) => Promise<void>]> = [
    [
      'right after a raw insert',
      (db) =>
        killAt(
          db,
          (r) => isDetails(r),
          2,
          async () => (await count(db, 'raw_publications')) >= 1,
        ),
    ],
    ['in the middle of the details of page 2', (db) => killAt(db, (r) => isDetails(r), 30)],
    ['before the cursor commit (last search page)', (db) => killAt(db, isSearch, 3)],
    [
      'on the last details request, before the cursor commit',
      (db) =>
        killAt(
          db,
          (r) => isDetails(r),
          47,
          async () => (await count(db, 'raw_publications')) >= 46,
        ),
    ],
  ];

  for (const [name, kill] of checkpoints) {
    it(`killed ${name}, then run again: same raw publications and projects as an uninterrupted run`, async () => {
      const db = await freshDatabase();
      await kill(db);
      expect(await count(db, 'scrape_cursors')).toBe(0);
      const rerun = await runCli(['scrape', '--since', SINCE], { ...env(db), LOG_LEVEL: 'info' });
      expect(rerun.code, rerun.stderr).toBe(0);
      expect(rerun.stdout).toMatch(/publications fetched\s+\d+/);
      // The stage's messages come once, from the progress lines, not again from the logger.
      expect(rerun.stderr.match(/searching simap publications since/g)).toHaveLength(1);
      expect(rerun.stderr).toMatch(/^fetch: done in /m);
      expect(await snapshot(db)).toEqual(reference);
    });
  }

  it('rejects bad flags with a one-line message and a non-zero exit', async () => {
    const db = databases[0]!;
    const badDate = await runCli(['scrape', '--since', '2026-13-45'], env(db));
    expect(badDate.code).not.toBe(0);
    expect(badDate.stderr.trim()).toBe('error: --since is not a calendar date');
    const badPages = await runCli(['scrape', '--max-pages', '-1'], env(db));
    expect(badPages.code).not.toBe(0);
    expect(badPages.stderr.trim()).toBe('error: --max-pages must be at least 1');
    const notNumber = await runCli(['scrape', '--max-pages', 'ten'], env(db));
    expect(notNumber.stderr.trim()).toBe('error: --max-pages must be a whole number, got "ten"');
  }, 180_000);

  it('exits non-zero naming the URL, status and body when simap answers 400', async () => {
    simap.inject({ match: isSearch, fault: { kind: 'status', status: 400, body: '{"detail":"bad filter"}' }, times: 1 });
    const result = await runCli(['scrape', '--since', SINCE], env(databases[0]!));
    simap.clearFaults();
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n').at(-1)).toMatch(
      /^error: simap\.ch answered HTTP 400 for http:\/\/127\.0\.0\.1:\d+\/api\/publications\/v2\/project\/project-search\?.+: \{"detail":"bad filter"\}$/,
    );
  }, 60_000);
});
