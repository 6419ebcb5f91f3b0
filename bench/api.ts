import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { hash } from '@node-rs/argon2';
import autocannon from 'autocannon';
import type pg from 'pg';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/connection.ts';
import { migrateLatest } from '../db/migrate.ts';
import { projectMatchesQuery, projectPageSql } from '../db/project-listing.ts';
import { USER_STATS_SQL } from '../db/stats.ts';
import { createScratchDatabase, DEFAULT_TEST_DATABASE_URL } from '../test-support/scratch-database.ts';
import { TENDERS_BIN } from '../test-support/run-cli.ts';
import { makeTempDir } from '../test-support/test-config.ts';

const PROJECTS = 100_000;
const USERS = 1_000;
const MATCHES_PER_ALERT = PROJECTS / 100;
const RATE = 500;
const DURATION_SECONDS = 10;
const P99_BUDGET_MS = 50;
const PASSWORD = 'bench password';

async function seed(db: Database): Promise<void> {
  const knex = db.knex;
  let started = performance.now();
  await knex.raw(`insert into project_keys (source, project_id) select 'simap', gen_random_uuid()::text from generate_series(1, ?)`, [PROJECTS]);
  await knex.raw(
    `insert into projects (id, source, project_id, title, title_fr, title_de, description, content, organization, location, category, published_at, budget, metadata)
     select k.id, 'simap', k.project_id,
       (array['Nettoyage', 'Construction', 'Entretien', 'Fourniture', 'Etude'])[1 + k.id % 5] || ' lot ' || k.id,
       'Projet ' || k.id, 'Projekt ' || k.id,
       'Description du projet ' || k.id || ' ' || md5(k.id::text),
       repeat('contenu ', 50),
       'Organisation ' || (k.id % 500), (array['Lausanne', 'Genève', 'Bern', 'Zürich', 'Lugano'])[1 + k.id % 5],
       (array['services', 'works', 'supplies'])[1 + k.id % 3],
       now() - make_interval(mins => k.id), (k.id % 1000) * 1000, '{}'::jsonb
     from project_keys k`,
  );
  console.log(`seeded ${PROJECTS} projects in ${Math.round(performance.now() - started)} ms`);
  started = performance.now();
  const passwordHash = await hash(PASSWORD);
  await knex.raw(
    `insert into users (username, email, password_hash, language, email_verified_at)
     select 'bench' || i, 'bench' || i || '@example.test', ?, 'fr', now() from generate_series(1, ?) i`,
    [passwordHash, USERS],
  );
  await knex.raw(
    `insert into alerts (user_id, prompt, language, prompt_hash, frequency)
     select u.id, 'Alerte ' || n || ' pour ' || u.username, 'fr', md5(u.id || '-' || n), 'daily' from users u, generate_series(1, 3) n`,
  );
  await knex.raw(
    `insert into alert_matches (alert_id, project_id, score, explanation, scorer, content_seq)
     select a.id, 1 + floor(random() * ?)::int, floor(random() * 101)::int, 'bench', 'local', 1
     from alerts a, generate_series(1, ?)
     on conflict do nothing`,
    [PROJECTS, MATCHES_PER_ALERT],
  );
  await knex.raw('analyze');
  const { rows } = await knex.raw('select count(*)::int as count from alert_matches');
  console.log(`seeded ${USERS} users, ${USERS * 3} alerts and ${(rows[0] as { count: number }).count} matches in ${Math.round(performance.now() - started)} ms`);
}

async function explain(db: Database, label: string, sql: string, bindings: pg.QueryConfigValues<unknown[]> = []): Promise<void> {
  const { rows } = await db.knex.raw(`explain (analyze, costs off, timing off, summary on) ${sql}`, bindings as never);
  const plan = (rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n  ');
  const indexed = /Index (Only )?Scan|Bitmap Index Scan/.test(plan);
  console.log(`\nEXPLAIN ${label} (${indexed ? 'uses an index' : 'NO INDEX SCAN'}):\n  ${plan}`);
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0);
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startServer(databaseUrl: string, dataDir: string): Promise<{ url: string; peakRssMb(): number; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [TENDERS_BIN, 'serve'], {
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    if (attempt > 120) throw new Error('the server did not answer within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const peakRssMb = () => {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  };
  return {
    url,
    peakRssMb,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function load(url: string, cookie: string, path: string): Promise<autocannon.Result> {
  return autocannon({ url: `${url}${path}`, connections: 10, overallRate: RATE, duration: DURATION_SECONDS, headers: { cookie } });
}

export async function benchApi(): Promise<void> {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL, 'vigie_bench');
  const db = openDatabase({ kind: 'postgres', url: scratch.url, poolMax: 20 });
  try {
    await migrateLatest(db.knex);
    await seed(db);
    const config = loadConfig({ DATA_DIR: makeTempDir('vigie-bench-'), DATABASE_URL: scratch.url, LOG_LEVEL: 'warn' });
    // The server runs in a process of its own, as in production, so that the load generator does not share its event loop.
    const server = await startServer(scratch.url, config.dataDir);
    try {
      const login = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench1', password: PASSWORD }) });
      if (login.status !== 200) throw new Error(`bench login failed: ${login.status}`);
      const cookie = login.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');

      let held = true;
      for (const path of ['/api/projects?limit=100', '/api/stats']) {
        await load(server.url, cookie, path);
        const result = await load(server.url, cookie, path);
        const ok = result.latency.p99 < P99_BUDGET_MS && result.non2xx === 0 && result.errors === 0;
        held &&= ok;
        console.log(
          `\n${path} at ${RATE} req/s for ${DURATION_SECONDS} s: ${result.requests.average} req/s, p50 ${result.latency.p50} ms, ` +
            `p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors} -> p99 < ${P99_BUDGET_MS} ms ${ok ? 'held' : 'NOT held'}`,
        );
      }
      console.log(`\nserver peak RSS ${server.peakRssMb()} MB; p99 < ${P99_BUDGET_MS} ms ${held ? 'held' : 'NOT held'} on every endpoint`);
    } finally {
      await server.stop();
    }

    const userId = 1;
    const base = { userId, matchThreshold: config.thresholds.match, limit: 100, offset: 0, sort: 'newest' as const };
    const list = projectPageSql(base);
    await explain(db, 'project list (newest, limit 100)', list.sql, list.bindings);
    const search = projectPageSql({ ...base, q: 'nettoyage lot 12' });
    await explain(db, 'project search (q)', search.sql, search.bindings);
    await explain(db, 'stats', USER_STATS_SQL, [userId, config.thresholds.match, userId]);
    const { rows } = await db.knex.raw('select project_id from alert_matches m join alerts a on a.id = m.alert_id where a.user_id = ? limit 1', [userId]);
    const matches = projectMatchesQuery(db.knex, userId, (rows[0] as { projectId: number }).projectId).toSQL().toNative();
    await explain(db, 'project matches', matches.sql.replace(/\$\d+/g, '?'), matches.bindings as never);
  } finally {
    await db.close();
    await scratch.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchApi().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
