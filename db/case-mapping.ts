// The one place where the tables' snake_case meets the code's camelCase.
const toCamelCache = new Map<string, string>();
const toSnakeCache = new Map<string, string>();

export function toCamel(name: string): string {
  let cached = toCamelCache.get(name);
  if (cached === undefined) {
    cached = name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    toCamelCache.set(name, cached);
  }
  return cached;
}

export function toSnake(name: string): string {
  let cached = toSnakeCache.get(name);
  if (cached === undefined) {
    cached = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
    toSnakeCache.set(name, cached);
  }
  return cached;
}

function isPlainRow(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

function camelizeRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in row) out[toCamel(key)] = row[key];
  return out;
}

/** Knex `postProcessResponse`: rows (and raw results' rows) get camelCase keys; jsonb contents are left alone. */
export function camelizeResponse(result: unknown): unknown {
  if (Array.isArray(result)) return result.map((item) => (isPlainRow(item) ? camelizeRow(item) : item));
  if (typeof result === 'object' && result !== null && Array.isArray((result as { rows?: unknown }).rows)) {
    const raw = result as { rows: unknown[] };
    raw.rows = raw.rows.map((item) => (isPlainRow(item) ? camelizeRow(item) : item));
    return raw;
  }
  return isPlainRow(result) ? camelizeRow(result) : result;
}

/** Knex `wrapIdentifier`: `userId` in a query builder becomes the column `user_id`. */
export function wrapSnakeIdentifier(value: string, origImpl: (value: string) => string): string {
  return value === '*' ? origImpl(value) : origImpl(toSnake(value));
}
