import { createEmailToken, expireUserEmailTokens } from '../../db/email-tokens.ts';
import type { UserRow } from '../../db/users.ts';
import { renderEmail } from '../../pipeline/mail/render-email.ts';
import { verifyEmailTemplate } from '../../pipeline/mail/templates/verify-email.ts';
import type { ApiDeps } from '../api-deps.ts';

export const VERIFY_TOKEN_TTL_MS = 48 * 3_600_000;

/** A new link replaces any earlier unused one. */
export async function sendVerificationEmail(deps: Pick<ApiDeps, 'db' | 'mailer' | 'config'>, user: UserRow): Promise<void> {
  const db = deps.db.knex;
  await expireUserEmailTokens(db, user.id, 'verify');
  const token = await createEmailToken(db, user.id, 'verify', VERIFY_TOKEN_TTL_MS);
  const url = `${deps.config.publicUrl}/verify-email?token=${token}`;
  await deps.mailer.send({ to: user.email, ...renderEmail(verifyEmailTemplate, user.language, { username: user.username, url }) });
}
