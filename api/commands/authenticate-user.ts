import { hash, verify } from '@node-rs/argon2';
import { findUserByEmail, findUserByUsername, type UserRow } from '../../db/users.ts';
import type { ApiDeps } from '../api-deps.ts';
import { UnauthorizedError } from '../errors.ts';

let decoyHash: Promise<string> | undefined;

/** Verifies against a decoy hash when the account does not exist, so timing does not reveal which names exist. */
export async function authenticateUser(deps: Pick<ApiDeps, 'db'>, login: string, password: string): Promise<UserRow> {
  const db = deps.db.knex;
  const user = (await findUserByUsername(db, login)) ?? (login.includes('@') ? await findUserByEmail(db, login) : undefined);
  decoyHash ??= hash('decoy password that matches nothing');
  const ok = await verify(user?.passwordHash ?? (await decoyHash), password).catch(() => false);
  if (!user || !ok) throw new UnauthorizedError('Invalid username or password', 'invalid_credentials');
  return user;
}
