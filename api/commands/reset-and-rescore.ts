import { findActiveAlertsToScore } from '../../db/alerts-scoring.ts';
import type { ApiDeps } from '../api-deps.ts';

export interface ResetOutcome {
  projectsCount: number;
  alertsRescored: number;
  matches: number;
}

/**
 * Rebuilds the projects, then scores every active alert again in the same job: the reset deletes every match,
 * and subscribers must not see zero matches until the next pipeline round.
 */
export async function resetAndRescore(deps: Pick<ApiDeps, 'db' | 'pipeline' | 'projectCounts' | 'projectPages'>): Promise<ResetOutcome> {
  const { db, pipeline } = deps;
  const { projectsCount } = await pipeline.resetProjects(db.knex);
  deps.projectCounts.clear();
  deps.projectPages.clear();
  let matches = 0;
  const alerts = await findActiveAlertsToScore(db.knex);
  for (const alert of alerts) matches += (await pipeline.scoreAlertNow(db.knex, alert.id)).matches;
  return { projectsCount, alertsRescored: alerts.length, matches };
}
