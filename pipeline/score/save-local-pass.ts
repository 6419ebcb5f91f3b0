import type { Knex } from 'knex';
import { deleteUnkeptMatches, replaceLocalMatches, saveLocalMatches } from '../../db/alert-matches.ts';
import { lockAlertToScore, recordLocalScoring } from '../../db/alerts-scoring.ts';
import type { LocalPass } from './score-alert-locally.ts';

export type SavedLocalPass = { saved: true; stored: number; deleted: number } | { saved: false; reason: 'gone' | 'prompt-changed' };

/**
 * Writes a local pass and moves the watermark in one transaction, under the alert's row lock: a crash
 * leaves either the whole pass or none of it, and a pass computed for an older prompt is dropped.
 */
export async function saveLocalPass(db: Knex, pass: LocalPass): Promise<SavedLocalPass> {
  return db.transaction(async (trx) => {
    const alert = await lockAlertToScore(trx, pass.alertId);
    if (!alert || !alert.isActive) return { saved: false, reason: 'gone' };
    if (alert.promptHash !== pass.promptHash) return { saved: false, reason: 'prompt-changed' };
    // A concurrent pass (the API's scoreAlertNow, another score run) may have saved part of this range
    // already, and the LLM may have re-scored it since: rewriting it would undo that work.
    const afterSeq = alert.scoredPromptHash === pass.promptHash ? Math.max(pass.afterSeq, alert.scoredContentSeq) : pass.afterSeq;
    if (afterSeq >= pass.upToSeq && alert.scoredPromptHash === pass.promptHash) return { saved: true, stored: 0, deleted: 0 };
    const matches = pass.matches.filter((m) => m.contentSeq > afterSeq);
    // Scores can be recomputed: losing the last commits in a server crash only rolls the watermark back with them.
    await trx.raw('set local synchronous_commit = off');
    if (afterSeq === 0) {
      // Every project was scored for this prompt: what the alert had stored is replaced whole.
      const replaced = await replaceLocalMatches(trx, pass.alertId, matches);
      await recordLocalScoring(trx, pass.alertId, pass.promptHash, pass.upToSeq, { provisional: pass.provisional });
      return { saved: true, ...replaced };
    }
    const stored = await saveLocalMatches(trx, pass.alertId, matches);
    // An alert never scored before has no pairs to remove.
    const deleted =
      alert.scoredPromptHash === null
        ? 0
        : await deleteUnkeptMatches(trx, pass.alertId, { afterSeq, upToSeq: pass.upToSeq, keep: matches.map((m) => m.projectId) });
    await recordLocalScoring(trx, pass.alertId, pass.promptHash, pass.upToSeq, { provisional: pass.provisional });
    return { saved: true, stored, deleted };
  });
}
