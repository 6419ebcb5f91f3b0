import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { createLogger, type Logger } from '../logger.ts';

export function makeTempDir(prefix = 'vigie-test-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** A validated Config for tests: a fresh DATA_DIR and nothing from the developer's environment. */
export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({ DATA_DIR: makeTempDir(), LOG_LEVEL: 'silent', ...env });
}

export function silentLogger(): Logger {
  return createLogger({ level: 'silent', destination: process.stderr });
}
