import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadCpvCatalog } from '../pipeline/scorer/cpv-catalog.ts';
import { derivedDataCacheDir, isDerivedDataCached, setDerivedDataCacheDir } from '../pipeline/scorer/derived-data-cache.ts';
import { cacheScoringTables, SCORING_TABLES_CACHE, scoringTablesKey } from '../pipeline/scorer/scoring-resources.ts';

/** Set by vitest's global setup for the workers (and so for the runs they start): the directory of the shared tables. */
const SHARED_TABLES_ENV = 'VIGIE_TEST_SCORER_TABLES';

/**
 * The scorer's tables for the shipped catalog (pipeline/scorer/derived-data-cache.ts), derived once per
 * machine into the temp directory: ~3 s of CPU that every `tenders` process with a fresh DATA_DIR would
 * otherwise spend again. One directory per key (the hash of the data and of the scorer's code), so that
 * checkouts with other scorer code, which replace their own older tables, never remove these.
 */
export function ensureSharedScoringTables(): void {
  const previous = derivedDataCacheDir();
  const catalog = loadCpvCatalog();
  const key = scoringTablesKey(catalog);
  const dir = path.join(tmpdir(), 'vigie-scorer-tables', key);
  setDerivedDataCacheDir(dir);
  try {
    // Only checked for (reading the 6 MB back would cost ~0.3 s before the first test file starts).
    if (!isDerivedDataCached(SCORING_TABLES_CACHE, key)) cacheScoringTables(catalog);
  } finally {
    setDerivedDataCacheDir(previous);
  }
  process.env[SHARED_TABLES_ENV] = dir;
}

/**
 * Gives a test's DATA_DIR the shared tables in its `cache/` (a hard link, else a copy), as a server has
 * them after its first start: the test's `tenders` process reads them instead of deriving them. Outside
 * a test run (bench/) nothing is seeded.
 */
export function seedScorerCache(dataDir: string): void {
  const shared = process.env[SHARED_TABLES_ENV];
  if (!shared || !existsSync(shared)) return;
  const cacheDir = path.join(dataDir, 'cache');
  for (const file of readdirSync(shared)) {
    if (!file.startsWith(`${SCORING_TABLES_CACHE}-`) || !file.endsWith('.v8')) continue;
    const target = path.join(cacheDir, file);
    if (existsSync(target)) continue;
    mkdirSync(cacheDir, { recursive: true });
    try {
      linkSync(path.join(shared, file), target);
    } catch {
      copyFileSync(path.join(shared, file), target);
    }
  }
}
