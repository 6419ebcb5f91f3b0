import { describeDatabaseUrl } from '../logger.ts';

/** Network and server-side codes that mean "the database cannot be reached or refuses us", not a bug. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P03',
  '28P01',
  '28000',
  '3D000',
]);

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether the error says the database is out of reach (refused, unknown host, pool timeout, bad login, no such database). */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = codeOf(current);
    if (code && CONNECTION_CODES.has(code)) return true;
    if (current instanceof Error && (current.name === 'KnexTimeoutError' || /^Connection terminated|^connect E[A-Z]+ /.test(current.message))) return true;
    if (current instanceof AggregateError) return current.errors.some(isDatabaseUnreachable);
  }
  return false;
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'unknown host',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  '28P01': 'password authentication failed',
  '28000': 'login refused',
  '3D000': 'the database does not exist',
  '57P03': 'the server is starting up or shutting down',
  KnexTimeoutError: 'no connection within the pool timeout',
};

function reasonOf(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const reason = REASONS[codeOf(current) ?? ''] ?? (current instanceof Error ? REASONS[current.name] : undefined);
    if (reason) return reason;
    if (current instanceof AggregateError) return current.errors.map(reasonOf).find(Boolean);
  }
  return undefined;
}

/** One line naming the database and host ("database vigie on db.example.ch:5432 unreachable (connection refused)"). */
export function describeUnreachableDatabase(databaseUrl: string | undefined, error: unknown): string {
  const reason = reasonOf(error);
  const where = databaseUrl ? describeDatabaseUrl(databaseUrl) : 'the embedded database';
  const [host, ...name] = where.split('/');
  const target = databaseUrl && name.length > 0 ? `database ${name.join('/')} on ${host}` : where;
  return `${target} unreachable${reason ? ` (${reason})` : ''}`;
}
