import type { Database } from '../db/connection.ts';

// An arbitrary constant shared by every Vigie process: the key of "a scrape is running".
const SCRAPE_LOCK_KEY = 724_611_001;

const embeddedRunning = new WeakMap<Database, boolean>();

/**
 * Runs `fn` unless another scrape holds the lock. On Postgres the advisory lock lives on one dedicated pooled
 * connection for the whole run, so it is released when that session ends even if the process dies.
 */
export async function withScrapeLock<T>(db: Database, fn: () => Promise<T>): Promise<{ started: true; result: T } | { started: false }> {
  if (db.kind === 'pglite') {
    if (embeddedRunning.get(db)) return { started: false };
    embeddedRunning.set(db, true);
    try {
      return { started: true, result: await fn() };
    } finally {
      embeddedRunning.delete(db);
    }
  }
  const client = db.knex.client as { acquireConnection(): Promise<unknown>; releaseConnection(connection: unknown): Promise<unknown> };
  const connection = await client.acquireConnection();
  try {
    const { rows } = await db.knex.raw('select pg_try_advisory_lock(?) as locked', [SCRAPE_LOCK_KEY]).connection(connection);
    if (!(rows as Array<{ locked: boolean }>)[0]?.locked) return { started: false };
    try {
      return { started: true, result: await fn() };
    } finally {
      await db.knex.raw('select pg_advisory_unlock(?)', [SCRAPE_LOCK_KEY]).connection(connection);
    }
  } finally {
    await client.releaseConnection(connection);
  }
}

export async function isScrapeRunning(db: Database): Promise<boolean> {
  if (db.kind === 'pglite') return embeddedRunning.get(db) === true;
  const { rows } = await db.knex.raw(
    `select exists (select 1 from pg_locks where locktype = 'advisory' and classid = 0 and objid = ? and objsubid = 1 and granted and database = (select oid from pg_database where datname = current_database())) as running`,
    [SCRAPE_LOCK_KEY],
  );
  return (rows as Array<{ running: boolean }>)[0]?.running === true;
}
