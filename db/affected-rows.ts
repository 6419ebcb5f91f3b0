/**
 * Rows an UPDATE or DELETE touched. Knex on pg answers a number; on PGlite (knex-pglite) the raw result
 * object, whose count would otherwise compare as NaN and print as "[object Object]".
 */
export function affectedRows(result: unknown): number {
  if (typeof result === 'number') return result;
  if (result && typeof result === 'object') {
    const { affectedRows: affected, rowCount } = result as { affectedRows?: unknown; rowCount?: unknown };
    if (typeof affected === 'number') return affected;
    if (typeof rowCount === 'number') return rowCount;
  }
  return 0;
}
