import type { Knex } from 'knex';
import { findDigest, markDigestFailed, markDigestSent } from '../../db/sent-emails.ts';
import type { Logger } from '../../logger.ts';
import { isMailTransportDown, type Mailer } from '../mail/mailer.ts';
import { composeDigest } from './compose-digest.ts';
import { describeFailure } from './describe-failure.ts';
import { digestActionLinksFor } from './email-actions/digest-action-links.ts';
import { digestMessageId } from './digest-id.ts';
import { nextDigestAttemptAt } from './retry-schedule.ts';

export type DigestOutcome =
  | { status: 'sent'; matches: number }
  | { status: 'failed'; matches: number; error: string; retryAt: Date | null; transportDown: boolean }
  | { status: 'missing' };

export interface SendDigestDeps {
  db: Knex;
  logger: Logger;
  mailer: Mailer;
  publicUrl: string;
  /** Keys signing the unsubscribe links (secret-keys.ts). */
  signingKeys: readonly string[];
  clock: () => Date;
}

/**
 * Sends a digest whose attempt is already counted, then marks it: sent, waiting for its next try, or failed
 * for good after the last one. A crash between sending and marking leaves it `pending`; the retry sweep sends
 * it again with the same Message-ID.
 */
export async function sendDigest(deps: SendDigestDeps, digestId: string): Promise<DigestOutcome> {
  const digest = await findDigest(deps.db, digestId);
  if (!digest) return { status: 'missing' };
  const email = composeDigest(digest, deps.publicUrl, deps.signingKeys, await digestActionLinksFor(deps.db, digest.userId, digest.language, deps.publicUrl));
  const messageId = digestMessageId(digestId, deps.publicUrl);
  const matches = digest.entries.length;
  try {
    await deps.mailer.send({ to: digest.email, subject: email.subject, html: email.html, text: email.text, messageId, headers: email.headers });
  } catch (error) {
    const message = describeFailure(error);
    const retryAt = nextDigestAttemptAt(digest.attempts, deps.clock());
    deps.logger.warn(
      { digestId, userId: digest.userId, attempt: digest.attempts, nextAttemptAt: retryAt?.toISOString() ?? null, error: message },
      retryAt ? 'digest not sent; will try again' : 'digest not sent; last attempt, marked failed',
    );
    await markDigestFailed(deps.db, digestId, message, retryAt);
    return { status: 'failed', matches, error: message, retryAt, transportDown: isMailTransportDown(error) };
  }
  await markDigestSent(deps.db, digestId, { messageId, sentAt: deps.clock() });
  return { status: 'sent', matches };
}
