import type { Knex } from 'knex';
import { preparedRaw } from './prepared.ts';

export type ProjectSort = 'newest' | 'title' | 'organization';

export interface ProjectListRow {
  id: number;
  projectId: string;
  title: string;
  titleFr: string | null;
  titleDe: string | null;
  titleIt: string | null;
  titleEn: string | null;
  summaryFr: string | null;
  summaryDe: string | null;
  summaryIt: string | null;
  summaryEn: string | null;
  organization: string | null;
  location: string | null;
  category: string | null;
  description: string;
  publishedAt: Date | null;
  deadline: Date | null;
  budget: number | null;
  url: string | null;
  metadata: Record<string, unknown>;
  matchScore: number | null;
  matchCount: number;
}

export interface ProjectDetailRow extends ProjectListRow {
  content: string;
}

export interface ProjectFilter {
  q?: string;
  category?: string;
}

export interface ProjectMatchRow {
  id: number;
  score: number;
  explanation: string;
  alertId: number;
  alertPrompt: string;
}

export interface AlertMatchRow {
  id: number;
  score: number;
  explanation: string;
  projectId: number;
}

const ORDER: Record<ProjectSort, string> = {
  newest: 'p.published_at desc nulls last, p.id desc',
  title: 'lower(p.title), p.id',
  organization: 'lower(p.organization), p.id',
};

const LIST_COLUMNS = `p.id, p.project_id, p.title, p.title_fr, p.title_de, p.title_it, p.title_en, p.organization, p.location,
  p.category, p.description, p.published_at, p.deadline, p.budget, p.url, p.metadata`;

export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterSql(filter: ProjectFilter): { sql: string; bindings: Knex.Value[] } {
  const clauses: string[] = [];
  const bindings: Knex.Value[] = [];
  if (filter.q) {
    clauses.push(`p.search_text ilike ?`);
    bindings.push(likePattern(filter.q));
  }
  if (filter.category) {
    clauses.push('p.category = ?');
    bindings.push(filter.category);
  }
  return { sql: clauses.length > 0 ? `where ${clauses.join(' and ')}` : '', bindings };
}

/** The summaries of the page's projects in the four languages, one row per project (a CTE after `page`). */
const PAGE_SUMMARIES = `summaries as (
      select s.project_id,
        max(s.text) filter (where s.language = 'fr') as summary_fr, max(s.text) filter (where s.language = 'de') as summary_de,
        max(s.text) filter (where s.language = 'it') as summary_it, max(s.text) filter (where s.language = 'en') as summary_en
      from project_summaries s where s.project_id in (select id from page)
      group by s.project_id
    )`;

/**
 * One statement per page: the page comes from the sort index, then only the page's ids are joined with the
 * user's active alerts' matches and with the summaries, so the cost does not grow with the table.
 */
function pageSql(where: string, order: string, tail: string): string {
  return `with page as (
      select ${LIST_COLUMNS}${tail === 'detail' ? ', p.content' : ''} from projects p ${where} order by ${order} limit ? offset ?
    ),
    scores as (
      select m.project_id, max(m.score)::int as match_score, (count(*) filter (where m.score >= ?))::int as match_count
      from alert_matches m join alerts a on a.id = m.alert_id
      where a.user_id = ? and a.is_active and m.project_id in (select id from page)
      group by m.project_id
    ),
    ${PAGE_SUMMARIES}
    select p.*, s.summary_fr, s.summary_de, s.summary_it, s.summary_en, sc.match_score, coalesce(sc.match_count, 0) as match_count
    from page p left join scores sc on sc.project_id = p.id left join summaries s on s.project_id = p.id
    order by ${order}`;
}

/** The characters `encodeURIComponent` leaves as they are. */
const URI_SAFE = `[A-Za-z0-9_.!~*''()-]`;

/** `encodeURIComponent(column)` in SQL: each other character as its UTF-8 bytes, %XX in capitals. */
function encodeUriComponentSql(column: string): string {
  return `case when ${column} ~ '^${URI_SAFE}*$' then ${column} else (
      select string_agg(case when c ~ '^${URI_SAFE}$' then c else regexp_replace(upper(encode(convert_to(c, 'UTF8'), 'hex')), '(..)', '%\\1', 'g') end, '' order by n)
      from regexp_split_to_table(${column}, '') with ordinality as chars(c, n)
    ) end`;
}

/** `Date#toJSON` in SQL: UTC, milliseconds, `Z`. */
const isoSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One statement per page of projects, without the user's scores: the page comes from the sort index, then only
 * the page's ids are joined with the summaries, so the cost does not grow with the table.
 */
function pageItemsSql(where: string, order: string): string {
  return `with page as (
      select ${LIST_COLUMNS} from projects p ${where} order by ${order} limit ? offset ?
    ),
    ${PAGE_SUMMARIES}
    select p.*, s.summary_fr, s.summary_de, s.summary_it, s.summary_en
    from page p left join summaries s on s.project_id = p.id
    order by ${order}`;
}

/**
 * Each project of a page as the API answers it (api/presenters/project.ts `presentProject`) but for the user's
 * `matchScore` and `matchCount`, built by Postgres as JSON text: the server adds those two and sends it, with no
 * row parsing, no camelCase keys and no JSON.stringify in Node. `metadata` is the notice's metadata with its
 * `url` (the project's own, else the metadata's, else the simap page at `simapUrlPrefix` + the encoded project
 * id), as JSON text (jsonb's spacing and key order).
 */
function pageItemsJsonSql(where: string, order: string): string {
  const url = `coalesce(p.url, case when jsonb_typeof(p.metadata->'url') = 'string' then p.metadata->>'url' end, ?::text || ${encodeUriComponentSql('p.project_id')})`;
  const item = `json_build_object('id', p.id, 'projectId', p.project_id, 'title', p.title,
      'titleFr', p.title_fr, 'titleDe', p.title_de, 'titleIt', p.title_it, 'titleEn', p.title_en,
      'summaryFr', p.summary_fr, 'summaryDe', p.summary_de, 'summaryIt', p.summary_it, 'summaryEn', p.summary_en,
      'organization', p.organization, 'location', p.location, 'category', p.category, 'description', p.description,
      'publishedAt', ${isoSql('p.published_at')}, 'deadline', ${isoSql('p.deadline')}, 'budget', p.budget::float8,
      'metadata', (p.metadata || jsonb_build_object('url', ${url}))::text)`;
  return `select p.id, ${item}::text as json from (${pageItemsSql(where, order)}) p order by ${order}`;
}

/** The text of the page's statement by sort and filter shape, written once (the same string each time). */
const pageItemsSqlByShape = new Map<string, string>();

export type ProjectPageQuery = ProjectFilter & { limit: number; offset: number; sort: ProjectSort };

/** One project of a page: its id and its JSON object without the user's two fields (see `pageItemsJsonSql`). */
export interface ProjectPageItem {
  id: number;
  json: string;
}

/** The statement of `findProjectPageItems` (the bench prints its plan). */
export function projectPageItemsSql(query: ProjectPageQuery, simapUrlPrefix: string): { sql: string; bindings: Knex.Value[] } {
  const filter = filterSql(query);
  const shape = `${query.sort} ${filter.sql}`;
  let sql = pageItemsSqlByShape.get(shape);
  if (sql === undefined) pageItemsSqlByShape.set(shape, (sql = pageItemsJsonSql(filter.sql, ORDER[query.sort])));
  return { sql, bindings: [simapUrlPrefix, ...filter.bindings, query.limit, query.offset] };
}

/** A page of `/api/projects`, the same for every user (the user's scores come from `findPageScores`). */
export async function findProjectPageItems(db: Knex, query: ProjectPageQuery, simapUrlPrefix: string): Promise<ProjectPageItem[]> {
  const { sql, bindings } = projectPageItemsSql(query, simapUrlPrefix);
  return (await preparedRaw<{ rows: ProjectPageItem[] }>(db, sql, bindings)).rows;
}

export interface PageScore {
  projectId: number;
  matchScore: number;
  matchCount: number;
}

/** The statement of `findPageScores` (the bench prints its plan). */
export const PAGE_SCORES_SQL = `select m.project_id, max(m.score)::int as match_score, (count(*) filter (where m.score >= ?))::int as match_count
  from alert_matches m join alerts a on a.id = m.alert_id
  where a.user_id = ? and a.is_active and m.project_id = any(?::int[])
  group by m.project_id`;

/** The user's best score over their active alerts, and how many of them match, for the projects that have a score. */
export async function findPageScores(db: Knex, userId: number, projectIds: number[], matchThreshold: number): Promise<PageScore[]> {
  if (projectIds.length === 0) return [];
  return (await preparedRaw<{ rows: PageScore[] }>(db, PAGE_SCORES_SQL, [matchThreshold, userId, projectIds])).rows;
}

export async function countProjects(db: Knex, filter: ProjectFilter): Promise<number> {
  const where = filterSql(filter);
  const { rows } = await db.raw(`select count(*)::int as count from projects p ${where.sql}`, where.bindings);
  return (rows[0] as { count: number }).count;
}

export async function findProjectDetail(db: Knex, userId: number, id: number, matchThreshold: number): Promise<ProjectDetailRow | undefined> {
  const { rows } = await db.raw(pageSql('where p.id = ?', 'p.id', 'detail'), [id, 1, 0, matchThreshold, userId]);
  return rows[0] as ProjectDetailRow | undefined;
}

export async function projectExists(db: Knex, id: number): Promise<boolean> {
  return (await db('projects').where({ id }).first('id')) !== undefined;
}

export async function findCategories(db: Knex): Promise<string[]> {
  const rows = await db('projects').distinct('category').whereNotNull('category').whereNot('category', '').orderBy('category');
  return rows.map((row: { category: string }) => row.category);
}

/** The user's own alerts' matches for one project, best first. */
export function projectMatchesQuery(db: Knex, userId: number, projectId: number): Knex.QueryBuilder {
  return db('alert_matches as m')
    .join('alerts as a', 'a.id', 'm.alertId')
    .where({ 'a.userId': userId, 'm.projectId': projectId })
    .orderBy([
      { column: 'm.score', order: 'desc' },
      { column: 'm.id', order: 'asc' },
    ])
    .select('m.id', 'm.score', 'm.explanation', 'a.id as alertId', 'a.prompt as alertPrompt');
}

export async function findProjectMatchesForUser(db: Knex, userId: number, projectId: number): Promise<ProjectMatchRow[]> {
  return projectMatchesQuery(db, userId, projectId);
}

export async function findAlertMatches(db: Knex, alertId: number, limit: number): Promise<AlertMatchRow[]> {
  return db('alert_matches as m')
    .where('m.alertId', alertId)
    .limit(limit)
    .orderBy([
      { column: 'm.score', order: 'desc' },
      { column: 'm.id', order: 'asc' },
    ])
    .select('m.id', 'm.score', 'm.explanation', 'm.projectId');
}

/** Project rows as the user sees them (match score over the user's active alerts), for a set of ids. */
export async function findProjectsByIds(db: Knex, userId: number, ids: number[], matchThreshold: number): Promise<ProjectListRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.raw(pageSql('where p.id = any(?)', 'p.id', 'list'), [ids, ids.length, 0, matchThreshold, userId]);
  return rows as ProjectListRow[];
}
