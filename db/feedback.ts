import type { Knex } from 'knex';

export type Verdict = 'relevant' | 'not_relevant';

export interface FeedbackRow {
  alertId: number;
  projectId: number;
  verdict: Verdict;
  updatedAt: Date;
}

/** Text of a project that received feedback, as learning reads it. */
export interface FeedbackProject {
  projectId: number;
  verdict: Verdict;
  language: string | null;
  title: string;
  description: string;
  cpvCodes: string[];
}

/** Records or changes the verdict; undefined when the alert is not the user's. */
export async function setFeedback(db: Knex, userId: number, alertId: number, projectId: number, verdict: Verdict): Promise<FeedbackRow | undefined> {
  return db.transaction(async (trx) => {
    const owned = await trx('alerts').where({ id: alertId, userId }).first('id');
    if (!owned) return undefined;
    const [row] = await trx('alertFeedback')
      .insert({ alertId, projectId, verdict })
      .onConflict(['alert_id', 'project_id'])
      .merge({ verdict, updatedAt: trx.fn.now() })
      .returning(['alertId', 'projectId', 'verdict', 'updatedAt']);
    return row as FeedbackRow;
  });
}

/** Removes the verdict; false when there was none on an alert of this user. */
export async function deleteFeedback(db: Knex, userId: number, alertId: number, projectId: number): Promise<boolean> {
  const deleted = await db('alertFeedback')
    .where({ alertId, projectId })
    .whereIn('alertId', db('alerts').select('id').where({ userId }))
    .delete()
    .returning('id');
  return deleted.length > 0;
}

/** The alert's verdicts on these projects (the match list shows them). */
export async function findFeedbackForAlert(db: Knex, alertId: number, projectIds?: number[]): Promise<Map<number, Verdict>> {
  const query = db('alertFeedback').where({ alertId }).select('projectId', 'verdict');
  if (projectIds) query.whereIn('projectId', projectIds);
  const rows: Array<{ projectId: number; verdict: Verdict }> = await query;
  return new Map(rows.map((row) => [row.projectId, row.verdict]));
}

/** The user's verdicts on one project, per alert (the project detail shows them). */
export async function findFeedbackForProject(db: Knex, userId: number, projectId: number): Promise<Map<number, Verdict>> {
  const rows: Array<{ alertId: number; verdict: Verdict }> = await db('alertFeedback as f')
    .join('alerts as a', 'a.id', 'f.alertId')
    .where({ 'a.userId': userId, 'f.projectId': projectId })
    .select('f.alertId', 'f.verdict');
  return new Map(rows.map((row) => [row.alertId, row.verdict]));
}

/** The projects the alert received feedback on, with the text learning reads. */
export async function findFeedbackProjects(db: Knex, alertId: number): Promise<FeedbackProject[]> {
  const rows = await db('alertFeedback as f')
    .join('projects as p', 'p.id', 'f.projectId')
    .where('f.alertId', alertId)
    .orderBy('f.id')
    .select('f.projectId', 'f.verdict', 'p.creationLanguage as language', 'p.title', 'p.description', 'p.cpvCodes');
  return rows as FeedbackProject[];
}

/** How many projects the alert has 👍 / 👎 on (the alert page says that projects resembling them move). */
export async function countVerdicts(db: Knex, alertId: number): Promise<{ liked: number; disliked: number }> {
  const rows: Array<{ verdict: Verdict; count: string | number }> = await db('alertFeedback')
    .where({ alertId })
    .groupBy('verdict')
    .select('verdict')
    .count('* as count');
  const of = (verdict: Verdict) => Number(rows.find((row) => row.verdict === verdict)?.count ?? 0);
  return { liked: of('relevant'), disliked: of('not_relevant') };
}

/** The verdicts of many alerts at once (the score stage reads the fed-back projects of every due alert). */
export async function findVerdictsOfAlerts(db: Knex, alertIds: readonly number[]): Promise<Array<{ alertId: number; projectId: number; verdict: Verdict }>> {
  if (alertIds.length === 0) return [];
  return db('alertFeedback')
    .whereIn('alertId', [...alertIds])
    .orderBy('id')
    .select('alertId', 'projectId', 'verdict');
}
