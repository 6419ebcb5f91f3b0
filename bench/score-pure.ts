import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resourceUsage } from 'node:process';
import { fileURLToPath } from 'node:url';
import { loadEvaluationSet, type EvaluationSet } from '../pipeline/evaluation/evaluation-set.ts';
import { DEFAULT_EVAL_SET } from '../pipeline/evaluation/run-evaluation.ts';
import { createCandidateIndex, type CandidateIndex } from '../pipeline/scorer/candidate-index.ts';
import { loadCpvCatalog, type CpvCatalog } from '../pipeline/scorer/cpv-catalog.ts';
import { LANGUAGES, type Language } from '../domain/languages.ts';
import { createLocalScorer, type LocalScorer, type PreparedAlert, type ScorableProject } from '../pipeline/scorer/local-scorer.ts';
import { DEFAULT_THRESHOLDS, SCORE_FLOOR } from '../domain/score-thresholds.ts';

/** SCORE_BENCH_PROJECTS / SCORE_BENCH_ALERTS shrink the run, to find how time grows with size. */
const PROJECTS = Number(process.env.SCORE_BENCH_PROJECTS) || 50_000;
const ALERTS = Number(process.env.SCORE_BENCH_ALERTS) || 1_000;
const CANTONS = ['ZH', 'BE', 'VD', 'GE', 'TI', 'SG', 'AG', 'LU', 'VS', 'GR'];

/** Deterministic pseudo-random numbers, so that two runs measure the same work. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function syntheticProjects(set: EvaluationSet | null, catalog: CpvCatalog): ScorableProject[] {
  const next = random(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const leaves = catalog.entries.filter((entry) => entry.level >= 3);
  return Array.from({ length: PROJECTS }, (_, i): ScorableProject => {
    const base = set ? pick(set.projects) : null;
    const extra = pick(leaves);
    const language = base?.language ?? pick(LANGUAGES);
    return {
      id: i,
      language,
      title: base ? `${base.title} ${i % 97}` : extra.labels[language],
      description: base ? `${base.description} ${extra.labels[language]}` : `${extra.labels[language]} ${pick(leaves).labels[language]}`,
      cpvCodes: base ? [...base.cpv, ...(next() < 0.3 ? [extra.code] : [])] : [extra.code],
      canton: base?.canton || pick(CANTONS),
      location: base?.location ?? null,
      organization: base?.organization ?? null,
    };
  });
}

function syntheticAlerts(set: EvaluationSet | null, catalog: CpvCatalog): Array<{ prompt: string; language: Language }> {
  const next = random(7);
  const leaves = catalog.entries.filter((entry) => entry.level >= 2);
  return Array.from({ length: ALERTS }, (_, i) => {
    const alert = set?.alerts[i % set.alerts.length];
    if (alert && i < set.alerts.length) return { prompt: alert.prompt, language: alert.language };
    const language = LANGUAGES[i % LANGUAGES.length] as Language;
    const entry = leaves[Math.floor(next() * leaves.length)];
    const place =
      next() < 0.2
        ? ` ${language === 'de' ? 'im Kanton' : language === 'it' ? 'nel cantone' : language === 'en' ? 'in canton' : 'dans le canton de'} ${CANTONS[i % CANTONS.length]}`
        : '';
    return { prompt: `${entry?.labels[language] ?? ''}${place}`, language };
  });
}

function prefilterOnDevSet(scorer: LocalScorer, set: EvaluationSet): void {
  const projects = set.projects.map((project) => ({ raw: project, prepared: scorer.prepareProject({ ...project, cpvCodes: project.cpv }) }));
  const relevance = new Map(set.judgments.map((judgment) => [`${judgment.alert}/${judgment.project}`, judgment.relevance]));
  const scores: Array<{ score: number; relevance: number }> = [];
  for (const alert of set.alerts) {
    const prepared = scorer.prepareAlert(alert.prompt, alert.language);
    for (const { raw, prepared: project } of projects) {
      scores.push({ score: scorer.score(prepared, project).score, relevance: relevance.get(`${alert.id}/${raw.id}`) ?? 0 });
    }
  }
  const report = (threshold: number) => {
    const above = scores.filter((entry) => entry.score >= threshold).length;
    const dropped = scores.filter((entry) => entry.relevance === 2 && entry.score < threshold).length;
    return `threshold ${threshold}: ${((100 * above) / scores.length).toFixed(1)} % of ${scores.length} pairs go to the LLM, ${dropped} relevance-2 pairs below it`;
  };
  console.log(`dev set prefilter (DEFAULT_THRESHOLDS.prefilter) ${report(DEFAULT_THRESHOLDS.prefilter)}`);
  const lowestRelevant = Math.min(...scores.filter((entry) => entry.relevance === 2).map((entry) => entry.score));
  console.log(`dev set: lowest relevance-2 score ${lowestRelevant}; ${report(lowestRelevant)}`);
}

/** Every pair, scored without the index: the pruned candidates must hold every pair at or above the floor, with the same score. */
function verifyPruning(scorer: LocalScorer, index: CandidateIndex, alerts: PreparedAlert[]): void {
  const all = [...index.projects()];
  let missed = 0;
  let stored = 0;
  for (const alert of alerts) {
    const candidates = new Set(index.candidatesFor(alert).map((project) => project.id));
    for (const project of all) {
      if (scorer.quickScore(alert, project) < SCORE_FLOOR) continue;
      stored++;
      if (!candidates.has(project.id)) missed++;
    }
  }
  console.log(`verified against every pair: ${stored.toLocaleString('en')} pairs ≥ ${SCORE_FLOOR}, ${missed} missing from the candidates`);
}

export async function benchPureScoring(): Promise<void> {
  const set = existsSync(DEFAULT_EVAL_SET) ? loadEvaluationSet(DEFAULT_EVAL_SET) : null;
  const catalog = loadCpvCatalog();
  const started = performance.now();
  const scorer = createLocalScorer(catalog);
  const projects = syntheticProjects(set, catalog);
  const alerts = syntheticAlerts(set, catalog);
  const setupDone = performance.now();
  const index = createCandidateIndex(scorer);
  for (const project of projects) index.add(scorer.prepareProject(project));
  const prepared = alerts.map((alert) => scorer.prepareAlert(alert.prompt, alert.language, { corpus: index.corpus }));
  const indexed = performance.now();
  let candidates = 0;
  let stored = 0;
  for (const alert of prepared) {
    for (const project of index.candidatesFor(alert)) {
      candidates++;
      if (scorer.quickScore(alert, project) >= SCORE_FLOOR) stored++;
    }
  }
  const finished = performance.now();
  if (process.env.SCORE_BENCH_VERIFY) verifyPruning(scorer, index, prepared);
  const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;
  console.log(`pure scoring: ${PROJECTS} projects × ${ALERTS} alerts = ${(PROJECTS * ALERTS).toLocaleString('en')} pairs considered`);
  console.log(
    `candidates scored ${candidates.toLocaleString('en')} (${((100 * candidates) / (PROJECTS * ALERTS)).toFixed(2)} %), stored ≥ ${SCORE_FLOOR}: ${stored.toLocaleString('en')}`,
  );
  console.log(
    `wall: resources+synthetic ${seconds(started, setupDone)}, prepare+index ${seconds(setupDone, indexed)}, candidates+score ${seconds(indexed, finished)}, total ${seconds(started, finished)}`,
  );
  console.log(
    `machine load ${loadavg()[0]!.toFixed(1)} (1-min load average, ${cpus().length} cores); CPU of this process ${(process.cpuUsage().user / 1e6).toFixed(1)} s`,
  );
  console.log(`memory: rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB, peak rss ${(resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
  if (set) prefilterOnDevSet(scorer, set);
  else console.log(`dev set ${DEFAULT_EVAL_SET} not found: prefilter fraction not measured`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchPureScoring();
}
