import type { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { fetchStage, type FetchResult } from './fetch/fetch-stage.ts';
import { normalizeStage } from './normalize/normalize-stage.ts';
import { parseScrapeOptions, type ScrapeOptions } from './scrape-options.ts';
import type { RetryPolicy } from './simap/simap-client.ts';
import { runStage, StageFailedError, type StageEvent } from './stage-runner.ts';

export interface ScrapeSummary {
  pages: number;
  publicationsFetched: number;
  projectsCreated: number;
  projectsUpdated: number;
  projectsUnchanged: number;
  quarantined: number;
  /** Publications whose details failed this run, tried again on the next runs (then quarantined). */
  deferred: number;
  /** Deferred publications of earlier runs fetched this run. */
  recovered: number;
  durationMs: number;
  /** False when --max-pages stopped the paging early (the cursor did not move). */
  complete: boolean;
  /** Why fetch stopped early and cleanly (simap asked to wait too long); the next round resumes. */
  stopped: string | null;
  since: string;
}

export interface ScrapeDeps {
  db: Knex;
  logger: Logger;
  config: Config;
  events?: EventEmitter;
  signal?: AbortSignal;
}

export interface ScrapeTuning {
  retry?: Partial<RetryPolicy>;
  now?: Date;
}

function unwrap(error: unknown): unknown {
  return error instanceof StageFailedError && error.cause !== undefined ? error.cause : error;
}

/**
 * fetch + normalize. When fetch fails part-way (simap down, retries exhausted), what it stored is still
 * normalized, then the fetch error is thrown.
 */
export async function scrape(deps: ScrapeDeps, options: ScrapeOptions & ScrapeTuning = {}): Promise<ScrapeSummary> {
  const { since, maxPages, renormalize } = parseScrapeOptions({ since: options.since, maxPages: options.maxPages, renormalize: options.renormalize });
  const started = performance.now();
  const runDeps = { db: deps.db, logger: deps.logger, signal: deps.signal, events: deps.events as EventEmitter<{ event: [StageEvent] }> | undefined };
  let fetched: FetchResult | undefined;
  let fetchError: unknown;
  try {
    const run = await runStage(
      fetchStage,
      { baseUrl: deps.config.simap.baseUrl, requestsPerSecond: deps.config.simap.rps, since, maxPages, retry: options.retry, now: options.now },
      runDeps,
    );
    fetched = run.result;
  } catch (error) {
    fetchError = unwrap(error);
    if (deps.signal?.aborted) throw fetchError;
  }
  let normalized;
  try {
    normalized = (await runStage(normalizeStage, { all: renormalize }, runDeps)).result;
  } catch (error) {
    throw fetchError ?? unwrap(error);
  }
  if (fetchError !== undefined) throw fetchError;
  return {
    pages: fetched!.pages,
    publicationsFetched: fetched!.publicationsFetched,
    projectsCreated: normalized.created,
    projectsUpdated: normalized.updated,
    projectsUnchanged: normalized.unchanged,
    quarantined: fetched!.quarantined + normalized.quarantined,
    deferred: fetched!.deferred,
    recovered: fetched!.recovered,
    durationMs: Math.round(performance.now() - started),
    complete: fetched!.complete,
    stopped: fetched!.stopped,
    since: fetched!.windowStart,
  };
}
