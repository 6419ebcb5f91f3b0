import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

export type TestDatabaseTarget = { kind: 'postgres'; url: string; runId: string } | { kind: 'pglite'; runId: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTarget;
  }
}

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';

async function answers(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

let target: TestDatabaseTarget | undefined;

export async function setup(project: TestProject): Promise<void> {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_URL;
  const runId = randomBytes(3).toString('hex');
  const problem = await answers(url);
  if (problem === null) {
    target = { kind: 'postgres', url, runId };
  } else if (process.env.CI === 'true') {
    throw new Error(`CI=true and the test Postgres server at ${url} does not answer (${problem}); refusing to fall back to PGlite`);
  } else {
    console.warn(`\n[notice] Postgres at ${url} does not answer (${problem}): tests run on embedded PGlite instead.\n`);
    target = { kind: 'pglite', runId };
  }
  project.provide('testDatabase', target);
}

export async function teardown(): Promise<void> {
  if (target?.kind !== 'postgres') return;
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`vigie_t_${target.runId}_%`]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await client.end();
  }
}
