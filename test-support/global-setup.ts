import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { DEFAULT_TEST_DATABASE_URL, dropDatabasesLike, postgresProblem } from './scratch-database.ts';
import { ensureSharedScoringTables } from './scorer-cache.ts';

export type TestDatabaseTarget = { kind: 'postgres'; url: string; runId: string } | { kind: 'pglite'; runId: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTarget;
  }
}

let target: TestDatabaseTarget | undefined;

export async function setup(project: TestProject): Promise<void> {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const runId = randomBytes(3).toString('hex');
  const problem = await postgresProblem(url);
  if (problem === null) {
    target = { kind: 'postgres', url, runId };
  } else if (process.env.CI === 'true') {
    throw new Error(`CI=true and the test Postgres server at ${url} does not answer (${problem}); refusing to fall back to PGlite`);
  } else {
    console.warn(`\n[notice] Postgres at ${url} does not answer (${problem}): tests run on embedded PGlite instead.\n`);
    target = { kind: 'pglite', runId };
  }
  project.provide('testDatabase', target);
  ensureSharedScoringTables();
}

export async function teardown(): Promise<void> {
  if (target?.kind === 'postgres') await dropDatabasesLike(target.url, `vigie_t_${target.runId}_%`);
}
