import type { Knex } from 'knex';
import { normalizeBatch } from './normalize-batch.ts';
import { findRawPublicationsToNormalize } from '../../db/raw-publications.ts';
import { NORMALIZE_BATCH_SIZE } from './normalize-publications.ts';

/**
 * Rebuilds `projects` from `raw_publications` in one transaction. `project_keys` stays, so every project gets its
 * old id back; `sent_emails` stays, so nothing is e-mailed twice.
 */
export async function resetProjects(db: Knex): Promise<{ projectsCount: number }> {
  return db.transaction(async (trx) => {
    await trx('alert_matches').delete();
    await trx('project_summaries').delete();
    await trx('summary_queue').delete();
    await trx('project_publications').delete();
    await trx('projects').delete();
    await trx('quarantine').where({ stage: 'normalize' }).delete();
    let afterSeq = 0;
    for (;;) {
      const rows = await findRawPublicationsToNormalize(trx, { afterSeq, limit: NORMALIZE_BATCH_SIZE, all: true });
      if (rows.length === 0) break;
      afterSeq = Number(rows[rows.length - 1]!.seq);
      await normalizeBatch(trx, rows);
    }
    const [row] = await trx('projects').count<Array<{ count: number }>>({ count: '*' });
    return { projectsCount: Number(row?.count ?? 0) };
  });
}
