import { loadCpvCatalog } from '../scorer/cpv-catalog.ts';
import { setDerivedDataCacheDir } from '../scorer/derived-data-cache.ts';
import { cacheScoringTables } from '../scorer/scoring-resources.ts';

/** Entry of the warm-up worker thread: derives the shipped catalog's tables into the cache directory. */
export function cacheDefaultScoringTables(cacheDir: string): void {
  setDerivedDataCacheDir(cacheDir);
  cacheScoringTables(loadCpvCatalog());
}
