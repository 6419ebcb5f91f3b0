import { Worker } from 'node:worker_threads';
import { loadCpvCatalog } from '../scorer/cpv-catalog.ts';
import { derivedDataCacheDir, isDerivedDataCached } from '../scorer/derived-data-cache.ts';
import { SCORING_TABLES_CACHE, scoringTablesKey } from '../scorer/scoring-resources.ts';

// The worker runs TypeScript sources like the main thread: it registers tsx before importing the builder.
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
import(workerData.tsx)
  .then(({ register }) => { register(); return import(workerData.builder); })
  .then((builder) => builder.cacheDefaultScoringTables(workerData.cacheDir))
  .then(() => parentPort.postMessage('cached'));
`;

/**
 * Derives the scorer's tables for the shipped CPV catalog in a worker thread and writes them to the
 * disk cache, unless they are cached already. Resolves in every case: when the worker cannot run,
 * the scorer derives them itself on first use.
 */
export async function buildScoringTablesOffThread(): Promise<void> {
  const cacheDir = derivedDataCacheDir();
  if (!cacheDir || isDerivedDataCached(SCORING_TABLES_CACHE, scoringTablesKey(loadCpvCatalog()))) return;
  await new Promise<void>((resolve) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        tsx: import.meta.resolve('tsx/esm/api'),
        builder: new URL('./cache-default-scoring-tables.ts', import.meta.url).href,
        cacheDir,
      },
    });
    worker.once('message', () => resolve());
    worker.once('error', () => resolve());
    worker.once('exit', () => resolve());
  });
}
