import type { Knex } from 'knex';
import { findProjectsByIds } from '../../db/alerts-scoring.ts';
import { findVerdictsOfAlerts } from '../../db/feedback.ts';
import type { LocalScorer, PreparedProject } from '../scorer/local-scorer.ts';
import { toScorableProject } from '../score/project-text.ts';

export interface FedBackProjects {
  liked: PreparedProject[];
  disliked: PreparedProject[];
}

/**
 * The projects each alert received 👍 / 👎 on, prepared as the project index prepares them: the alert's
 * score rewards resemblance to the liked ones and penalises resemblance to the disliked ones.
 */
export async function findFedBackProjects(db: Knex, scorer: LocalScorer, alertIds: readonly number[]): Promise<Map<number, FedBackProjects>> {
  const verdicts = await findVerdictsOfAlerts(db, alertIds);
  const byAlert = new Map<number, FedBackProjects>();
  if (verdicts.length === 0) return byAlert;
  const rows = await findProjectsByIds(db, [...new Set(verdicts.map((verdict) => verdict.projectId))]);
  const prepared = new Map(rows.map((row) => [row.id, scorer.prepareProject(toScorableProject(row))]));
  for (const { alertId, projectId, verdict } of verdicts) {
    const project = prepared.get(projectId);
    if (!project) continue;
    let entry = byAlert.get(alertId);
    if (!entry) byAlert.set(alertId, (entry = { liked: [], disliked: [] }));
    (verdict === 'relevant' ? entry.liked : entry.disliked).push(project);
  }
  return byAlert;
}
