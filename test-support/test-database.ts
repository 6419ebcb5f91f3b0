import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/connection.ts';
import { migrateLatest } from '../db/migrate.ts';

export interface TestDatabase {
  db: Database;
  /** Connection string for child processes; undefined on the PGlite fallback. */
  url: string | undefined;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database of its own for one test file: a new database on the Postgres server, or an in-memory PGlite. */
export async function createTestDatabase(options: { migrate?: boolean; poolMax?: number } = {}): Promise<TestDatabase> {
  const target = inject('testDatabase');
  let result: TestDatabase;
  if (target.kind === 'postgres') {
    const name = `vigie_t_${target.runId}_${randomBytes(4).toString('hex')}`;
    await adminQuery(target.url, `create database "${name}"`);
    const url = withDatabase(target.url, name);
    const db = openDatabase({ kind: 'postgres', url, poolMax: options.poolMax });
    result = {
      db,
      url,
      drop: async () => {
        await db.close();
        await adminQuery(target.url, `drop database if exists "${name}" with (force)`);
      },
    };
  } else {
    const db = openDatabase({ kind: 'pglite', directory: null });
    result = { db, url: undefined, drop: () => db.close() };
  }
  if (options.migrate !== false) await migrateLatest(result.db.knex);
  return result;
}

export function testDatabaseKind(): 'postgres' | 'pglite' {
  return inject('testDatabase').kind;
}
