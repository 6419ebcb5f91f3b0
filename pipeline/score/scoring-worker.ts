import { Worker } from 'node:worker_threads';
import type { Logger } from '../../logger.ts';
import { ScoringStoppedError } from './scoring-stopped-error.ts';
import type { ScoringReply, ScoringRequest, ScoringThreadData } from './scoring-thread.ts';

// The thread runs TypeScript sources like this one: it registers tsx before importing its entry.
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx)
  .then(({ register }) => { register(); return import(workerData.entry); })
  .then((entry) => entry.runScoringThread());
`;

/**
 * The scoring thread's young generation (V8's default is 48 MB, three 16 MB semi-spaces). Indexing 100,000
 * projects keeps most of what it allocates: with the default it took ~280 scavenges in its first minute, each
 * walking the old generation's pointers into the young one, with V8's GC helper threads (not niced) beside it.
 */
const SCORING_YOUNG_GENERATION_MB = 192;

/** The HTTP process's handle on its scoring thread. */
export interface ScoringWorker {
  scoreAlertNow(alertId: number): Promise<{ scored: number; matches: number }>;
  relearnAlert(alertId: number): Promise<void>;
  /** Resolves when the thread has prepared the scorer and indexed every project (or failed to). */
  readonly warm: Promise<void>;
  /**
   * For a shutdown: every request waiting now, and every later one, is answered at once with
   * ScoringStoppedError, so that the HTTP answers waiting on the thread go out before the server drains. What
   * they asked is left to the next pipeline run (an alert whose scores are not current is scored again).
   */
  stopWaiting(): void;
  /** Lets the requests sent so far finish (for up to `timeoutMs`), then ends the thread. */
  close(options?: { timeoutMs?: number }): Promise<void>;
}

export interface ScoringWorkerOptions extends Omit<ScoringThreadData, 'poolMax'> {
  logger: Logger;
  poolMax?: number;
}

/**
 * Starts the scoring thread (scoring-thread.ts): the scorer, the project index and the scoring passes of the
 * API's requests live there, not on the thread that answers HTTP. A thread that dies is started again by
 * the next request; the requests it had are answered with an error.
 */
export function startScoringWorker(options: ScoringWorkerOptions): ScoringWorker {
  const { logger, ...rest } = options;
  const data: ScoringThreadData = { poolMax: 4, ...rest };
  let nextId = 1;
  let closing = false;
  let stopped = false;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let markWarm: () => void = () => undefined;
  const warm = new Promise<void>((resolve) => (markWarm = resolve));

  const spawn = (): Worker => {
    const started = new Worker(WORKER_SOURCE, {
      eval: true,
      resourceLimits: { maxYoungGenerationSizeMb: SCORING_YOUNG_GENERATION_MB },
      workerData: { ...data, tsx: import.meta.resolve('tsx/esm/api'), entry: new URL('./scoring-thread.ts', import.meta.url).href },
    });
    started.on('message', (reply: ScoringReply) => {
      if ('event' in reply) {
        if (reply.event === 'warm') logger.info({ projects: reply.projects, durationMs: reply.durationMs }, 'scoring warm-up done');
        else if (!closing) logger.warn({ err: reply.error }, 'scoring warm-up failed');
        markWarm();
        return;
      }
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(Object.assign(new Error(reply.error.message), { stack: reply.error.stack }));
    });
    started.on('error', (error) => logger.error({ err: error }, 'scoring thread failed'));
    started.on('exit', (code) => {
      if (worker === started) worker = undefined;
      markWarm();
      for (const [id, waiting] of pending) {
        pending.delete(id);
        waiting.reject(new Error(`the scoring thread exited (code ${code}) before it answered`));
      }
    });
    return started;
  };
  let worker: Worker | undefined = spawn();

  const ask = <T>(request: ScoringRequest extends infer R ? (R extends ScoringRequest ? Omit<R, 'id'> : never) : never): Promise<T> => {
    if (stopped && request.op !== 'close') return Promise.reject(new ScoringStoppedError());
    if (closing && request.op !== 'close') return Promise.reject(new Error('the server is shutting down'));
    worker ??= spawn();
    const id = nextId++;
    const answer = new Promise<T>((resolve, reject) => pending.set(id, { resolve: resolve as (value: unknown) => void, reject }));
    worker.postMessage({ ...request, id } as ScoringRequest);
    return answer;
  };

  return {
    scoreAlertNow: (alertId) => ask({ op: 'score', alertId }),
    relearnAlert: (alertId) => ask({ op: 'relearn', alertId }),
    warm,
    stopWaiting() {
      stopped = true;
      for (const [id, waiting] of pending) {
        pending.delete(id);
        waiting.reject(new ScoringStoppedError());
      }
    },
    async close({ timeoutMs = 10_000 } = {}) {
      if (closing) return;
      const current = worker;
      if (!current) {
        closing = true;
        return;
      }
      const drained = ask({ op: 'close' }).catch(() => undefined);
      closing = true;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([drained, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
      await current.terminate();
    },
  };
}
