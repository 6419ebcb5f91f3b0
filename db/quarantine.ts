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
