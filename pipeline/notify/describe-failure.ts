/**
 * One short line for logs and summaries. Knex prefixes database errors with the whole statement and its values
 * (hundreds of kB for a large digest), so only the SQLSTATE and the server's own message are kept.
 */
export function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const fromDatabase = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
  const text = fromDatabase ? `database error ${code}: ${message.slice(message.lastIndexOf(' - ') + (message.includes(' - ') ? 3 : 0))}` : message;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
}
