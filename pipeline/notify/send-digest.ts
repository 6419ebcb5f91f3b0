import type { Knex } from 'knex';
import { findDigest, markDigestFailed, markDigestSent } from '../../db/sent-emails.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { composeDigest } from './compose-digest.ts';
import { digestMessageId } from './digest-id.ts';

export type DigestOutcome = { status: 'sent'; matches: number } | { status: 'failed'; matches: number; error: string } | { status: 'missing' };

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
 * Sends a digest whose attempt is already counted, then marks it. A crash between the two leaves it `pending`;
 * the retry sweep sends it again with the same Message-ID.
 */
export async function sendDigest(deps: SendDigestDeps, digestId: string): Promise<DigestOutcome> {
  const digest = await findDigest(deps.db, digestId);
  if (!digest) return { status: 'missing' };
  const email = composeDigest(digest, deps.publicUrl, deps.signingKeys);
  const messageId = digestMessageId(digestId, deps.publicUrl);
  const matches = digest.entries.length;
  try {
    await deps.mailer.send({ to: digest.email, subject: email.subject, html: email.html, text: email.text, messageId, headers: email.headers });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.logger.warn({ digestId, userId: digest.userId, attempt: digest.attempts, err: error }, 'digest not sent');
    await markDigestFailed(deps.db, digestId, message);
    return { status: 'failed', matches, error: message };
  }
  await markDigestSent(deps.db, digestId, { messageId, sentAt: deps.clock() });
  return { status: 'sent', matches };
}
