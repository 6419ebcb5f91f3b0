import { ConfigError, getConfig } from '../config.ts';
import { EmbeddedDatabaseInUseError } from '../db/embedded-lock.ts';
import { CliError } from './cli-error.ts';
import { describeUnreachableDatabase, isDatabaseUnreachable } from './database-unreachable.ts';

function configuredDatabaseUrl(): string | undefined {
  try {
    return getConfig().databaseUrl;
  } catch {
    return undefined;
  }
}

/** The single exit path for failures: one readable line on stderr, never a stack trace unless DEBUG is set. */
export function handleError(error: unknown, json = false): never {
  let message: string;
  let exitCode = 1;
  if (error instanceof ConfigError) message = error.message;
  else if (error instanceof CliError) {
    message = error.message;
    exitCode = error.exitCode;
  } else if (error instanceof EmbeddedDatabaseInUseError) message = `error: ${error.message}`;
  else if (isDatabaseUnreachable(error)) message = `error: ${describeUnreachableDatabase(configuredDatabaseUrl(), error)}`;
  else if (error instanceof Error) message = `error: ${error.message}`;
  else message = `error: ${String(error)}`;
  if (!message.startsWith('error:') && !(error instanceof ConfigError)) message = `error: ${message}`;
  const details = error instanceof CliError ? error.details : undefined;
  if (json) process.stdout.write(`${JSON.stringify({ ok: false, error: message.replace(/^error: /, ''), ...details })}\n`);
  process.stderr.write(`${message}\n`);
  if (process.env.DEBUG && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  process.exit(exitCode);
}
