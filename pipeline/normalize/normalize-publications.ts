import type { Knex } from 'knex';
import { findRawPublicationsToNormalize } from '../../db/raw-publications.ts';
import { emptyNormalizeCounts, normalizeBatch, type NormalizeCounts } from './normalize-batch.ts';

export const NORMALIZE_BATCH_SIZE = 500;

export interface NormalizeOptions {
  /** Re-apply every raw row, not only those not yet reflected in projects or quarantine. */
  all?: boolean;
  batchSize?: number;
  signal?: AbortSignal;
  onBatch?: (counts: NormalizeCounts) => void;
}

/** raw_publications → projects, in `seq` order, one transaction per batch so a crash loses at most the batch in flight. */
export async function normalizePublications(db: Knex, options: NormalizeOptions = {}): Promise<NormalizeCounts> {
  const total = emptyNormalizeCounts();
  const load = (afterSeq: number) =>
    findRawPublicationsToNormalize(db, { afterSeq, limit: options.batchSize ?? NORMALIZE_BATCH_SIZE, all: options.all ?? false });
  // The next batch is read while this one is written: rows after the last seq do not depend on this batch.
  let next = load(0);
  try {
    for (;;) {
      options.signal?.throwIfAborted();
      const rows = await next;
      if (rows.length === 0) break;
      next = load(Number(rows[rows.length - 1]!.seq));
      const counts = await db.transaction((trx) => normalizeBatch(trx, rows));
      for (const key of Object.keys(total) as Array<keyof NormalizeCounts>) total[key] += counts[key];
      options.onBatch?.(total);
    }
  } finally {
    next.catch(() => {});
  }
  return total;
}
