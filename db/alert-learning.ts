import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { normalizePrompt } from './alerts.ts';

export type LearnedPolarity = 'more' | 'less' | 'exclude';
export type LearnedKind = 'term' | 'cpv';

export interface LearnedItem {
  id: number;
  alertId: number;
  polarity: LearnedPolarity;
  kind: LearnedKind;
  value: string;
  weight: number;
  dismissed: boolean;
}

export interface NewLearnedItem {
  polarity: 'more' | 'less';
  kind: LearnedKind;
  value: string;
  weight: number;
}

const COLUMNS = ['id', 'alertId', 'polarity', 'kind', 'value', 'weight', 'dismissed'] as const;

export async function findLearnedItems(db: Knex, alertId: number): Promise<LearnedItem[]> {
  return db('alertLearnedItems')
    .where({ alertId })
    .select(...COLUMNS)
    .orderBy([{ column: 'polarity' }, { column: 'weight', order: 'desc' }, { column: 'id' }]);
}

/** Active items of many alerts at once (the score stage prepares them all). */
export async function findActiveLearnedItems(db: Knex, alertIds: number[]): Promise<Map<number, LearnedItem[]>> {
  const byAlert = new Map<number, LearnedItem[]>();
  if (alertIds.length === 0) return byAlert;
  const rows: LearnedItem[] = await db('alertLearnedItems')
    .whereIn('alertId', alertIds)
    .where({ dismissed: false })
    .select(...COLUMNS)
    .orderBy('id');
  for (const row of rows) {
    const list = byAlert.get(row.alertId) ?? [];
    list.push(row);
    byAlert.set(row.alertId, list);
  }
  return byAlert;
}

/**
 * The prompt hash is the scoring watermark's key: folding the learned items and the verdicts into it makes
 * the next local pass (process-now or the score stage) re-score every project with what was learned.
 */
async function refreshLearningHash(trx: Knex.Transaction, alertId: number): Promise<void> {
  const alert = await trx('alerts').where({ id: alertId }).forUpdate().first('prompt');
  if (!alert) return;
  const items: LearnedItem[] = await trx('alertLearnedItems')
    .where({ alertId, dismissed: false })
    .select(...COLUMNS)
    .orderBy(['polarity', 'kind', 'value']);
  // The fed-back projects count too: the score rewards resemblance to the liked ones (pipeline/scorer/learned-alert.ts).
  const verdicts: Array<{ projectId: number; verdict: string }> = await trx('alertFeedback')
    .where({ alertId })
    .orderBy('projectId')
    .select('projectId', 'verdict');
  const signature = [
    ...items.map((item) => `${item.polarity}:${item.kind}:${item.value}:${item.weight.toFixed(3)}`),
    ...verdicts.map((row) => `feedback:${row.projectId}:${row.verdict}`),
  ].join('\n');
  const text = normalizePrompt(alert.prompt as string);
  const promptHash = createHash('sha256')
    .update(signature === '' ? text : `${text}\u0000${signature}`)
    .digest('hex');
  await trx('alerts').where({ id: alertId }).update({ promptHash });
}

/** Replaces what was learned from feedback, keeping the user's undos and exclusions. */
export async function replaceLearnedItems(db: Knex, alertId: number, items: NewLearnedItem[]): Promise<void> {
  await db.transaction(async (trx) => {
    const dismissed = new Set(
      (await trx('alertLearnedItems').where({ alertId, dismissed: true }).select('polarity', 'kind', 'value')).map(
        (row: { polarity: string; kind: string; value: string }) => `${row.polarity}:${row.kind}:${row.value}`,
      ),
    );
    await trx('alertLearnedItems').where({ alertId, dismissed: false }).whereIn('polarity', ['more', 'less']).delete();
    const fresh = items.filter((item) => !dismissed.has(`${item.polarity}:${item.kind}:${item.value}`));
    if (fresh.length > 0) await trx('alertLearnedItems').insert(fresh.map((item) => ({ alertId, ...item })));
    await refreshLearningHash(trx, alertId);
  });
}

/** Undoes one item (learned or excluded); false when the user has no such item. */
export async function dismissLearnedItem(db: Knex, userId: number, alertId: number, itemId: number): Promise<boolean> {
  return db.transaction(async (trx) => {
    const owned = await trx('alertLearnedItems as i')
      .join('alerts as a', 'a.id', 'i.alertId')
      .where({ 'i.id': itemId, 'i.alertId': alertId, 'a.userId': userId })
      .first('i.polarity');
    if (!owned) return false;
    // An exclusion the user removes is simply gone; a learned item stays dismissed so relearning skips it.
    if (owned.polarity === 'exclude') await trx('alertLearnedItems').where({ id: itemId }).delete();
    else await trx('alertLearnedItems').where({ id: itemId }).update({ dismissed: true });
    await refreshLearningHash(trx, alertId);
    return true;
  });
}

/** Sets the alert's "must not contain" words (replacing the previous list). */
export async function replaceExclusions(db: Knex, alertId: number, words: string[]): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('alertLearnedItems').where({ alertId, polarity: 'exclude' }).delete();
    if (words.length > 0) await trx('alertLearnedItems').insert(words.map((value) => ({ alertId, polarity: 'exclude', kind: 'term', value, weight: 1 })));
    await refreshLearningHash(trx, alertId);
  });
}
