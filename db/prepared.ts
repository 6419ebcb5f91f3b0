import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

const names = new Map<string, string>();

/**
 * The name of a prepared statement for `sql`, the same for the same text: on Postgres each connection parses and
 * analyses the statement once, then only binds and runs it (and a plan that does not depend on the values is kept);
 * every statement of `sql` sent without a name is parsed, analysed and planned again. For statements that run on
 * every request, whose text comes from a few fixed shapes, and whose result columns do not follow a table's (no
 * `select *` at the top: a column added by a migration would make the kept statement fail).
 */
export function statementName(sql: string): string {
  let name = names.get(sql);
  if (name === undefined) {
    name = `vigie_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    names.set(sql, name);
  }
  return name;
}

/** `db.raw(sql, bindings)` as a prepared statement (see statementName). */
export function preparedRaw(db: Knex, sql: string, bindings: readonly Knex.Value[]): Knex.Raw {
  return db.raw(sql, bindings as Knex.Value[]).options({ name: statementName(sql) });
}
