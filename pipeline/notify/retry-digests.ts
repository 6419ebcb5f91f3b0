import { claimDigestRetry, failExhaustedDigests, findRetryableDigestIds, type RetryPolicy } from '../../db/sent-emails.ts';
import { sendDigest, type SendDigestDeps } from './send-digest.ts';

export interface RetryTally {
  retried: number;
  sent: number;
  failed: number;
  matches: number;
  abandoned: number;
}

/** Sends again the failed digests and those left `pending` by a crash, each attempt counted before it is made. */
export async function retryDigests(deps: SendDigestDeps & { signal?: AbortSignal }, policy: RetryPolicy): Promise<RetryTally> {
  const tally: RetryTally = { retried: 0, sent: 0, failed: 0, matches: 0, abandoned: await failExhaustedDigests(deps.db, policy) };
  for (const digestId of await findRetryableDigestIds(deps.db, policy)) {
    if (deps.signal?.aborted) break;
    if (!(await claimDigestRetry(deps.db, digestId, policy))) continue;
    tally.retried += 1;
    const outcome = await sendDigest(deps, digestId);
    if (outcome.status === 'sent') {
      tally.sent += 1;
      tally.matches += outcome.matches;
    } else if (outcome.status === 'failed') tally.failed += 1;
  }
  return tally;
}
