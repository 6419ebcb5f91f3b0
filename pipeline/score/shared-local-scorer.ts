import { createLocalScorer, type LocalScorer } from '../scoring/local-scorer.ts';

let shared: LocalScorer | undefined;

/** One scorer per process: loading the CPV catalog and its label index takes seconds. */
export function getSharedLocalScorer(): LocalScorer {
  shared ??= createLocalScorer();
  return shared;
}
