import type PQueue from 'p-queue';
import { claimDigestRetry, failExhaustedDigests, findRetryableDigestIds, type RetryPolicy } from '../../db/sent-emails.ts';
import { sendDigest, type DigestOutcome, type SendDigestDeps } from './send-digest.ts';

export interface RetryDeps extends SendDigestDeps {
  queue: PQueue;
  /** False once the mail server is known down for this round: the digest keeps its schedule. */
  shouldSend(): boolean;
  onOutcome(outcome: DigestOutcome): void;
  onError(digestId: string, error: unknown): void;
}

export interface RetryTally {
  retried: number;
  abandoned: number;
}

/**
 * Sends again the digests whose next try is due and those left `pending` by a crash, each attempt counted
 * before it is made, through the stage's bounded queue.
 */
export async function retryDigests(deps: RetryDeps, policy: RetryPolicy): Promise<RetryTally> {
  const tally: RetryTally = { retried: 0, abandoned: await failExhaustedDigests(deps.db, policy) };
  for (const digestId of await findRetryableDigestIds(deps.db, policy)) {
    void deps.queue.add(async () => {
      if (!deps.shouldSend()) return;
      try {
        if (!(await claimDigestRetry(deps.db, digestId, policy))) return;
        tally.retried += 1;
        deps.onOutcome(await sendDigest(deps, digestId));
      } catch (error) {
        deps.onError(digestId, error);
      }
    });
  }
  await deps.queue.onIdle();
  return tally;
}
