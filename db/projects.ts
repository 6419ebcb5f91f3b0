import type { Knex } from 'knex';
import { toSnake } from './case-mapping.ts';
import type { ProjectMetadata, ProjectRecord } from './project-record.ts';

export interface ProjectPublicationInsert {
  projectId: number;
  publicationId: string;
  pubType: string;
  publicationDate: string;
  corrected: boolean;
  lotNumber: string | null;
}

/** Our integer ids for simap project ids, created on first sight; `project_keys` outlives resets, so ids are stable. */
export async function ensureProjectKeys(db: Knex, projectIds: string[], source = 'simap'): Promise<Map<string, number>> {
  const unique = [...new Set(projectIds)].sort();
  if (unique.length === 0) return new Map();
  await db('project_keys')
    .insert(unique.map((projectId) => ({ source, projectId })))
    .onConflict(['source', 'projectId'])
    .ignore();
  const rows: Array<{ id: number; projectId: string }> = await db('project_keys').where({ source }).whereIn('projectId', unique).select('id', 'projectId');
  return new Map(rows.map((row) => [row.projectId, row.id]));
}

const RECORD_COLUMNS = [
  'id',
  'source',
  'projectId',
  'title',
  'titleFr',
  'titleDe',
  'titleIt',
  'titleEn',
  'description',
  'content',
  'organization',
  'location',
  'canton',
  'postalCode',
  'city',
  'category',
  'cpvCodes',
  'status',
  'pubType',
  'processType',
  'projectNumber',
  'publicationNumber',
  'creationLanguage',
  'corrected',
  'awardVendors',
  'publishedAt',
  'lastPublicationAt',
  'deadline',
  'budget',
  'budgetCurrency',
  'url',
  'metadata',
] as const;

// Postgres allows 65,535 bind parameters per statement; a project row takes 33.
const UPSERT_CHUNK = 1000;

const iso = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(value as string | Date).toISOString());

function toRecord(row: Record<string, unknown>): ProjectRecord & { contentSeq: number } {
  const metadata = (row.metadata ?? {}) as Partial<ProjectMetadata>;
  return {
    ...(row as unknown as ProjectRecord),
    cpvCodes: (row.cpvCodes as string[] | null) ?? [],
    publishedAt: iso(row.publishedAt)!,
    lastPublicationAt: iso(row.lastPublicationAt)!,
    deadline: iso(row.deadline),
    budget: row.budget === null || row.budget === undefined ? null : Number(row.budget),
    metadata: {
      url: metadata.url ?? String(row.url ?? ''),
      projectSubType: metadata.projectSubType ?? null,
      lotsType: metadata.lotsType ?? null,
      latestPublicationId: metadata.latestPublicationId ?? '',
      latestPublicationDate: metadata.latestPublicationDate ?? '',
      latestPublicationNumber: metadata.latestPublicationNumber ?? null,
      cpvLabels: metadata.cpvLabels ?? {},
      lots: metadata.lots ?? {},
      notes: metadata.notes ?? [],
      projectDescription: metadata.projectDescription ?? String(row.description ?? ''),
    },
    contentSeq: Number(row.contentSeq),
  };
}

export async function findProjectRecords(db: Knex, ids: number[]): Promise<Map<number, ProjectRecord & { contentSeq: number }>> {
  if (ids.length === 0) return new Map();
  const rows: Array<Record<string, unknown>> = await db('projects')
    .whereIn('id', ids)
    .select([...RECORD_COLUMNS, 'contentSeq']);
  return new Map(rows.map((row) => [row.id as number, toRecord(row)]));
}

export async function reserveContentSeqs(db: Knex, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await db.raw(`select nextval('project_content_seq') as seq from generate_series(1, ?)`, [count]);
  return (rows as Array<{ seq: string | number }>).map((row) => Number(row.seq));
}

/** Inserts or replaces whole project rows in one statement. */
export async function upsertProjects(db: Knex, records: Array<ProjectRecord & { contentSeq: number }>): Promise<void> {
  if (records.length === 0) return;
  const rows = records.map((record) => ({
    ...Object.fromEntries(RECORD_COLUMNS.map((column) => [column, record[column]])),
    awardVendors: record.awardVendors === null ? null : JSON.stringify(record.awardVendors),
    metadata: JSON.stringify(record.metadata),
    contentSeq: record.contentSeq,
  }));
  const updated = [...RECORD_COLUMNS.filter((column) => column !== 'id'), 'contentSeq'];
  const merge = Object.fromEntries([...updated.map((column) => [column, db.raw('excluded.??', [toSnake(column)])]), ['updatedAt', db.fn.now()]]);
  for (let start = 0; start < rows.length; start += UPSERT_CHUNK) {
    await db('projects')
      .insert(rows.slice(start, start + UPSERT_CHUNK))
      .onConflict('id')
      .merge(merge);
  }
}

export async function insertProjectPublications(db: Knex, rows: ProjectPublicationInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await db('project_publications').insert(rows).onConflict('publicationId').ignore();
}
