import { setMaxListeners } from 'node:events';
import type { Stage, StageContext } from '../stage-runner.ts';
import { findStoredPublicationIds, insertRawPublications } from '../../db/raw-publications.ts';
import { quarantineRecords } from '../../db/quarantine.ts';
import { advanceScrapeCursor, getScrapeCursor } from '../../db/scrape-cursors.ts';
import { createSimapClient, type RetryPolicy, type SimapClient } from '../simap/simap-client.ts';
import { expandSearchEntries, type PublicationRef } from './publication-refs.ts';
import { searchWindowStart } from './search-window.ts';

const PAGE_SIZE = 20;

export interface FetchOptions {
  baseUrl: string;
  requestsPerSecond: number;
  since?: string;
  maxPages?: number;
  retry?: Partial<RetryPolicy>;
  now?: Date;
}

export interface FetchResult {
  pages: number;
  publicationsFetched: number;
  quarantined: number;
  windowStart: string;
  /** False when `maxPages` cut the run short; the cursor then stays where it was. */
  complete: boolean;
  newestPublicationDate: string | null;
}

async function fetchAndStoreDetails(ctx: StageContext, client: SimapClient, refs: PublicationRef[], abort: AbortController): Promise<number> {
  let stored = 0;
  let firstError: unknown;
  await Promise.all(
    refs.map(async (ref) => {
      try {
        const { details } = await client.getPublicationDetails(ref.projectId, ref.publicationId);
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

/** Pages through the project search since the cursor and stores every publication not yet stored, verbatim. */
export const fetchStage: Stage<FetchOptions, FetchResult> = {
  id: 'pipeline.fetch',
  async run(ctx, options) {
    const cursor = await getScrapeCursor(ctx.db);
    const windowStart = searchWindowStart({ since: options.since, cursor, now: options.now ?? new Date() });
    const abort = new AbortController();
    // Every queued request listens on this one signal; a page's worth of them is expected, not a leak.
    setMaxListeners(0, abort.signal);
    const onOuterAbort = () => abort.abort(ctx.signal.reason);
    ctx.signal.addEventListener('abort', onOuterAbort, { once: true });
    const rps = options.requestsPerSecond;
    const queue = ctx.workQueue({ concurrency: Math.max(1, Math.ceil(rps)), perSecond: rps });
    const client = createSimapClient({ baseUrl: options.baseUrl, retry: options.retry, queue, signal: abort.signal });
    const result: FetchResult = { pages: 0, publicationsFetched: 0, quarantined: 0, windowStart, complete: false, newestPublicationDate: null };
    ctx.log(`searching simap publications since ${windowStart}${cursor ? ` (cursor ${cursor})` : ''}`);
    try {
      let lastItem: string | undefined;
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
        }
        const stored = await findStoredPublicationIds(ctx.db, refs.map((ref) => ref.publicationId));
        const missing = refs.filter((ref) => !stored.has(ref.publicationId));
        result.publicationsFetched += await fetchAndStoreDetails(ctx, client, missing, abort);
        ctx.progress({ done: result.publicationsFetched, message: `page ${result.pages}` });
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
    } finally {
      ctx.signal.removeEventListener('abort', onOuterAbort);
      queue.clear();
      await client.close();
    }
  },
};
