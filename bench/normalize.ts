import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '../db/connection.ts';
import { migrateLatest } from '../db/migrate.ts';
import { normalizePublications } from '../pipeline/normalize/normalize-publications.ts';
import { insertSyntheticRawPublications, syntheticRawPublications } from '../test-support/seed-projects.ts';

const PUBLICATIONS = 20_000;

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A throwaway database: a new one on TEST_DATABASE_URL's server when it answers, else in-memory PGlite. */
async function openBenchDatabase(): Promise<{ db: Database; label: string; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url && (await answers(url))) {
    const name = `vigie_bench_${randomBytes(4).toString('hex')}`;
    await adminQuery(url, `create database "${name}"`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const db = openDatabase({ kind: 'postgres', url: target.toString() });
    return {
      db,
      label: `postgres ${target.host}`,
      drop: async () => {
        await db.close();
        await adminQuery(url, `drop database if exists "${name}" with (force)`);
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
    await insertSyntheticRawPublications(bench.db.knex, firstPublications(PUBLICATIONS));
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchNormalize();
}
