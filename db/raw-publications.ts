import type { Knex } from 'knex';

export interface RawPublicationInsert {
  publicationId: string;
  source?: string;
  projectId: string;
  pubType: string | null;
  publicationDate: string | null;
  /** The project-search entry, verbatim. */
  searchEntry: unknown;
  /** The publication-details answer, verbatim. */
  details: unknown;
}

export interface RawPublicationRow {
  seq: number;
  publicationId: string;
  source: string;
  projectId: string;
  searchEntry: unknown;
  details: unknown;
}

export async function findStoredPublicationIds(db: Knex, publicationIds: string[]): Promise<Set<string>> {
  if (publicationIds.length === 0) return new Set();
  const rows: Array<{ publicationId: string }> = await db('raw_publications').whereIn('publicationId', publicationIds).select('publicationId');
  return new Set(rows.map((row) => row.publicationId));
}

/** Idempotent: a publication already stored keeps its first copy (and its `seq`). Returns how many rows were new. */
export async function insertRawPublications(db: Knex, rows: RawPublicationInsert[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db('raw_publications')
    .insert(
      rows.map((row) => ({
        publicationId: row.publicationId,
        source: row.source ?? 'simap',
        projectId: row.projectId,
        pubType: row.pubType,
        publicationDate: row.publicationDate,
        searchEntry: JSON.stringify(row.searchEntry),
        details: row.details === null ? null : JSON.stringify(row.details),
      })),
    )
    .onConflict('publicationId')
    .ignore()
    .returning('publicationId');
  return inserted.length;
}

/**
 * Raw rows in `seq` order after `afterSeq`. Incremental mode skips rows already reflected in
 * `project_publications` or quarantined by normalize.
 */
export async function findRawPublicationsToNormalize(db: Knex, options: { afterSeq: number; limit: number; all: boolean }): Promise<RawPublicationRow[]> {
  const query = db('raw_publications as r')
    .select('r.seq', 'r.publicationId', 'r.source', 'r.projectId', 'r.searchEntry', 'r.details')
    .where('r.seq', '>', options.afterSeq)
    .orderBy('r.seq')
    .limit(options.limit);
  if (!options.all) {
    query
      .whereNotExists(db('project_publications as pp').select(db.raw('1')).whereRaw('pp.publication_id = r.publication_id'))
      .whereNotExists(db('quarantine as q').select(db.raw('1')).where('q.stage', 'normalize').whereRaw('q.publication_id = r.publication_id'));
  }
  return query;
}
