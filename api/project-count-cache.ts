import type { Knex } from 'knex';
import { countProjects, type ProjectFilter } from '../db/project-listing.ts';
import { createTtlCache } from './ttl-cache.ts';

/**
 * Counting 100,000 rows costs milliseconds on every list and stats call; an unfiltered or category count may lag
 * by `ttlMs`. A text search is always counted exactly, as its cost is the search itself.
 */
export interface ProjectCountCache {
  count(db: Knex, filter: ProjectFilter): Promise<number>;
  clear(): void;
}

/** Categories whose count is kept at most. */
const MAX_COUNTS = 1000;

export function createProjectCountCache(ttlMs: number): ProjectCountCache {
  const counts = createTtlCache<number>(ttlMs, MAX_COUNTS);
  return {
    count: (db, filter) => (filter.q ? countProjects(db, filter) : counts.get(filter.category ?? '', () => countProjects(db, filter))),
    clear: counts.clear,
  };
}
