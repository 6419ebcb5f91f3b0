import { setMaxListeners, type EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import PQueue from 'p-queue';
import type { Logger } from '../logger.ts';
import { finishPipelineRun, startPipelineRun } from '../db/pipeline-runs.ts';

export type Counts = Record<string, number>;

export type StageEvent =
  | { type: 'start'; stage: string; runId: number }
  | { type: 'progress'; stage: string; done: number; total?: number; unit?: string; message?: string }
  | { type: 'log'; stage: string; message: string }
  | { type: 'finish'; stage: string; runId: number; counts: Counts; durationMs: number }
  | { type: 'fail'; stage: string; runId: number; counts: Counts; durationMs: number; error: string };

export interface StageContext {
  db: Knex;
  logger: Logger;
  signal: AbortSignal;
  /** Adds to a named counter of the run summary (publications, created, quarantined, ...). */
  count(name: string, amount?: number): void;
  progress(update: { done: number; total?: number; unit?: string; message?: string }): void;
  log(message: string): void;
  addTokens(input: number, output: number): void;
  /** A bounded queue for the stage's items; `perSecond` caps the start rate. */
  workQueue(options: { concurrency: number; perSecond?: number }): PQueue;
}

export interface Stage<TOptions, TResult> {
  id: string;
  run(ctx: StageContext, options: TOptions): Promise<TResult>;
}

export interface StageRun<TResult> {
  runId: number;
  result: TResult;
  counts: Counts;
  durationMs: number;
}

export class StageFailedError extends Error {
  constructor(
    readonly stage: string,
    readonly counts: Counts,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'StageFailedError';
  }
}

export interface RunStageDeps {
  db: Knex;
  logger: Logger;
  events?: EventEmitter<{ event: [StageEvent] }>;
  signal?: AbortSignal;
}

/** Runs one stage with a `pipeline_runs` row, counters and progress events; the CLI and TUI only listen. */
export async function runStage<TOptions, TResult>(stage: Stage<TOptions, TResult>, options: TOptions, deps: RunStageDeps): Promise<StageRun<TResult>> {
  const counts: Counts = {};
  const tokens = { input: 0, output: 0 };
  const emit = (event: StageEvent) => deps.events?.emit('event', event);
  const logger = deps.logger.child({ stage: stage.id });
  const runId = await startPipelineRun(deps.db, stage.id);
  const started = performance.now();
  emit({ type: 'start', stage: stage.id, runId });
  const signal = deps.signal ?? new AbortController().signal;
  // Every queued task of a stage (LLM requests, their queue slots) listens on this one signal: hundreds of listeners
  // are expected, not a leak, and Node's warning at 11 would only alarm an operator.
  setMaxListeners(0, signal);
  const ctx: StageContext = {
    db: deps.db,
    logger,
    signal,
    count: (name, amount = 1) => {
      counts[name] = (counts[name] ?? 0) + amount;
    },
    progress: (update) => emit({ type: 'progress', stage: stage.id, ...update }),
    // Whoever listens to the events prints the message (the CLI's progress lines); otherwise the log has it. Never both.
    log: (message) => {
      if (deps.events && deps.events.listenerCount('event') > 0) emit({ type: 'log', stage: stage.id, message });
      else logger.info(message);
    },
    addTokens: (input, output) => {
      tokens.input += input;
      tokens.output += output;
    },
    workQueue: ({ concurrency, perSecond }) =>
      new PQueue(perSecond ? { concurrency, intervalCap: Math.max(1, Math.round(perSecond)), interval: 1000, strict: true } : { concurrency }),
  };
  try {
    const result = await stage.run(ctx, options);
    const durationMs = Math.round(performance.now() - started);
    await finishPipelineRun(deps.db, runId, { status: 'succeeded', counts, tokens });
    emit({ type: 'finish', stage: stage.id, runId, counts, durationMs });
    return { runId, result, counts, durationMs };
  } catch (error) {
    const durationMs = Math.round(performance.now() - started);
    const message = error instanceof Error ? error.message : String(error);
    await finishPipelineRun(deps.db, runId, { status: 'failed', counts, tokens, error: message }).catch((finishError: unknown) =>
      logger.error({ err: finishError }, 'could not record the failed run'),
    );
    emit({ type: 'fail', stage: stage.id, runId, counts, durationMs, error: message });
    throw new StageFailedError(stage.id, counts, error);
  }
}
