import { setMaxListeners } from 'node:events';
import type { Stage, StageContext } from '../stage-runner.ts';
import { SimapHttpError, SimapInvalidResponseError, SimapRateLimitedError } from '../simap/simap-errors.ts';
import { findStoredPublicationIds, insertRawPublications } from '../../db/raw-publications.ts';
import { deletePublicationRetries, findPublicationRetries, recordPublicationFailure, type PublicationRetry } from '../../db/publication-retries.ts';
import { findQuarantinedIds, quarantineRecords } from '../../db/quarantine.ts';
import { advanceScrapeCursor, getScrapeCursor } from '../../db/scrape-cursors.ts';
import { createSimapClient, type RetryPolicy, type SimapClient } from '../simap/simap-client.ts';
import { expandSearchEntries, type PublicationRef } from './publication-refs.ts';
import { searchWindowStart, windowProgress } from './search-window.ts';

const PAGE_SIZE = 20;

/** Failed tries of a publication's details before it is quarantined with the reason. */
export const MAX_DETAIL_TRIES = 5;

export interface FetchOptions {
  baseUrl: string;
  requestsPerSecond: number;
  since?: string;
  maxPages?: number;
  retry?: Partial<RetryPolicy>;
  now?: Date;
  maxDetailTries?: number;
}

export interface FetchResult {
  pages: number;
  publicationsFetched: number;
  quarantined: number;
  /** Publications whose details failed this run: on the retry list for the next runs. */
  deferred: number;
  /** Publications of the retry list fetched this run. */
  recovered: number;
  windowStart: string;
  /** False when `maxPages` cut the run short or simap asked to wait too long; the cursor then stays where it was. */
  complete: boolean;
  /** Why the run stopped before the end of the search, when it did so cleanly. */
  stopped: string | null;
  newestPublicationDate: string | null;
}

/** A fault of one publication (gone, or not the JSON the spec describes), not of simap as a whole. */
function isPublicationFault(error: unknown): boolean {
  if (error instanceof SimapInvalidResponseError) return true;
  return error instanceof SimapHttpError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

interface DetailsRun {
  ctx: StageContext;
  client: SimapClient;
  abort: AbortController;
  result: FetchResult;
  maxTries: number;
}

async function deferOrQuarantine(run: DetailsRun, ref: PublicationRef, error: Error): Promise<void> {
  const { ctx, result } = run;
  const tries = await recordPublicationFailure(ctx.db, {
    publicationId: ref.publicationId,
    projectId: ref.projectId,
    pubType: ref.pubType,
    publicationDate: ref.publicationDate,
    searchEntry: ref.entry,
    error: error.message,
  });
  if (tries < run.maxTries) {
    result.deferred += 1;
    ctx.count('deferred');
    ctx.logger.warn({ publicationId: ref.publicationId, tries, error: error.message }, 'publication details failed; deferred to a later run');
    return;
  }
  await quarantineRecords(ctx.db, 'fetch', [
    {
      publicationId: ref.publicationId,
      reason: `details failed ${tries} times: ${error.message}`,
      raw: { searchEntry: ref.entry, projectId: ref.projectId, pubType: ref.pubType, publicationDate: ref.publicationDate },
    },
  ]);
  await deletePublicationRetries(ctx.db, [ref.publicationId]);
  result.quarantined += 1;
  ctx.count('quarantined');
  ctx.logger.warn({ publicationId: ref.publicationId, tries, error: error.message }, 'publication details failed too often; quarantined');
}

/** Fetches and stores each publication's details; one that fails on its own is deferred, a simap-wide failure stops the run. */
async function fetchAndStoreDetails(run: DetailsRun, refs: PublicationRef[], fromRetryList: boolean): Promise<number> {
  const { ctx, client, abort } = run;
  let stored = 0;
  let firstError: unknown;
  await Promise.all(
    refs.map(async (ref) => {
      try {
        let details: unknown;
        try {
          details = (await client.getPublicationDetails(ref.projectId, ref.publicationId)).details;
        } catch (error) {
          if (abort.signal.aborted || !isPublicationFault(error)) throw error;
          await deferOrQuarantine(run, ref, error as Error);
          return;
        }
        const inserted = await insertRawPublications(ctx.db, [
          {
            publicationId: ref.publicationId,
            projectId: ref.projectId,
            pubType: ref.pubType,
            publicationDate: ref.publicationDate,
            searchEntry: ref.entry,
            details,
          },
        ]);
        if (fromRetryList) {
          await deletePublicationRetries(ctx.db, [ref.publicationId]);
          run.result.recovered += 1;
          ctx.count('recovered');
        }
        stored += inserted;
        ctx.count('publications', inserted);
      } catch (error) {
        if (firstError === undefined && !abort.signal.aborted) {
          firstError = error;
          abort.abort(error);
        }
      }
    }),
  );
  if (firstError !== undefined) throw firstError;
  if (ctx.signal.aborted) throw ctx.signal.reason;
  return stored;
}

function retryRef(retry: PublicationRetry): PublicationRef {
  return {
    projectId: retry.projectId,
    publicationId: retry.publicationId,
    pubType: retry.pubType ?? '',
    publicationDate: retry.publicationDate ?? '',
    entry: retry.searchEntry,
  };
}

/** Pages through the project search since the cursor and stores every publication not yet stored, verbatim. */
export const fetchStage: Stage<FetchOptions, FetchResult> = {
  id: 'pipeline.fetch',
  async run(ctx, options) {
    const cursor = await getScrapeCursor(ctx.db);
    const now = options.now ?? new Date();
    const windowStart = searchWindowStart({ since: options.since, cursor, now });
    const abort = new AbortController();
    // Every queued request listens on this one signal; a page's worth of them is expected, not a leak.
    setMaxListeners(0, abort.signal);
    const onOuterAbort = () => abort.abort(ctx.signal.reason);
    ctx.signal.addEventListener('abort', onOuterAbort, { once: true });
    const rps = options.requestsPerSecond;
    const queue = ctx.workQueue({ concurrency: Math.max(1, Math.ceil(rps)), perSecond: rps });
    const client = createSimapClient({
      baseUrl: options.baseUrl,
      retry: options.retry,
      queue,
      signal: abort.signal,
      onRetry: (wait) => ctx.logger.warn(wait, `simap retry in ${(wait.waitMs / 1000).toFixed(1)} s after ${wait.status ?? wait.code ?? 'error'}: ${wait.url}`),
    });
    const result: FetchResult = {
      pages: 0,
      publicationsFetched: 0,
      quarantined: 0,
      deferred: 0,
      recovered: 0,
      windowStart,
      complete: false,
      stopped: null,
      newestPublicationDate: null,
    };
    const run: DetailsRun = { ctx, client, abort, result, maxTries: options.maxDetailTries ?? MAX_DETAIL_TRIES };
    ctx.log(`searching simap publications since ${windowStart}${cursor ? ` (cursor ${cursor})` : ''}`);
    try {
      const retries = await findPublicationRetries(ctx.db);
      if (retries.length > 0) {
        ctx.log(`trying again ${retries.length} deferred publication${retries.length === 1 ? '' : 's'}`);
        result.publicationsFetched += await fetchAndStoreDetails(run, retries.map(retryRef), true);
      }
      const triedNow = new Set(retries.map((r) => r.publicationId));
      let lastItem: string | undefined;
      let oldestSeen: string | null = null;
      for (;;) {
        if (options.maxPages !== undefined && result.pages >= options.maxPages) break;
        const { page } = await client.searchProjects({ newestPublicationFrom: windowStart, lastItem });
        result.pages += 1;
        ctx.count('pages');
        const { refs, invalid } = expandSearchEntries(page.projects);
        if (invalid.length > 0) {
          await quarantineRecords(ctx.db, 'fetch', invalid);
          result.quarantined += invalid.length;
          ctx.count('quarantined', invalid.length);
        }
        for (const ref of refs) {
          if (!result.newestPublicationDate || ref.publicationDate > result.newestPublicationDate) result.newestPublicationDate = ref.publicationDate;
          if (!oldestSeen || ref.publicationDate < oldestSeen) oldestSeen = ref.publicationDate;
        }
        const ids = refs.map((ref) => ref.publicationId);
        const stored = await findStoredPublicationIds(ctx.db, ids);
        const quarantined = await findQuarantinedIds(ctx.db, 'fetch', ids);
        const missing = refs.filter((ref) => !stored.has(ref.publicationId) && !quarantined.has(ref.publicationId) && !triedNow.has(ref.publicationId));
        result.publicationsFetched += await fetchAndStoreDetails(run, missing, false);
        const days = windowProgress({ windowStart, now, oldestSeen });
        ctx.progress({ ...days, unit: 'days', message: `page ${result.pages}, ${result.publicationsFetched} publications` });
        const pageSize = page.pagination.itemsPerPage ?? PAGE_SIZE;
        const next = page.pagination.lastItem ?? undefined;
        if (page.projects.length < pageSize || !next || next === lastItem) {
          result.complete = true;
          break;
        }
        lastItem = next;
      }
      if (result.complete && result.newestPublicationDate) await advanceScrapeCursor(ctx.db, result.newestPublicationDate);
      return result;
    } catch (error) {
      if (!(error instanceof SimapRateLimitedError) || ctx.signal.aborted) throw error;
      // What is stored stays; the cursor does not move, so the next round goes over the same window again.
      result.complete = false;
      result.stopped = error.message;
      ctx.logger.warn({ url: error.url, retryAfterMs: error.retryAfterMs }, error.message);
      return result;
    } finally {
      ctx.signal.removeEventListener('abort', onOuterAbort);
      queue.clear();
      await client.close();
    }
  },
};
