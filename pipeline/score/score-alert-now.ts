import type { Knex } from 'knex';
import { findActiveLearnedItems } from '../../db/alert-learning.ts';
import { countAlertMatches } from '../../db/alert-matches.ts';
import { toAlertLearning } from '../feedback/learn-from-feedback.ts';
import { getAlertToScore } from '../../db/alerts-scoring.ts';
import type { LocalScorer } from '../scoring/local-scorer.ts';
import { refreshProjectIndex } from './project-index.ts';
import { saveLocalPass } from './save-local-pass.ts';
import { needsLocalPass, scoreAlertLocally } from './score-alert-locally.ts';
import { getSharedLocalScorer } from './shared-local-scorer.ts';

/**
 * Scores one alert with the local scorer inside a request (create, edit, process-now). `scored` counts the
 * projects considered; `matches` the alert's stored pairs (≥ SCORE_FLOOR) afterwards. The LLM watermark
 * is left alone, so the next score run re-scores the new pairs with the LLM.
 */
export async function scoreAlertNow(db: Knex, alertId: number, options: { scorer?: LocalScorer } = {}): Promise<{ scored: number; matches: number }> {
  const alert = await getAlertToScore(db, alertId);
  if (!alert || !alert.isActive) return { scored: 0, matches: alert ? await countAlertMatches(db, alertId) : 0 };
  const scorer = options.scorer ?? getSharedLocalScorer();
  const index = await refreshProjectIndex(db, scorer);
  if (!needsLocalPass(alert, index)) return { scored: 0, matches: await countAlertMatches(db, alertId) };
  const learned = (await findActiveLearnedItems(db, [alertId])).get(alertId);
  const pass = scoreAlertLocally(alert, index, scorer, learned && toAlertLearning(learned));
  await saveLocalPass(db, pass);
  return { scored: pass.considered, matches: await countAlertMatches(db, alertId) };
}
