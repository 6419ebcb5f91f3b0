import type { Database } from '../db/connection.ts';

/**
 * Stages whose work cannot be shared between processes yet: one process runs them at a time, any other skips.
 * The keys are arbitrary constants shared by every Vigie process (scrape's predates the others: keep it).
 */
const STAGE_LOCK_KEYS = { scrape: 724_611_001, score: 724_611_002 } as const;
export type LockedStage = keyof typeof STAGE_LOCK_KEYS;

export type StageLockOutcome<T> = { started: true; result: T } | { started: false };

const embeddedRunning = new WeakMap<Database, Set<LockedStage>>();

async function withEmbeddedLock<T>(db: Database, stage: LockedStage, fn: () => Promise<T>): Promise<StageLockOutcome<T>> {
  let running = embeddedRunning.get(db);
  if (!running) embeddedRunning.set(db, (running = new Set()));
  if (running.has(stage)) return { started: false };
  running.add(stage);
  try {
    return { started: true, result: await fn() };
  } finally {
    running.delete(stage);
  }
}

/**
 * Runs `fn` unless another process (or this one) runs `stage`. On Postgres the advisory lock lives on one
 * dedicated pooled connection for the whole run, so it is released when that session ends even if the process dies.
 */
export async function withStageLock<T>(db: Database, stage: LockedStage, fn: () => Promise<T>): Promise<StageLockOutcome<T>> {
  if (db.kind === 'pglite') return withEmbeddedLock(db, stage, fn);
  const key = STAGE_LOCK_KEYS[stage];
  const client = db.knex.client as { acquireConnection(): Promise<unknown>; releaseConnection(connection: unknown): Promise<unknown> };
  const connection = await client.acquireConnection();
  try {
    const { rows } = await db.knex.raw('select pg_try_advisory_lock(?) as locked', [key]).connection(connection);
    if (!(rows as Array<{ locked: boolean }>)[0]?.locked) return { started: false };
    try {
      return { started: true, result: await fn() };
    } finally {
      await db.knex.raw('select pg_advisory_unlock(?)', [key]).connection(connection);
    }
  } finally {
    await client.releaseConnection(connection);
  }
}

export async function isStageRunning(db: Database, stage: LockedStage): Promise<boolean> {
  if (db.kind === 'pglite') return embeddedRunning.get(db)?.has(stage) === true;
  const { rows } = await db.knex.raw(
    `select exists (select 1 from pg_locks where locktype = 'advisory' and classid = 0 and objid = ? and objsubid = 1 and granted and database = (select oid from pg_database where datname = current_database())) as running`,
    [STAGE_LOCK_KEYS[stage]],
  );
  return (rows as Array<{ running: boolean }>)[0]?.running === true;
}

export const withScrapeLock = <T>(db: Database, fn: () => Promise<T>): Promise<StageLockOutcome<T>> => withStageLock(db, 'scrape', fn);
export const isScrapeRunning = (db: Database): Promise<boolean> => isStageRunning(db, 'scrape');
