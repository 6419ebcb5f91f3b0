import { createEmailToken } from '../../db/email-tokens.ts';
import { findUserByEmail } from '../../db/users.ts';
import { renderEmail } from '../../pipeline/mail/render-email.ts';
import { resetPasswordTemplate } from '../../pipeline/mail/templates/reset-password.ts';
import type { ApiDeps } from '../api-deps.ts';

export const RESET_TOKEN_TTL_MS = 3_600_000;

/** Mails a reset link when the address has an account; says nothing either way, so it cannot probe for accounts. */
export async function requestPasswordReset(deps: Pick<ApiDeps, 'db' | 'mailer' | 'config' | 'logger'>, email: string): Promise<void> {
  const db = deps.db.knex;
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const token = await createEmailToken(db, user.id, 'reset', RESET_TOKEN_TTL_MS);
  const url = `${deps.config.publicUrl}/reset-password?token=${token}`;
  await deps.mailer
    .send({ to: user.email, ...renderEmail(resetPasswordTemplate, user.language, { username: user.username, url }) })
    .catch((error: unknown) => deps.logger.error({ err: error, userId: user.id }, 'reset e-mail not sent'));
}
