import type { Knex } from 'knex';
import { findProjectPageItems, type ProjectPageQuery } from '../db/project-listing.ts';
import { prepareProjectPage, type PreparedProjectPage } from './presenters/project-page.ts';

/**
 * The pages of the project list are the same for every user but for their scores (added per request): a page
 * without a text search may be reused for `ttlMs`, so that Postgres does not build the same JSON for every
 * request (about 2 ms of its CPU for 100 projects). A text search is always read, as its cost is the search itself.
 */
export interface ProjectPageCache {
  page(db: Knex, query: ProjectPageQuery, simapUrlPrefix: string): Promise<PreparedProjectPage>;
  clear(): void;
}

/**
 * Pages kept at most (sorts × categories × offsets × languages), ~70 kB each for 100 projects: beyond it the
 * expired ones go, and if none has expired, the cache starts over.
 */
const MAX_PAGES = 200;

export function createProjectPageCache(ttlMs: number): ProjectPageCache {
  const cache = new Map<string, { value: Promise<PreparedProjectPage>; expires: number }>();
  return {
    page(db, query, simapUrlPrefix) {
      const read = async () => prepareProjectPage(await findProjectPageItems(db, query, simapUrlPrefix));
      if (query.q || ttlMs <= 0) return read();
      const key = JSON.stringify([simapUrlPrefix, query.sort, query.category ?? '', query.limit, query.offset]);
      const now = Date.now();
      const hit = cache.get(key);
      if (hit && hit.expires > now) return hit.value;
      const value = read();
      if (cache.size >= MAX_PAGES) for (const [kept, entry] of cache) if (entry.expires <= now) cache.delete(kept);
      if (cache.size >= MAX_PAGES) cache.clear();
      cache.set(key, { value, expires: now + ttlMs });
      value.catch(() => cache.delete(key));
      return value;
    },
    clear: () => cache.clear(),
  };
}
