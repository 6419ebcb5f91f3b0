import type { Knex } from 'knex';
import type { ProjectChangeKind } from '../domain/project-changes.ts';
import { PROJECT_HEADLINE_COLUMNS, type ProjectTitles } from './project-titles.ts';

export interface ProjectChange {
  kind: ProjectChangeKind;
  publicationId: string;
  date: string | null;
}

export interface WatchedProjectRow extends ProjectTitles {
  id: number;
  simapProjectId: string;
  organization: string | null;
  deadline: Date | null;
  status: string;
  watchedAt: Date;
  changes: ProjectChange[];
}

/** The publication types and flags that change a watched project's situation, as SQL over `project_publications pp`. */
export const CHANGE_KIND_SQL = `case when pp.pub_type in ('award', 'direct_award') then 'awarded'
  when pp.pub_type = 'revocation' then 'revoked'
  when pp.pub_type = 'abandonment' then 'abandoned'
  when pp.corrected then 'corrected' end`;

export async function addToWatchlist(db: Knex, userId: number, projectId: number): Promise<boolean> {
  const inserted = await db('watchlist').insert({ userId, projectId }).onConflict(['user_id', 'project_id']).ignore().returning('id');
  return inserted.length > 0;
}

export async function removeFromWatchlist(db: Knex, userId: number, projectId: number): Promise<boolean> {
  return (await db('watchlist').where({ userId, projectId }).delete().returning('id')).length > 0;
}

/** The user's watched projects, soonest offer deadline first (none last), each with its corrections, award or cancellation. */
export async function findWatchlist(db: Knex, userId: number): Promise<WatchedProjectRow[]> {
  const rows = await db('watchlist as w')
    .join('projects as p', 'p.id', 'w.projectId')
    .where('w.userId', userId)
    .select(
      'p.id',
      ...PROJECT_HEADLINE_COLUMNS,
      'p.status',
      'w.createdAt as watchedAt',
      db.raw(
        `coalesce((select json_agg(json_build_object('kind', c.kind, 'publicationId', c.publication_id, 'date', c.publication_date) order by c.publication_date, c.id)
           from (select pp.id, pp.publication_id, pp.publication_date::text as publication_date, ${CHANGE_KIND_SQL} as kind
                   from project_publications pp where pp.project_id = p.id) c
          where c.kind is not null), '[]'::json) as changes`,
      ),
    )
    .orderByRaw('p.deadline asc nulls last, p.id');
  return rows as WatchedProjectRow[];
}
