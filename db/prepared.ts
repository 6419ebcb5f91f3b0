import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

const names = new Map<string, string>();
/** Bumped when Postgres refuses a kept statement whose result columns changed: every statement gets a new name. */
let generation = 0;

/**
 * The name of a prepared statement for `sql`, the same for the same text: on Postgres each connection parses and
 * analyses the statement once, then only binds and runs it (and keeps a plan that does not depend on the values);
 * every statement sent without a name is parsed, analysed and planned again. For statements that run on every
 * request and whose text comes from a few fixed shapes.
 */
export function statementName(sql: string): string {
  let name = names.get(sql);
  if (name === undefined) {
    name = `vigie_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}_${generation}`;
    names.set(sql, name);
  }
  return name;
}

/** Postgres' answer when a kept statement's `*` now means other columns (a migration ran beside this process). */
function isChangedResultType(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === '0A000' && /cached plan must not change result type/.test(message ?? '');
}

/**
 * `db.raw(sql, bindings)` as a prepared statement (see statementName). A statement kept from before a migration
 * that changed the columns it selects is given up: the query runs again under new names.
 */
export async function preparedRaw<T = { rows: unknown[] }>(db: Knex, sql: string, bindings: readonly Knex.Value[]): Promise<T> {
  try {
    return (await db.raw(sql, bindings as Knex.Value[]).options({ name: statementName(sql) })) as T;
  } catch (error) {
    if (!isChangedResultType(error)) throw error;
    generation += 1;
    names.clear();
    return (await db.raw(sql, bindings as Knex.Value[]).options({ name: statementName(sql) })) as T;
  }
}
