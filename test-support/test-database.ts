import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/connection.ts';
import { migrateLatest } from '../db/migrate.ts';
import { createScratchDatabase, databaseUrl } from './scratch-database.ts';

export interface TestDatabase {
  db: Database;
  /** Connection string for child processes; undefined on the PGlite fallback. */
  url: string | undefined;
  drop(): Promise<void>;
}

let templateReady: Promise<string> | undefined;

/**
 * The name of this run's migrated template database, migrated once by whichever test file asks first.
 * Postgres's advisory lock makes the other worker processes wait for it; the template only gets its name
 * once it is whole, so one left half-built by a crash is found by its building name and built again.
 */
function migratedTemplate(serverUrl: string, runId: string): Promise<string> {
  templateReady ??= (async () => {
    const name = `vigie_t_${runId}_template`;
    const building = `${name}_building`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (rowCount === 0) {
        await admin.query(`drop database if exists "${building}" with (force)`);
        await admin.query(`create database "${building}"`);
        const db = openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, building), poolMax: 1 });
        try {
          await migrateLatest(db.knex);
        } finally {
          await db.close();
        }
        await admin.query(`alter database "${building}" rename to "${name}"`);
      }
      return name;
    } finally {
      await admin.end();
    }
  })();
  // A failure is reported to the file that asked; the next one tries again.
  templateReady.catch(() => (templateReady = undefined));
  return templateReady;
}

/**
 * A fresh database of its own for one test file: on the Postgres server a copy of the run's migrated
 * template (or an empty one with `migrate: false`), else an in-memory PGlite.
 */
export async function createTestDatabase(options: { migrate?: boolean; poolMax?: number } = {}): Promise<TestDatabase> {
  const target = inject('testDatabase');
  const migrate = options.migrate !== false;
  if (target.kind === 'postgres') {
    const template = migrate ? await migratedTemplate(target.url, target.runId) : undefined;
    const scratch = await createScratchDatabase(target.url, `vigie_t_${target.runId}`, { template, fastCommits: true });
    const db = openDatabase({ kind: 'postgres', url: scratch.url, poolMax: options.poolMax });
    return {
      db,
      url: scratch.url,
      drop: async () => {
        await db.close();
        await scratch.drop();
      },
    };
  }
  const db = openDatabase({ kind: 'pglite', directory: null });
  if (migrate) await migrateLatest(db.knex);
  return { db, url: undefined, drop: () => db.close() };
}

export function testDatabaseKind(): 'postgres' | 'pglite' {
  return inject('testDatabase').kind;
}
