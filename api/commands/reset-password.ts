import { hash } from '@node-rs/argon2';
import { consumeEmailToken, expireUserEmailTokens, findEmailTokenUser } from '../../db/email-tokens.ts';
import { deleteUserSessions } from '../../db/sessions.ts';
import { findUserById, setPasswordHash } from '../../db/users.ts';
import type { ApiDeps } from '../api-deps.ts';
import { BadRequestError } from '../errors.ts';
import { ensureStrongPassword } from './ensure-strong-password.ts';

export const INVALID_RESET_TOKEN = 'This reset link is invalid or has expired';

const invalidToken = () => new BadRequestError(INVALID_RESET_TOKEN, 'invalid_token');

/**
 * Sets the new password and ends the user's other sessions (a reset is what one does after a leak). The token is
 * checked before the costly argon2 hash, so requests with made-up tokens cost one indexed lookup each.
 */
export async function resetPassword(deps: Pick<ApiDeps, 'db'>, token: string, newPassword: string, keepSessionId?: string): Promise<number> {
  const db = deps.db.knex;
  const ownerId = await findEmailTokenUser(db, 'reset', token);
  const owner = ownerId === null ? undefined : await findUserById(db, ownerId);
  if (!owner) throw invalidToken();
  ensureStrongPassword(newPassword, owner, 'newPassword');
  const passwordHash = await hash(newPassword);
  return db.transaction(async (trx) => {
    const userId = await consumeEmailToken(trx, 'reset', token);
    if (userId === null) throw invalidToken();
    await setPasswordHash(trx, userId, passwordHash);
    await expireUserEmailTokens(trx, userId, 'reset');
    await deleteUserSessions(trx, userId, keepSessionId);
    return userId;
  });
}
