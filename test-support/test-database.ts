import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/connection.ts';
import { migrateLatest } from '../db/migrate.ts';
import { createScratchDatabase } from './scratch-database.ts';

export interface TestDatabase {
  db: Database;
  /** Connection string for child processes; undefined on the PGlite fallback. */
  url: string | undefined;
  drop(): Promise<void>;
}

/** A fresh database of its own for one test file: a new database on the Postgres server, or an in-memory PGlite. */
export async function createTestDatabase(options: { migrate?: boolean; poolMax?: number } = {}): Promise<TestDatabase> {
  const target = inject('testDatabase');
  let result: TestDatabase;
  if (target.kind === 'postgres') {
    const scratch = await createScratchDatabase(target.url, `vigie_t_${target.runId}`);
    const db = openDatabase({ kind: 'postgres', url: scratch.url, poolMax: options.poolMax });
    result = {
      db,
      url: scratch.url,
      drop: async () => {
        await db.close();
        await scratch.drop();
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
