import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

/** SESSION_KEYS when set; otherwise keys generated once into DATA_DIR, so sessions and signed links survive restarts of one instance. */
export function secretKeysFor(config: Pick<Config, 'sessionKeys' | 'dataDir'>): string[] {
  if (config.sessionKeys && config.sessionKeys.length > 0) return config.sessionKeys;
  const file = path.join(config.dataDir, 'session-keys');
  if (existsSync(file)) {
    const keys = readFileSync(file, 'utf8')
      .split('\n')
      .map((k) => k.trim())
      .filter(Boolean);
    if (keys.length > 0) return keys;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return [key];
}
