import path from 'node:path';
import { getConfig, type Config } from '../config.ts';
import { databaseTarget, openDatabase, type Database } from '../db/connection.ts';
import { createLogger, type Logger } from '../logger.ts';
import { setDerivedDataCacheDir } from '../pipeline/scorer/derived-data-cache.ts';

export interface CommandContext {
  config: Config;
  logger: Logger;
  db: Database;
  close(): Promise<void>;
}

/**
 * Config, logger and database for one command; logs go to stderr so stdout stays clean for --json.
 * `quietInfo`: the command prints its own progress (the stage's messages among it), so the logger keeps
 * to warnings unless LOG_LEVEL asks for debug: each line once.
 */
export function openCommandContext(options: { logLevel?: string; quietInfo?: boolean } = {}): CommandContext {
  const config = getConfig();
  setDerivedDataCacheDir(path.join(config.dataDir, 'cache'));
  const level = options.logLevel ?? (options.quietInfo && config.logLevel === 'info' ? 'warn' : config.logLevel);
  const logger = createLogger({ level, stream: 'stderr' });
  const target = databaseTarget(config);
  // knex prints each failed connection attempt with its stack on stdout; the command's error says it once.
  const db = openDatabase(
    target.kind === 'postgres' ? { ...target, onWarning: (message) => void (message.startsWith('Acquire connection error') || logger.warn(message)) } : target,
  );
  return { config, logger, db, close: () => db.close() };
}

/** A line of a command's result on stdout (not console.log, which test runners and log shippers intercept). */
export function printLine(text: string): void {
  process.stdout.write(`${text}\n`);
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
