import type { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import type { Config } from '../../config.ts';
import { findActiveLearnedItems } from '../../db/alert-learning.ts';
import { findAlertIdsAwaitingLlm } from '../../db/alert-matches.ts';
import { fingerprintProjects, findActiveAlertsToScore } from '../../db/alerts-scoring.ts';
import type { Logger } from '../../logger.ts';
import { llmFromConfig } from '../llm/llm-from-config.ts';
import { findFedBackProjects } from '../feedback/feedback-projects.ts';
import { learningOf } from '../feedback/learn-from-feedback.ts';
import type { LlmPort } from '../llm/llm-port.ts';
import type { LocalScorer } from '../scorer/local-scorer.ts';
import { runStage, type Stage, type StageContext, type StageEvent } from '../stage-runner.ts';
import { SCORE_FLOOR } from '../../domain/score-thresholds.ts';
import { currentLearnedAssociations } from './learned-associations-refresh.ts';
import { refreshProjectIndex } from './project-index.ts';
import { rescoreAlertWithLlm } from './rescore-with-llm.ts';
import { saveLocalPass } from './save-local-pass.ts';
import { needsLocalPass, scoreAlertLocally } from './score-alert-locally.ts';
import { getSharedLocalScorer } from './shared-local-scorer.ts';

export interface ScoreStageOptions {
  prefilter: number;
  /** Each alert's best K local pairs go to the LLM even below the prefilter. */
  topK: number;
  /** Null or absent: the local scorer alone. */
  llm?: LlmPort | null;
  scorer?: LocalScorer;
  /** Limit the run to these alerts (still only the active ones). */
  alertIds?: number[];
}

export interface ScoreSummary {
  runId: number;
  durationMs: number;
  alerts: number;
  alertsScored: number;
  projects: number;
  pairsConsidered: number;
  candidates: number;
  matchesStored: number;
  matchesDeleted: number;
  llmScorer: string | null;
  llmUpdated: number;
  llmDeleted: number;
  llmStale: number;
  llmFailed: number;
  tokensIn: number;
  tokensOut: number;
}

type StageResult = Omit<ScoreSummary, 'runId' | 'durationMs'>;

/** Local writes overlap the scoring of the next alert; more would only queue on the pool. */
const WRITE_CONCURRENCY = 4;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Pairs in flight towards the LLM client, which has its own rate and concurrency bounds. */
const LLM_PAIR_CONCURRENCY = 16;

async function runLocalPasses(ctx: StageContext, options: ScoreStageOptions, result: StageResult): Promise<void> {
  const alerts = await findActiveAlertsToScore(ctx.db, options.alertIds);
  result.alerts = alerts.length;
  if (alerts.length === 0) return;
  // Nothing new for any alert: skip the scorer's warm-up (its tables and the project index) altogether.
  const projects = await fingerprintProjects(ctx.db);
  result.projects = projects.count;
  if (!alerts.some((alert) => needsLocalPass(alert, projects))) return;
  const scorer = options.scorer ?? getSharedLocalScorer();
  const index = await refreshProjectIndex(ctx.db, scorer);
  result.projects = index.size;
  const due = alerts.filter((alert) => needsLocalPass(alert, index));
  const associations = await currentLearnedAssociations(ctx.db);
  const dueIds = due.map((alert) => alert.id);
  const learned = await findActiveLearnedItems(ctx.db, dueIds);
  const fedBack = await findFedBackProjects(ctx.db, scorer, dueIds);
  const writes = ctx.workQueue({ concurrency: WRITE_CONCURRENCY });
  const failures: unknown[] = [];
  let done = 0;
  for (const alert of due) {
    ctx.signal.throwIfAborted();
    if (failures.length > 0) break;
    const pass = scoreAlertLocally(alert, index, scorer, learningOf(learned.get(alert.id), fedBack.get(alert.id)), associations);
    result.pairsConsidered += pass.considered;
    result.candidates += pass.candidates;
    ctx.count('pairsConsidered', pass.considered);
    ctx.count('candidates', pass.candidates);
    // Keep the CPU-bound scoring from starving the writes it queues: they only move while the loop yields.
    if (writes.size >= WRITE_CONCURRENCY) await writes.onSizeLessThan(WRITE_CONCURRENCY);
    else await yieldToEventLoop();
    const write = writes.add(async () => {
      const saved = await saveLocalPass(ctx.db, pass);
      if (saved.saved) {
        result.alertsScored += 1;
        result.matchesStored += saved.stored;
        result.matchesDeleted += saved.deleted;
        ctx.count('alertsScored');
        ctx.count('matchesStored', saved.stored);
        ctx.count('matchesDeleted', saved.deleted);
      } else ctx.count(saved.reason === 'gone' ? 'alertsGone' : 'alertsEditedMeanwhile');
      ctx.progress({ done: ++done, total: due.length, message: 'local scoring' });
    });
    write.catch((error: unknown) => failures.push(error));
  }
  await writes.onIdle();
  if (failures.length > 0) throw failures[0];
}

async function runLlmPasses(ctx: StageContext, options: ScoreStageOptions & { llm: LlmPort }, result: StageResult): Promise<void> {
  const minScore = options.topK > 0 ? SCORE_FLOOR : Math.max(options.prefilter, SCORE_FLOOR);
  const waiting = new Set(await findAlertIdsAwaitingLlm(ctx.db, minScore));
  const alerts = (await findActiveAlertsToScore(ctx.db, options.alertIds)).filter((alert) => waiting.has(alert.id));
  const pairs = ctx.workQueue({ concurrency: LLM_PAIR_CONCURRENCY });
  const counting: StageContext = {
    ...ctx,
    addTokens: (input, output) => {
      result.tokensIn += input;
      result.tokensOut += output;
      ctx.addTokens(input, output);
    },
  };
  let done = 0;
  await Promise.all(
    alerts.map(async (alert) => {
      const tally = await rescoreAlertWithLlm(counting, alert, { llm: options.llm, prefilter: options.prefilter, topK: options.topK, pairs });
      result.llmUpdated += tally.updated;
      result.llmDeleted += tally.deleted;
      result.llmStale += tally.stale;
      result.llmFailed += tally.failed;
      ctx.progress({ done: ++done, total: alerts.length, message: 'LLM re-scoring' });
    }),
  );
}

/** docs/architecture.md pipeline step 4: candidates, local scores, then (with an LLM) re-scoring above the prefilter. */
export const scoreStage: Stage<ScoreStageOptions, StageResult> = {
  id: 'pipeline.score',
  async run(ctx, options) {
    const result: StageResult = {
      alerts: 0,
      alertsScored: 0,
      projects: 0,
      pairsConsidered: 0,
      candidates: 0,
      matchesStored: 0,
      matchesDeleted: 0,
      llmScorer: options.llm ? `llm:${options.llm.model}` : null,
      llmUpdated: 0,
      llmDeleted: 0,
      llmStale: 0,
      llmFailed: 0,
      tokensIn: 0,
      tokensOut: 0,
    };
    await runLocalPasses(ctx, options, result);
    if (options.llm) await runLlmPasses(ctx, { ...options, llm: options.llm }, result);
    return result;
  },
};

export interface ScoreDeps {
  db: Knex;
  logger: Logger;
  config: Pick<Config, 'llm' | 'thresholds'>;
  events?: EventEmitter<{ event: [StageEvent] }>;
  signal?: AbortSignal;
  /** Defaults to the LLM of the configuration; null forces the local scorer alone. */
  llm?: LlmPort | null;
}

export async function score(deps: ScoreDeps, options: { alertIds?: number[]; scorer?: LocalScorer } = {}): Promise<ScoreSummary> {
  const llm = deps.llm === undefined ? llmFromConfig(deps.config) : deps.llm;
  const run = await runStage(scoreStage, { prefilter: deps.config.thresholds.prefilter, topK: deps.config.thresholds.llmTopK, llm, ...options }, deps);
  return { runId: run.runId, durationMs: run.durationMs, ...run.result };
}
