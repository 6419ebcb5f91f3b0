import { hash } from '@node-rs/argon2';
import { consumeEmailToken, expireUserEmailTokens } from '../../db/email-tokens.ts';
import { deleteUserSessions } from '../../db/sessions.ts';
import { setPasswordHash } from '../../db/users.ts';
import type { ApiDeps } from '../api-deps.ts';
import { BadRequestError } from '../errors.ts';

export const INVALID_RESET_TOKEN = 'This reset link is invalid or has expired';

/** Sets the new password and ends the user's other sessions (a reset is what one does after a leak). */
export async function resetPassword(deps: Pick<ApiDeps, 'db'>, token: string, newPassword: string, keepSessionId?: string): Promise<number> {
  const passwordHash = await hash(newPassword);
  return deps.db.knex.transaction(async (trx) => {
    const userId = await consumeEmailToken(trx, 'reset', token);
    if (userId === null) throw new BadRequestError(INVALID_RESET_TOKEN, 'invalid_token');
    await setPasswordHash(trx, userId, passwordHash);
    await expireUserEmailTokens(trx, userId, 'reset');
    await deleteUserSessions(trx, userId, keepSessionId);
    return userId;
  });
}
