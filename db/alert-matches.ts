import type { Knex } from 'knex';
import { PROJECT_SCORING_COLUMNS, type ProjectContent } from './alerts-scoring.ts';

export interface MatchToStore {
  projectId: number;
  score: number;
  explanation: string;
  contentSeq: number;
}

export interface MatchAwaitingLlm {
  projectId: number;
  contentSeq: number;
  score: number;
  project: ProjectContent;
}

export type LlmScoreOutcome = 'updated' | 'deleted' | 'stale';

// Parallel arrays bind as five parameters, whatever the number of rows, and unnest parses faster than JSON:
// one statement per alert, as fast here as COPY, and it runs the same on PGlite. An alert's explanations
// repeat (the same words, the same code): each distinct one is sent once and referred to by its position.
const INSERT_LOCAL_MATCHES = `insert into alert_matches (alert_id, project_id, score, explanation, scorer, content_seq)
  select ?, m.project_id, m.score, e.explanation, 'local', m.content_seq
    from unnest(?::int[], ?::smallint[], ?::int[], ?::bigint[]) as m(project_id, score, explanation_at, content_seq)
    join unnest(?::text[]) with ordinality as e(explanation, at) on e.at = m.explanation_at
    join projects p on p.id = m.project_id`;

function bindings(alertId: number, matches: readonly MatchToStore[]) {
  const explanations: string[] = [];
  const positions = new Map<string, number>();
  const at = matches.map((m) => {
    let position = positions.get(m.explanation);
    if (position === undefined) positions.set(m.explanation, (position = explanations.push(m.explanation)));
    return position;
  });
  return [alertId, matches.map((m) => m.projectId), matches.map((m) => m.score), at, matches.map((m) => m.contentSeq), explanations];
}

/** Writes local scores; a pair for a project deleted meanwhile is skipped rather than failing the batch. */
export async function saveLocalMatches(db: Knex, alertId: number, matches: MatchToStore[]): Promise<number> {
  if (matches.length === 0) return 0;
  const result = await db.raw(
    `${INSERT_LOCAL_MATCHES}
     on conflict (alert_id, project_id) do update
       set score = excluded.score, explanation = excluded.explanation, scorer = excluded.scorer,
           content_seq = excluded.content_seq, updated_at = now()`,
    bindings(alertId, matches),
  );
  return (result as { rowCount: number }).rowCount;
}

/**
 * A pass over every project (a new or edited prompt): the alert's pairs are replaced as a whole, which
 * spares the per-row conflict check of `saveLocalMatches`. Returns how many rows went in and how many
 * earlier pairs are gone (not stored again).
 */
export async function replaceLocalMatches(db: Knex, alertId: number, matches: MatchToStore[]): Promise<{ stored: number; deleted: number }> {
  const removed: Array<{ projectId: number }> = await db('alertMatches').where({ alertId }).delete().returning('projectId');
  const kept = new Set(matches.map((m) => m.projectId));
  const deleted = removed.filter((row) => !kept.has(row.projectId)).length;
  if (matches.length === 0) return { stored: 0, deleted };
  // Counted from `returning` rather than the driver's row count, which PGlite misreports for some statements.
  const inserted = await db.raw(`${INSERT_LOCAL_MATCHES} returning 1`, bindings(alertId, matches));
  return { stored: (inserted as { rows: unknown[] }).rows.length, deleted };
}

/** Deletes the alert's pairs with projects whose content_seq is in (afterSeq, upToSeq] and that the pass did not keep. */
export async function deleteUnkeptMatches(db: Knex, alertId: number, range: { afterSeq: number; upToSeq: number; keep: number[] }): Promise<number> {
  const result = await db.raw(
    `delete from alert_matches m using projects p
      where m.alert_id = ? and p.id = m.project_id and p.content_seq > ? and p.content_seq <= ?
        and m.project_id not in (select value::int from jsonb_array_elements_text(?::jsonb))
      returning m.id`,
    [alertId, range.afterSeq, range.upToSeq, JSON.stringify(range.keep)],
  );
  return (result as { rows: unknown[] }).rows.length;
}

/** Locally scored pairs at or above `minScore`, with the project text the LLM reads. */
export async function findMatchesAwaitingLlm(db: Knex, alertId: number, minScore: number): Promise<MatchAwaitingLlm[]> {
  const rows = await db('alertMatches as m')
    .join('projects as p', 'p.id', 'm.projectId')
    .where({ 'm.alertId': alertId, 'm.scorer': 'local' })
    .where('m.score', '>=', minScore)
    .select('m.contentSeq as matchContentSeq', 'm.score as localScore', ...PROJECT_SCORING_COLUMNS.map((c) => `p.${c}`))
    .orderBy('m.score', 'desc');
  return rows.map((row: ProjectContent & { matchContentSeq: number; localScore: number }) => {
    const { matchContentSeq, localScore, ...project } = row;
    return { projectId: project.id, contentSeq: Number(matchContentSeq), score: localScore, project: { ...project, contentSeq: Number(project.contentSeq) } };
  });
}

/**
 * Replaces a local score by the LLM's, or deletes the pair when it falls below the floor — only if the
 * pair is still the one that was sent (same prompt, same project content, still local); otherwise 'stale'.
 */
export async function applyLlmScore(
  db: Knex,
  pair: { alertId: number; projectId: number; contentSeq: number; promptHash: string },
  result: { score: number; explanation: string; scorer: string; floor: number },
): Promise<LlmScoreOutcome> {
  const current = db('alertMatches')
    .where({ alertId: pair.alertId, projectId: pair.projectId, contentSeq: pair.contentSeq, scorer: 'local' })
    .whereExists(db('alerts').select(db.raw('1')).where({ id: pair.alertId, promptHash: pair.promptHash }));
  // Counted from `returning` rather than the driver's row count, which PGlite misreports for deletes.
  if (result.score < result.floor) return (await current.delete().returning('id')).length > 0 ? 'deleted' : 'stale';
  const updated = await current.update({ score: result.score, explanation: result.explanation, scorer: result.scorer, updatedAt: db.fn.now() }).returning('id');
  return updated.length > 0 ? 'updated' : 'stale';
}

export async function countAlertMatches(db: Knex, alertId: number): Promise<number> {
  const row = (await db('alertMatches').where({ alertId }).count({ count: '*' }).first()) as { count: number | string };
  return Number(row.count);
}

export async function findAlertIdsAwaitingLlm(db: Knex, minScore: number): Promise<number[]> {
  const rows: Array<{ alertId: number }> = await db('alertMatches').distinct('alertId').where({ scorer: 'local' }).where('score', '>=', minScore);
  return rows.map((row) => row.alertId);
}

/** The alert's k-th best stored score (any scorer), or null when it has fewer than k pairs. */
export async function findScoreAtRank(db: Knex, alertId: number, rank: number): Promise<number | null> {
  if (rank < 1) return null;
  const row: { score: number } | undefined = await db('alertMatches')
    .where({ alertId })
    .orderBy('score', 'desc')
    .offset(rank - 1)
    .first('score');
  return row ? Number(row.score) : null;
}
