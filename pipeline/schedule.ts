import type { Logger } from '../logger.ts';
import { SimapUnreachableError } from './simap/simap-errors.ts';

export interface ScheduledStage {
  name: string;
  run: () => Promise<unknown>;
  /** A few words on what the stage did ("2 new, 1 updated"); `worked` false when it found nothing to do. */
  describe?: (result: unknown) => { text: string; worked: boolean };
}

export type StageOutcome =
  | { stage: string; ok: true; durationMs: number; result: unknown; summary?: string; worked: boolean }
  | { stage: string; ok: false; durationMs: number; error: string };

export interface RoundReport {
  round: number;
  startedAt: Date;
  durationMs: number;
  outcomes: StageOutcome[];
  /** Every stage ran (none skipped by a stop request). */
  complete: boolean;
  /** No stage failed and none found work: simap had nothing new and nothing was pending. */
  idle: boolean;
}

export interface PipelineLoopOptions {
  stages: ScheduledStage[];
  logger: Logger;
  /** Time between the starts of two rounds; a round that takes longer is followed by the next one at once. */
  everyMs: number;
  /** One round, then return. */
  once?: boolean;
  /** Aborts the running stage (the stages listen to it); the loop then rethrows the abort reason. */
  signal?: AbortSignal;
  /** Called once per round with its report; the default logs `describeRound` at info. */
  onRound?: (report: RoundReport) => void;
  /** Called before waiting for the next round. */
  onWait?: (nextAt: Date) => void;
}

function humanInterval(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function rootCause(error: unknown): unknown {
  let current = error;
  while (current instanceof Error && current.cause !== undefined && !(current instanceof SimapUnreachableError)) current = current.cause;
  return current;
}

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ');
}

/** The one line a round ends with: how each stage ended, what it did, and how long the round took. */
export function describeRound(report: RoundReport): string {
  const parts = report.outcomes.map((o) =>
    o.ok ? `${o.stage} ok (${o.summary ? `${o.summary}, ` : ''}${seconds(o.durationMs)})` : `${o.stage} failed: ${o.error}`,
  );
  const how = report.idle ? ', nothing new' : report.complete ? '' : ', stopped early';
  return `round ${report.round}: ${parts.join(', ') || 'stopped before any stage'} — ${seconds(report.durationMs)}${how}`;
}

/** Every stage runs even when an earlier one failed: each works from what is stored. */
async function runRound(options: PipelineLoopOptions, everyMs: number, stopping: () => boolean): Promise<StageOutcome[]> {
  const outcomes: StageOutcome[] = [];
  for (const stage of options.stages) {
    if (stopping()) break;
    const started = performance.now();
    const durationMs = () => Math.round(performance.now() - started);
    try {
      const result = await stage.run();
      const described = stage.describe?.(result);
      outcomes.push({ stage: stage.name, ok: true, durationMs: durationMs(), result, summary: described?.text, worked: described?.worked ?? true });
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      const cause = rootCause(error);
      if (cause instanceof SimapUnreachableError)
        options.logger.warn(`simap.ch is unreachable (${cause.code}); ${stage.name} runs again in ${humanInterval(everyMs)}`);
      else {
        options.logger.error(`${stage.name} failed: ${oneLine(error)}`);
        options.logger.debug({ err: error }, `${stage.name} failure`);
      }
      outcomes.push({ stage: stage.name, ok: false, error: oneLine(error), durationMs: durationMs() });
    }
  }
  return outcomes;
}

/**
 * The one pipeline loop of `tenders run` and of the embedded server: the stages in order, now and then every
 * `everyMs` counted from the start of the previous round, never two rounds at once (a slow round delays the
 * next one instead of stacking). `stop()` lets the current stage finish and ends the loop.
 */
export function startPipelineLoop(options: PipelineLoopOptions): { done: Promise<void>; stop(): Promise<void> } {
  const logger = options.logger;
  let stopped = false;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => wake?.(), Math.max(0, ms));
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
    });
  const report = options.onRound ?? ((r: RoundReport) => logger.info({ round: r.round, durationMs: r.durationMs, idle: r.idle }, describeRound(r)));

  async function loop(): Promise<void> {
    for (let round = 1; !stopped; round++) {
      const startedAt = new Date();
      const started = performance.now();
      const outcomes = await runRound(options, options.everyMs, () => stopped);
      const complete = outcomes.length === options.stages.length;
      const idle = complete && outcomes.every((o) => o.ok && !o.worked);
      report({ round, startedAt, durationMs: Math.round(performance.now() - started), outcomes, complete, idle });
      if (options.once || stopped) return;
      const nextAt = new Date(Math.max(startedAt.getTime() + options.everyMs, Date.now()));
      options.onWait?.(nextAt);
      await pause(nextAt.getTime() - Date.now());
    }
  }

  const done = loop();
  return {
    done,
    async stop() {
      stopped = true;
      wake?.();
      await done.catch(() => undefined);
    },
  };
}
