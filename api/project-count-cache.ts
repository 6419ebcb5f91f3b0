import type { Knex } from 'knex';
import { countProjects, type ProjectFilter } from '../db/project-listing.ts';

/**
 * Counting 100,000 rows costs milliseconds on every list and stats call; an unfiltered or category count may lag
 * by `ttlMs`. A text search is always counted exactly, as its cost is the search itself.
 */
export interface ProjectCountCache {
  count(db: Knex, filter: ProjectFilter): Promise<number>;
  clear(): void;
}

export function createProjectCountCache(ttlMs: number): ProjectCountCache {
  const cache = new Map<string, { value: Promise<number>; expires: number }>();
  return {
    async count(db, filter) {
      if (filter.q || ttlMs <= 0) return countProjects(db, filter);
      const key = filter.category ?? '';
      const now = Date.now();
      const hit = cache.get(key);
      if (hit && hit.expires > now) return hit.value;
      const value = countProjects(db, filter);
      cache.set(key, { value, expires: now + ttlMs });
      value.catch(() => cache.delete(key));
      if (cache.size > 1000) cache.clear();
      return value;
    },
    clear: () => cache.clear(),
  };
}
