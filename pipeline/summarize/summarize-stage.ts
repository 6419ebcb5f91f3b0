import type { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Knex } from 'knex';
import type { Config } from '../../config.ts';
import { claimSummaryJobs, failAbandonedSummaryJobs } from '../../db/summaries.ts';
import type { Logger } from '../../logger.ts';
import { llmFromConfig } from '../llm/llm-from-config.ts';
import type { LlmPort } from '../llm/llm-port.ts';
import { runStage, type Stage, type StageEvent } from '../stage-runner.ts';
import { summarizeJob, type SummaryJobOutcome } from './summarize-job.ts';

export const MAX_SUMMARY_ATTEMPTS = 3;
/** A job processing for longer than this belongs to a worker that died; another may take it over. */
export const STALE_SUMMARY_JOB_MS = 10 * 60_000;
const RETRY_BASE_MS = 60_000;

export interface SummarizeStageOptions {
  llm: LlmPort | null;
  /** Jobs to take at most in this run. */
  limit?: number;
  concurrency?: number;
  worker?: string;
  /** First retry delay, doubled per attempt. */
  retryBaseMs?: number;
  staleAfterMs?: number;
}

export interface SummarizeSummary {
  runId: number;
  durationMs: number;
  worker: string;
  mode: 'llm' | 'extractive';
  model: string;
  claimed: number;
  summarized: number;
  alreadySummarized: number;
  retried: number;
  failed: number;
  lost: number;
  abandonedFailed: number;
  tokensIn: number;
  tokensOut: number;
}

type StageResult = Omit<SummarizeSummary, 'runId' | 'durationMs'>;

const OUTCOME_FIELD: Record<SummaryJobOutcome, 'summarized' | 'alreadySummarized' | 'retried' | 'failed' | 'lost'> = {
  summarized: 'summarized',
  'already-summarized': 'alreadySummarized',
  retry: 'retried',
  failed: 'failed',
  lost: 'lost',
};

export function defaultWorkerName(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** docs/architecture.md pipeline step 3: drains the durable summary queue; any number of workers may run at once. */
export const summarizeStage: Stage<SummarizeStageOptions, StageResult> = {
  id: 'pipeline.summarize',
  async run(ctx, options) {
    const worker = options.worker ?? defaultWorkerName();
    const limit = options.limit ?? Number.POSITIVE_INFINITY;
    const staleAfterMs = options.staleAfterMs ?? STALE_SUMMARY_JOB_MS;
    const retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;
    const result: StageResult = {
      worker,
      mode: options.llm ? 'llm' : 'extractive',
      model: options.llm?.model ?? 'extractive',
      claimed: 0,
      summarized: 0,
      alreadySummarized: 0,
      retried: 0,
      failed: 0,
      lost: 0,
      abandonedFailed: 0,
      tokensIn: 0,
      tokensOut: 0,
    };
    result.abandonedFailed = await failAbandonedSummaryJobs(ctx.db, { staleAfterMs, maxAttempts: MAX_SUMMARY_ATTEMPTS });
    const deps = {
      db: ctx.db,
      llm: options.llm,
      worker,
      maxAttempts: MAX_SUMMARY_ATTEMPTS,
      retryDelayMs: (attempts: number) => retryBaseMs * 2 ** (attempts - 1),
      onUsage: (input: number, output: number) => {
        result.tokensIn += input;
        result.tokensOut += output;
        ctx.addTokens(input, output);
      },
    };
    // Each lane claims one job at a time, so parallel workers share the queue evenly.
    const lane = async () => {
      while (result.claimed < limit && !ctx.signal.aborted) {
        result.claimed += 1;
        const [job] = await claimSummaryJobs(ctx.db, { worker, limit: 1, staleAfterMs, maxAttempts: MAX_SUMMARY_ATTEMPTS });
        if (!job) {
          result.claimed -= 1;
          return;
        }
        const outcome = await summarizeJob(deps, job);
        result[OUTCOME_FIELD[outcome]] += 1;
        ctx.count(OUTCOME_FIELD[outcome]);
        ctx.progress({ done: result.claimed, message: 'summaries' });
      }
    };
    const lanes = options.concurrency ?? (options.llm ? 8 : 2);
    await Promise.all(Array.from({ length: lanes }, lane));
    ctx.count('claimed', result.claimed);
    return result;
  },
};

export interface SummarizeDeps {
  db: Knex;
  logger: Logger;
  config: Pick<Config, 'llm'>;
  events?: EventEmitter<{ event: [StageEvent] }>;
  signal?: AbortSignal;
  /** Defaults to the LLM of the configuration; null forces extractive summaries. */
  llm?: LlmPort | null;
}

export async function summarize(deps: SummarizeDeps, options: Omit<SummarizeStageOptions, 'llm'> = {}): Promise<SummarizeSummary> {
  const llm = deps.llm === undefined ? (llmFromConfig(deps.config) ?? null) : deps.llm;
  const run = await runStage(summarizeStage, { ...options, llm }, deps);
  return { runId: run.runId, durationMs: run.durationMs, ...run.result };
}
