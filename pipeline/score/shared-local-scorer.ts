import { createLocalScorer, type LocalScorer } from '../scorer/local-scorer.ts';
import { buildScoringTablesOffThread } from './build-scoring-tables-off-thread.ts';

let shared: LocalScorer | undefined;
let warming: Promise<LocalScorer> | undefined;

/** One scorer per process: its CPV vocabulary and lexicon take seconds to derive (then are read from the disk cache). */
export function getSharedLocalScorer(): LocalScorer {
  shared ??= createLocalScorer();
  return shared;
}

/**
 * The shared scorer without blocking the event loop for the derivation: when its tables are not cached
 * yet, a worker thread derives and caches them while this thread keeps serving. The first call starts it.
 */
export function warmSharedLocalScorer(): Promise<LocalScorer> {
  if (shared) return Promise.resolve(shared);
  warming ??= buildScoringTablesOffThread().then(() => getSharedLocalScorer());
  return warming;
}
