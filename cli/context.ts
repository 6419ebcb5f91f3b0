import path from 'node:path';
import { getConfig, type Config } from '../config.ts';
import { databaseTarget, openDatabase, type Database } from '../db/connection.ts';
import { createLogger, type Logger } from '../logger.ts';
import { setDerivedDataCacheDir } from '../pipeline/scoring/derived-data-cache.ts';

export interface CommandContext {
  config: Config;
  logger: Logger;
  db: Database;
  close(): Promise<void>;
}

/** Config, logger and database for one command; logs go to stderr so stdout stays clean for --json. */
export function openCommandContext(options: { logLevel?: string } = {}): CommandContext {
  const config = getConfig();
  setDerivedDataCacheDir(path.join(config.dataDir, 'cache'));
  const logger = createLogger({ level: options.logLevel ?? config.logLevel, stream: 'stderr' });
  const db = openDatabase(databaseTarget(config));
  return { config, logger, db, close: () => db.close() };
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
