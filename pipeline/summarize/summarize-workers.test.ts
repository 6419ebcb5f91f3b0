import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueSummaries } from '../../db/summaries.ts';
import { buildProjects } from '../../test-support/factories.ts';
import { defaultResponder, startFakeOpenAiServer, type FakeOpenAiServer } from '../../test-support/fake-openai-server.ts';
import { runCli, runCliProcess } from '../../test-support/run-cli.ts';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test-support/test-database.ts';

const JOBS = 200;

let testDb: TestDatabase;
let server: FakeOpenAiServer;

beforeAll(async () => {
  testDb = await createTestDatabase();
  server = await startFakeOpenAiServer(defaultResponder);
});
afterAll(async () => {
  await server.close();
  await testDb.drop();
});

describe.skipIf(testDatabaseKind() !== 'postgres')('tenders summarize in two processes', () => {
  it('drains 200 jobs, each processed exactly once, and skips the rows another worker holds', { timeout: 120_000 }, async () => {
    const db = testDb.db.knex;
    const projects = await buildProjects(
      db,
      Array.from({ length: JOBS }, (_, i) => ({ title: `Worker job ${i}` })),
    );
    await enqueueSummaries(
      db,
      projects.map((p) => p.id),
    );

    // A third worker in the middle of its claim: the first job in queue order stays locked throughout.
    // Without SKIP LOCKED both processes would wait on it and the run would time out.
    const holder = new pg.Client({ connectionString: testDb.url });
    await holder.connect();
    await holder.query('begin');
    const { rows } = await holder.query<{ id: number; project_id: number }>(
      'select id, project_id from summary_queue order by available_at, id limit 1 for update',
    );
    const held = rows[0]!;

    // 20 requests a second per process: each process alone would need ~10 s for all the jobs, far longer than the
    // two take to start apart, so both take part.
    const env = { DATABASE_URL: testDb.url, OPENAI_BASE_URL: server.url, OPENAI_MODEL: 'fake-model', LLM_RPS: '20' };
    let results;
    try {
      results = await Promise.all([1, 2].map(() => runCliProcess(['summarize', '--json'], env)));
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    const outputs = results.map((result) => JSON.parse(result.stdout) as { worker: string; summarized: number; failed: number });
    expect(outputs.reduce((sum, o) => sum + o.summarized, 0)).toBe(JOBS - 1);
    expect(outputs.every((o) => o.failed === 0)).toBe(true);

    const heldTitle = projects.find((p) => p.id === held.project_id)!.title;
    const perTitle = new Map<string, number>();
    for (const request of server.requests) perTitle.set(request.title!, (perTitle.get(request.title!) ?? 0) + 1);
    expect(perTitle.has(heldTitle)).toBe(false);
    expect(perTitle.size).toBe(JOBS - 1);
    expect([...perTitle.values()].every((count) => count === 1)).toBe(true);

    const byWorker: Array<{ lockedBy: string; count: number }> = await db('summaryQueue')
      .where({ status: 'completed' })
      .select('lockedBy')
      .count({ count: '*' })
      .groupBy('lockedBy');
    expect(byWorker.map((w) => w.lockedBy).sort()).toEqual(outputs.map((o) => o.worker).sort());
    expect(byWorker.every((w) => Number(w.count) > 0)).toBe(true);
    expect(await db('summaryQueue').where({ id: held.id }).first()).toMatchObject({ status: 'pending', attempts: 0 });
    expect(Number((await db('projectSummaries').count({ count: '*' }).first())!.count)).toBe((JOBS - 1) * 4);

    const last = await runCli(['summarize', '--json'], env);
    expect(last.code, last.stderr).toBe(0);
    expect(JSON.parse(last.stdout)).toMatchObject({ claimed: 1, summarized: 1 });
    expect(server.requests.length).toBe(JOBS);
    expect(await db('summaryQueue').whereNot({ status: 'completed' })).toEqual([]);
  });
});
