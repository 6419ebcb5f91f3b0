import { consumeEmailToken } from '../../db/email-tokens.ts';
import { markEmailVerified } from '../../db/users.ts';
import type { ApiDeps } from '../api-deps.ts';
import { BadRequestError } from '../errors.ts';

export async function verifyEmail(deps: Pick<ApiDeps, 'db'>, token: string): Promise<number> {
  const userId = await consumeEmailToken(deps.db.knex, 'verify', token);
  if (userId === null) throw new BadRequestError('This verification link is invalid or has expired', 'invalid_token');
  await markEmailVerified(deps.db.knex, userId);
  return userId;
}
