import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/connection.ts';
import { relearnAlert } from '../feedback/relearn-alert.ts';
import { setDerivedDataCacheDir } from '../scorer/derived-data-cache.ts';
import { refreshProjectIndex } from './project-index.ts';
import { INDEX_WAIT_MS, scoreAlertNow } from './score-alert-now.ts';
import { warmSharedLocalScorer } from './shared-local-scorer.ts';

/** What the HTTP thread gives the scoring thread when it starts it. */
export interface ScoringThreadData {
  databaseUrl: string;
  /** DATA_DIR/cache, or null for no disk cache. */
  cacheDir: string | null;
  /** Connections of the thread's own pool. */
  poolMax: number;
  indexWaitMs?: number;
  /** The thread's nice value (10 unless given): tests that wait for its warm-up beside other busy test files run it at 0. */
  nice?: number;
}

const SCORING_THREAD_NICE = 10;

export type ScoringRequest = { id: number; op: 'score'; alertId: number } | { id: number; op: 'relearn'; alertId: number } | { id: number; op: 'close' };

export type ScoringReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { message: string; stack?: string } }
  | { id: 0; event: 'warm'; projects: number; durationMs: number }
  | { id: 0; event: 'warm-failed'; error: { message: string; stack?: string } };

/**
 * The scoring thread (worker_threads): it owns the scorer and the project index, so that the HTTP thread's
 * heap stays small and its event loop never runs the warm-up or a scoring pass. It warms up at once and
 * answers "score this alert now" and "learn this alert again" requests, each with its own connection pool.
 */
export async function runScoringThread(): Promise<void> {
  const data = workerData as ScoringThreadData;
  const port = parentPort!;
  // On Linux this lowers this thread's priority only (a thread is a task there): when the cores are busy, the
  // HTTP thread runs first and the warm-up takes longer. Elsewhere it would lower the whole process: skipped.
  if (process.platform === 'linux') {
    try {
      setPriority(0, data.nice ?? SCORING_THREAD_NICE);
    } catch {
      // Not allowed here: the thread runs at the process's priority.
    }
  }
  setDerivedDataCacheDir(data.cacheDir);
  const db = openDatabase({ kind: 'postgres', url: data.databaseUrl, poolMax: data.poolMax });
  const waitMs = data.indexWaitMs ?? INDEX_WAIT_MS;
  const inFlight = new Set<Promise<unknown>>();
  const failure = (error: unknown) => ({ message: (error as Error)?.message ?? String(error), stack: (error as Error)?.stack });

  const started = performance.now();
  let warm = false;
  void (async () => {
    const scorer = await warmSharedLocalScorer();
    const index = await refreshProjectIndex(db.knex, scorer);
    warm = true;
    port.postMessage({ id: 0, event: 'warm', projects: index.size, durationMs: Math.round(performance.now() - started) } satisfies ScoringReply);
  })().catch((error: unknown) => {
    warm = true;
    port.postMessage({ id: 0, event: 'warm-failed', error: failure(error) } satisfies ScoringReply);
  });

  port.on('message', (request: ScoringRequest) => {
    if (request.op === 'close') {
      // Requests already received finish first. A warm-up still running holds its read transaction to the end:
      // the HTTP thread then terminates this thread, which closes its connections (nothing is written by it).
      void (async () => {
        await Promise.allSettled([...inFlight]);
        if (warm) await db.close().catch(() => undefined);
        port.postMessage({ id: request.id, ok: true, result: warm } satisfies ScoringReply);
      })();
      return;
    }
    const task = (
      request.op === 'score'
        ? scoreAlertNow(db.knex, request.alertId, { indexWaitMs: waitMs })
        : relearnAlert(db.knex, request.alertId, { indexWaitMs: waitMs }).then(() => null)
    ).then(
      (result) => port.postMessage({ id: request.id, ok: true, result } satisfies ScoringReply),
      (error: unknown) => port.postMessage({ id: request.id, ok: false, error: failure(error) } satisfies ScoringReply),
    );
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
  });
}
