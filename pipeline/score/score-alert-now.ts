import type { Knex } from 'knex';
import { findActiveLearnedItems } from '../../db/alert-learning.ts';
import { countAlertMatches } from '../../db/alert-matches.ts';
import { findFedBackProjects } from '../feedback/feedback-projects.ts';
import { learningOf } from '../feedback/learn-from-feedback.ts';
import { getAlertToScore } from '../../db/alerts-scoring.ts';
import type { LocalScorer } from '../scorer/local-scorer.ts';
import { currentLearnedAssociations } from './learned-associations-refresh.ts';
import { refreshProjectIndex } from './project-index.ts';
import { saveLocalPass } from './save-local-pass.ts';
import { needsLocalPass, scoreAlertLocally } from './score-alert-locally.ts';
import { warmSharedLocalScorer } from './shared-local-scorer.ts';

/**
 * How long a request waits for the scorer and the project index after a start (the warm-up indexes 100,000
 * projects in tens of seconds): longer, it scores with the projects indexed so far (none when the scorer's
 * tables are not derived yet) and the alert's watermark moves
 * only that far, so the next pass scores the rest. The scorer's own tables are derived off the event loop.
 */
export const INDEX_WAIT_MS = 10_000;

async function readyWithin<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, ms));
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Scores one alert with the local scorer inside a request (create, edit, process-now). `scored` counts the
 * projects considered; `matches` the alert's stored pairs (≥ SCORE_FLOOR) afterwards. The LLM watermark
 * is left alone, so the next score run re-scores the new pairs with the LLM.
 */
export async function scoreAlertNow(
  db: Knex,
  alertId: number,
  options: { scorer?: LocalScorer; indexWaitMs?: number } = {},
): Promise<{ scored: number; matches: number }> {
  const alert = await getAlertToScore(db, alertId);
  if (!alert || !alert.isActive) return { scored: 0, matches: alert ? await countAlertMatches(db, alertId) : 0 };
  // One bound for both: the scorer's tables (derived off the loop on a first start) and then the index.
  const deadline = performance.now() + (options.indexWaitMs ?? INDEX_WAIT_MS);
  const scorer = options.scorer ?? (await readyWithin(warmSharedLocalScorer(), deadline - performance.now()));
  // No scorer yet: nothing is scored now; the alert keeps its watermark, so the next pass (or request) scores it.
  if (!scorer) return { scored: 0, matches: await countAlertMatches(db, alertId) };
  const index = await refreshProjectIndex(db, scorer, { waitMs: Math.max(0, deadline - performance.now()) });
  if (!needsLocalPass(alert, index)) return { scored: 0, matches: await countAlertMatches(db, alertId) };
  const learned = (await findActiveLearnedItems(db, [alertId])).get(alertId);
  const fedBack = (await findFedBackProjects(db, scorer, [alertId])).get(alertId);
  const pass = scoreAlertLocally(alert, index, scorer, learningOf(learned, fedBack), await currentLearnedAssociations(db, { relearn: false }));
  await saveLocalPass(db, pass);
  return { scored: pass.considered, matches: await countAlertMatches(db, alertId) };
}
