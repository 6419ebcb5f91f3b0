import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { createLogger, type Logger } from '../logger.ts';

const madeTempDirs = new Set<string>();

/** A new directory under the system's temp directory; removed after the test file (test-support/remove-temp-dirs.ts). */
export function makeTempDir(prefix = 'vigie-test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  madeTempDirs.add(dir);
  return dir;
}

/**
 * Removes every directory makeTempDir made so far in this process. Best effort: a directory a stray child
 * process still writes into is left behind rather than failing the file whose tests passed.
 */
export function removeTempDirs(): string[] {
  const left: string[] = [];
  for (const dir of madeTempDirs) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
      madeTempDirs.delete(dir);
    } catch {
      left.push(dir);
    }
  }
  return left;
}

/** A validated Config for tests: a fresh DATA_DIR and nothing from the developer's environment. */
export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({ DATA_DIR: makeTempDir(), LOG_LEVEL: 'silent', ...env });
}

export function silentLogger(): Logger {
  return createLogger({ level: 'silent', destination: process.stderr });
}
