import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config.ts';
import { LANGUAGES, type Language } from '../domain/languages.ts';
import { hashPrompt } from '../db/alerts.ts';
import { openDatabase } from '../db/connection.ts';
import { migrateLatest } from '../db/migrate.ts';
import { createLogger } from '../logger.ts';
import { DEFAULT_EVAL_SET, runEvaluation } from '../pipeline/evaluation/run-evaluation.ts';
import { touchProject } from '../test-support/factories.ts';
import { createScratchDatabase, DEFAULT_TEST_DATABASE_URL } from '../test-support/scratch-database.ts';
import { score } from '../pipeline/score/score-stage.ts';
import { refreshProjectIndex } from '../pipeline/score/project-index.ts';
import { getSharedLocalScorer } from '../pipeline/score/shared-local-scorer.ts';
import { derivedDataCacheDir, setDerivedDataCacheDir } from '../pipeline/scorer/derived-data-cache.ts';
import { createLocalScorer } from '../pipeline/scorer/local-scorer.ts';
import { loadCpvCatalog, type CpvCatalog } from '../pipeline/scorer/cpv-catalog.ts';

/** SCORE_BENCH_PROJECTS / SCORE_BENCH_ALERTS shrink the run, to find how time grows with size. */
const PROJECTS = Number(process.env.SCORE_BENCH_PROJECTS) || 50_000;
const ALERTS = Number(process.env.SCORE_BENCH_ALERTS) || 1_000;
const CANTONS = ['VD', 'GE', 'BE', 'ZH', 'TI', 'VS', 'FR', 'NE', 'LU', 'AG', 'SG', 'BS', 'GR', 'TG', 'SO'];
const PLACE_PHRASES: Record<Language, (canton: string) => string> = {
  fr: (c) => `dans le canton de ${c}`,
  de: (c) => `im Kanton ${c}`,
  it: (c) => `nel cantone ${c}`,
  en: (c) => `in the canton of ${c}`,
};

/** Deterministic, so two runs of the bench measure the same work. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

const JOINERS: Record<Language, string> = { fr: 'et', de: 'und', it: 'e', en: 'and' };

/** Notices built from CPV labels in their language: a main service, one or two neighbours, a canton. */
function syntheticProjects(catalog: CpvCatalog, random: () => number) {
  const codes = catalog.entries.filter((entry) => entry.level >= 4);
  return Array.from({ length: PROJECTS }, (_, i) => {
    const language = pick(random, LANGUAGES);
    const cpv = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(random, codes).code);
    const canton = pick(random, CANTONS);
    const labels = cpv.map((code) => catalog.label(code, language) ?? '');
    return {
      title: `${labels[0]} (${i})`,
      description: `${labels.join('. ')}. ${PLACE_PHRASES[language](canton)}.`,
      creationLanguage: language,
      cpvCodes: cpv,
      canton,
    };
  });
}

/** Subscriber-like prompts: one or two specific services, sometimes a canton. */
function syntheticPrompts(catalog: CpvCatalog, random: () => number) {
  const codes = catalog.entries.filter((entry) => entry.level >= 4);
  return Array.from({ length: ALERTS }, () => {
    const language = pick(random, LANGUAGES);
    const label = () => catalog.label(pick(random, codes).code, language) ?? '';
    const wanted = random() < 0.3 ? `${label()} ${JOINERS[language]} ${label()}` : label();
    const place = random() < 0.3 ? ` ${PLACE_PHRASES[language](pick(random, CANTONS))}` : '';
    return { language, prompt: `${wanted}${place}` };
  });
}

async function benchDatabase(): Promise<void> {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL, 'vigie_bench');
  const database = openDatabase({ kind: 'postgres', url: scratch.url });
  const db = database.knex;
  try {
    await migrateLatest(db);
    const random = seededRandom(20261122);
    const scorer = getSharedLocalScorer();
    const catalog = loadCpvCatalog();
    const seedStarted = performance.now();
    const projects = syntheticProjects(catalog, random);
    for (let i = 0; i < projects.length; i += 2000) {
      const chunk = projects.slice(i, i + 2000);
      const keys: Array<{ id: number }> = await db('projectKeys')
        .insert(chunk.map((_, j) => ({ source: 'simap', projectId: `bench-${i + j}` })))
        .returning(['id']);
      await db('projects').insert(chunk.map((project, j) => ({ id: keys[j]!.id, source: 'simap', projectId: `bench-${i + j}`, ...project })));
    }
    const [user] = await db('users').insert({ username: 'bench', email: 'bench@example.test', passwordHash: 'x' }).returning(['id']);
    await db('alerts').insert(
      syntheticPrompts(catalog, random).map(({ language, prompt }) => ({
        userId: (user as { id: number }).id,
        prompt,
        language,
        promptHash: hashPrompt(prompt),
      })),
    );
    console.log(`seeded ${PROJECTS} projects and ${ALERTS} alerts in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const logger = createLogger({ level: 'warn', stream: 'stderr' });
    const loadBefore = loadavg()[0]!;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const summary = await score({ db, logger, config, llm: null }, { scorer });
    const wall = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const loadAfter = loadavg()[0]!;
    const rerunStarted = performance.now();
    const rerun = await score({ db, logger, config, llm: null }, { scorer });
    const rerunWall = (performance.now() - rerunStarted) / 1000;
    // A pipeline round after a scrape: 20 projects changed, every alert scores them (and looks up its best match).
    const changed: Array<{ id: number }> = await db('projects').select('id').orderBy('id').limit(20);
    for (const { id } of changed) await touchProject(db, id);
    const roundStarted = performance.now();
    const roundCpuBefore = process.cpuUsage();
    const round = await score({ db, logger, config, llm: null }, { scorer });
    const roundWall = (performance.now() - roundStarted) / 1000;
    const roundCpu = process.cpuUsage(roundCpuBefore);
    const peakRss = process.resourceUsage().maxRSS / 1024;
    // What a new process pays before scoring: the project index prepared from the database, or loaded from the cache.
    const timed = async (label: string) => {
      const begun = performance.now();
      const index = await refreshProjectIndex(db, createLocalScorer(loadCpvCatalog()));
      return `${label} ${((performance.now() - begun) / 1000).toFixed(1)} s (${index.size.toLocaleString('en')} projects)`;
    };
    const cacheDir = derivedDataCacheDir();
    setDerivedDataCacheDir(null);
    const fromDatabase = await timed('prepared from the database');
    setDerivedDataCacheDir(cacheDir);
    const fromCache = await timed('loaded from the cache');
    console.log(
      [
        `score: ${PROJECTS} projects × ${ALERTS} alerts (local scorer, writes to Postgres)`,
        `  pairs considered   ${summary.pairsConsidered.toLocaleString('en')}`,
        `  candidates scored  ${summary.candidates.toLocaleString('en')} (${((100 * summary.candidates) / Math.max(1, summary.pairsConsidered)).toFixed(2)} %)`,
        `  matches stored     ${summary.matchesStored.toLocaleString('en')}`,
        `  wall time          ${wall.toFixed(1)} s (target < 60 s); this process's CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`,
        `  machine load       ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after (1-min load average, ${cpus().length} cores)`,
        `  rerun (no change)  ${rerunWall.toFixed(2)} s, ${rerun.candidates} candidates`,
        `  round (20 changed) ${roundWall.toFixed(2)} s, ${((roundCpu.user + roundCpu.system) / 1e6).toFixed(1)} s CPU, ${round.alertsScored} alerts, ${round.candidates} candidates`,
        `  peak RSS           ${peakRss.toFixed(0)} MB`,
        `  new process index  ${fromDatabase}; ${fromCache}`,
      ].join('\n'),
    );
  } finally {
    await database.close();
    await scratch.drop();
  }
}

/** What the LLM stage would see on the labelled set: each alert's top K plus anything at or above the prefilter. */
async function benchLlmStage(): Promise<void> {
  if (!existsSync(DEFAULT_EVAL_SET)) {
    console.log(`LLM stage: no dev set at ${DEFAULT_EVAL_SET}; skipped`);
    return;
  }
  const { thresholds } = loadConfig({ LOG_LEVEL: 'silent' });
  const report = await runEvaluation({ threshold: thresholds.notify, llmSelection: { topK: thresholds.llmTopK, prefilter: thresholds.prefilter } });
  const stage = report.llmStage;
  console.log(
    `LLM stage on the dev set (top ${stage.topK} + score ≥ ${stage.prefilter}): ${(stage.share * 100).toFixed(1)} % of pairs (target ≤ 5 %), ` +
      `${(stage.highlyRelevantCoverage * 100).toFixed(1)} % of relevance-2 pairs among them (target ≥ 97 %)`,
  );
}

export async function benchScore(): Promise<void> {
  await benchLlmStage();
  await benchDatabase();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await benchScore();
}
