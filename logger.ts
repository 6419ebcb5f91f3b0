import pino, { type Logger } from 'pino';

export type { Logger };

const REDACT = [
  'password',
  'newPassword',
  'passwordHash',
  'token',
  'apiKey',
  'secret',
  'sessionKeys',
  '*.password',
  '*.newPassword',
  '*.passwordHash',
  '*.token',
  '*.apiKey',
  '*.secretKey',
  '*.webhookSecret',
  '*.sessionKeys',
  '*.databaseUrl',
  '*.smtpUrl',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

const ASYNC_BATCH_BYTES = 4096;
const ASYNC_FLUSH_MS = 200;

/**
 * `sync: false` (the server): lines are written by a buffered stream, in batches of 4 kB or at the latest
 * 200 ms after they are logged, and on exit, instead of one write per line (one per request) on the thread
 * that answers requests.
 */
export function createLogger(options: { level?: string; stream?: 'stdout' | 'stderr'; destination?: NodeJS.WritableStream; sync?: boolean } = {}): Logger {
  const base = { level: options.level ?? 'info', redact: { paths: REDACT, censor: '[redacted]' } };
  if (options.destination) return pino(base, options.destination as pino.DestinationStream);
  const fd = options.stream === 'stderr' ? 2 : 1;
  const tty = (fd === 2 ? process.stderr : process.stdout).isTTY === true;
  if (tty) {
    return pino({ ...base, transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss Z', destination: fd } } });
  }
  const sync = options.sync ?? true;
  return pino(base, pino.destination(sync ? { fd, sync } : { fd, sync, minLength: ASYNC_BATCH_BYTES, periodicFlush: ASYNC_FLUSH_MS }));
}

/** Postgres URLs carry passwords; logs show only the host and database. */
export function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const u = new URL(databaseUrl);
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return '[unparseable database url]';
  }
}
