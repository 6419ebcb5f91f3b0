import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openDatabase, type Database } from '../db/connection.ts';
import { migrateLatest } from '../db/migrate.ts';
import { normalizePublications } from '../pipeline/normalize/normalize-publications.ts';
import { createScratchDatabase, DEFAULT_TEST_DATABASE_URL, postgresProblem } from '../test-support/scratch-database.ts';
import { insertSyntheticRawPublications, syntheticRawPublications } from '../test-support/seed-projects.ts';

const PUBLICATIONS = 20_000;
const SEED_FLAG = '--seed-into';

/** A throwaway database: a new one on TEST_DATABASE_URL's server when it answers, else in-memory PGlite. */
async function openBenchDatabase(): Promise<{ db: Database; url?: string; label: string; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  if ((await postgresProblem(url)) === null) {
    const scratch = await createScratchDatabase(url, 'vigie_bench');
    const db = openDatabase({ kind: 'postgres', url: scratch.url });
    return {
      db,
      url: scratch.url,
      label: `postgres ${new URL(url).host}`,
      drop: async () => {
        await db.close();
        await scratch.drop();
      },
    };
  }
  const db = openDatabase({ kind: 'pglite', directory: null });
  return { db, label: 'pglite (in memory)', drop: () => db.close() };
}

function* firstPublications(count: number) {
  let emitted = 0;
  for (const row of syntheticRawPublications(count, { withUpdates: true })) {
    if (emitted++ === count) return;
    yield row;
  }
}

/** Normalizes 20,000 synthetic publications (tenders, corrections, awards) and prints the rate and peak RSS. */
export async function benchNormalize(): Promise<void> {
  const bench = await openBenchDatabase();
  try {
    await migrateLatest(bench.db.knex);
    // On Postgres another process writes the raw publications, so that the peak RSS printed is normalize's own.
    if (bench.url) seedInChildProcess(bench.url);
    else await insertSyntheticRawPublications(bench.db.knex, firstPublications(PUBLICATIONS));
    const rssBeforeMb = Math.round(process.memoryUsage().rss / 1_048_576);
    const started = performance.now();
    const counts = await normalizePublications(bench.db.knex);
    const seconds = (performance.now() - started) / 1000;
    const perSecond = Math.round((counts.publications + counts.quarantined) / seconds);
    const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
    console.log(`normalize on ${bench.label}: ${counts.publications} publications → ${counts.created} projects in ${seconds.toFixed(2)} s`);
    console.log(`  ${perSecond} publications/s (target ≥ 2000), peak RSS ${peakRssMb} MB (target < 300; ${rssBeforeMb} MB before normalizing)`);
  } finally {
    await bench.drop();
  }
}

function seedInChildProcess(url: string): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), SEED_FLAG, url], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`seeding the benchmark database failed (${result.status ?? result.signal})`);
}

async function seedOnly(url: string): Promise<void> {
  const db = openDatabase({ kind: 'postgres', url });
  try {
    await insertSyntheticRawPublications(db.knex, firstPublications(PUBLICATIONS));
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv[2] === SEED_FLAG) await seedOnly(process.argv[3]!);
  else await benchNormalize();
}
