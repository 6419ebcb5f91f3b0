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
 * How long a request waits for the project index after a start (the warm-up indexes 100,000 projects in
 * tens of seconds): longer, it scores with the projects indexed so far and the alert's watermark moves
 * only that far, so the next pass scores the rest. The scorer's own tables are derived off the event loop.
 */
export const INDEX_WAIT_MS = 10_000;

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
  const scorer = options.scorer ?? (await warmSharedLocalScorer());
  const index = await refreshProjectIndex(db, scorer, { waitMs: options.indexWaitMs ?? INDEX_WAIT_MS });
  if (!needsLocalPass(alert, index)) return { scored: 0, matches: await countAlertMatches(db, alertId) };
  const learned = (await findActiveLearnedItems(db, [alertId])).get(alertId);
  const fedBack = (await findFedBackProjects(db, scorer, [alertId])).get(alertId);
  const pass = scoreAlertLocally(alert, index, scorer, learningOf(learned, fedBack), await currentLearnedAssociations(db, { relearn: false }));
  await saveLocalPass(db, pass);
  return { scored: pass.considered, matches: await countAlertMatches(db, alertId) };
}
