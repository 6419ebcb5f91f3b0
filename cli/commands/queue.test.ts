import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProjects } from '../../test-support/factories.ts';
import { runCli } from '../../test-support/run-cli.ts';
import { makeTempDir } from '../../test-support/test-config.ts';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test-support/test-database.ts';

let testDb: TestDatabase;
const env = () => ({ DATABASE_URL: testDb.url, DATA_DIR: makeTempDir() });

describe.runIf(testDatabaseKind() === 'postgres')('tenders queue without a terminal', () => {
  beforeAll(async () => {
    testDb = await createTestDatabase();
    const knex = testDb.db.knex;
    const projects = await buildProjects(knex, [{ title: 'Alpha' }, { title: 'Beta' }, { title: 'Gamma' }, { title: 'Delta' }]);
    await knex('summaryQueue').insert([
      { projectId: projects[0]!.id, status: 'pending' },
      { projectId: projects[1]!.id, status: 'completed', attempts: 1 },
      { projectId: projects[2]!.id, status: 'failed', attempts: 3, lastError: 'LLM answered 500', updatedAt: new Date('2026-11-20T10:00:00Z') },
      { projectId: projects[3]!.id, status: 'failed', attempts: 3, lastError: 'timeout', updatedAt: new Date('2026-11-21T10:00:00Z') },
    ]);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it('--json prints the counts and the last failures once', async () => {
    const result = await runCli(['queue', '--json'], env());
    expect(result.code, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(body).toMatchObject({ ok: true, queueLength: 1, pending: 1, processing: 0, completed: 1, failed: 2 });
    expect(body.recentFailures.map((f: { title: string; error: string; attempts: number }) => [f.title, f.error, f.attempts])).toEqual([
      ['Delta', 'timeout', 3],
      ['Gamma', 'LLM answered 500', 3],
    ]);
  });

  it('prints plain text when stdout is not a terminal', async () => {
    const result = await runCli(['queue'], env());
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^pending\s+1$/m);
    expect(result.stdout).toMatch(/^failed\s+2$/m);
    expect(result.stdout).toMatch(/^ {2}project \d+ \(3 attempts\): timeout$/m);
  });
});
