import type { Knex } from 'knex';
import { findProjectPageItems, type ProjectPageQuery } from '../db/project-listing.ts';
import { prepareProjectPage, type PreparedProjectPage } from './presenters/project-page.ts';
import { createTtlCache } from './ttl-cache.ts';

/**
 * The pages of the project list are the same for every user but for their scores (added per request): a page
 * without a text search may be reused for `ttlMs`, so that Postgres does not build the same JSON for every
 * request (about 2 ms of its CPU for 100 projects). A text search is always read, as its cost is the search itself.
 */
export interface ProjectPageCache {
  page(db: Knex, query: ProjectPageQuery, simapUrlPrefix: string): Promise<PreparedProjectPage>;
  clear(): void;
}

/** Pages kept at most (sorts × categories × offsets × languages), ~70 kB each for 100 projects. */
const MAX_PAGES = 200;

export function createProjectPageCache(ttlMs: number): ProjectPageCache {
  const pages = createTtlCache<PreparedProjectPage>(ttlMs, MAX_PAGES);
  return {
    page(db, query, simapUrlPrefix) {
      const read = async () => prepareProjectPage(await findProjectPageItems(db, query, simapUrlPrefix));
      if (query.q) return read();
      return pages.get(JSON.stringify([simapUrlPrefix, query.sort, query.category ?? '', query.limit, query.offset]), read);
    },
    clear: pages.clear,
  };
}
