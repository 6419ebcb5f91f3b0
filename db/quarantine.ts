import type { Knex } from 'knex';

export type QuarantineStage = 'fetch' | 'normalize';

export interface QuarantineEntry {
  publicationId: string;
  reason: string;
  raw: unknown;
  source?: string;
}

/** A record that failed validation: kept with its reason and raw JSON, replaced if it fails again. */
export async function quarantineRecords(db: Knex, stage: QuarantineStage, entries: QuarantineEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db('quarantine')
    .insert(
      entries.map((entry) => ({
        stage,
        source: entry.source ?? 'simap',
        publicationId: entry.publicationId,
        reason: entry.reason,
        raw: JSON.stringify(entry.raw ?? null),
      })),
    )
    .onConflict(['stage', 'publicationId'])
    .merge(['reason', 'raw', 'createdAt']);
}

export async function releaseFromQuarantine(db: Knex, stage: QuarantineStage, publicationIds?: string[]): Promise<void> {
  const query = db('quarantine').where({ stage });
  if (publicationIds) {
    if (publicationIds.length === 0) return;
    query.whereIn('publicationId', publicationIds);
  }
  await query.delete();
}

/** Which of these publications a stage has quarantined. */
export async function findQuarantinedIds(db: Knex, stage: QuarantineStage, publicationIds: string[]): Promise<Set<string>> {
  if (publicationIds.length === 0) return new Set();
  const rows: Array<{ publicationId: string }> = await db('quarantine').where({ stage }).whereIn('publicationId', publicationIds).select('publicationId');
  return new Set(rows.map((row) => row.publicationId));
}

export interface QuarantineRow {
  id: number;
  stage: QuarantineStage;
  publicationId: string;
  reason: string;
  createdAt: Date;
}

export async function findQuarantine(db: Knex, options: { stage?: QuarantineStage; publicationIds?: string[]; limit: number }): Promise<QuarantineRow[]> {
  const query = db('quarantine')
    .select('id', 'stage', 'publicationId', 'reason', 'createdAt')
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(options.limit);
  if (options.stage) query.where({ stage: options.stage });
  if (options.publicationIds) query.whereIn('publicationId', options.publicationIds);
  return query;
}

export interface ReleasedQuarantine {
  /** Normalize will apply these raw publications again. */
  normalize: string[];
  /** Back on the fetch retry list, their details asked again. */
  refetch: string[];
  /** Search entries that were not valid: simap lists them again in a later search, or never. */
  dropped: string[];
}

/**
 * Takes records out of quarantine to be processed again: normalize rejects are re-applied by the next normalize,
 * publications whose details failed go back on the retry list with their tries reset.
 */
export async function releaseQuarantine(db: Knex, publicationIds?: string[]): Promise<ReleasedQuarantine> {
  return db.transaction(async (trx) => {
    const query = trx('quarantine').select('id', 'stage', 'publicationId', 'raw').forUpdate();
    if (publicationIds) query.whereIn('publicationId', publicationIds);
    const rows: Array<{
      id: number;
      stage: QuarantineStage;
      publicationId: string;
      raw: { searchEntry?: unknown; projectId?: unknown; pubType?: unknown; publicationDate?: unknown } | null;
    }> = await query;
    const released: ReleasedQuarantine = { normalize: [], refetch: [], dropped: [] };
    for (const row of rows) {
      if (row.stage === 'normalize') released.normalize.push(row.publicationId);
      else if (typeof row.raw?.projectId === 'string') {
        const { pubType, publicationDate } = row.raw;
        await trx('publication_retries')
          .insert({
            publicationId: row.publicationId,
            projectId: row.raw.projectId,
            pubType: typeof pubType === 'string' ? pubType : null,
            publicationDate: typeof publicationDate === 'string' ? publicationDate : null,
            searchEntry: JSON.stringify(row.raw.searchEntry ?? null),
            attempts: 0,
            lastError: 'released from quarantine',
          })
          .onConflict('publicationId')
          .merge({ attempts: 0, lastError: 'released from quarantine' });
        released.refetch.push(row.publicationId);
      } else released.dropped.push(row.publicationId);
    }
    if (rows.length > 0)
      await trx('quarantine')
        .whereIn(
          'id',
          rows.map((r) => r.id),
        )
        .delete();
    return released;
  });
}
