import { hash, verify } from '@node-rs/argon2';
import { hitRateLimit, refundRateLimit } from '../../db/rate-limits.ts';
import { findUserByEmail, findUserByUsername, type UserRow } from '../../db/users.ts';
import type { ApiDeps } from '../api-deps.ts';
import { RateLimitError, UnauthorizedError } from '../errors.ts';
import type { RateLimitRule } from '../middleware/rate-limit.ts';

let decoyHash: Promise<string> | undefined;

async function findAccount(deps: Pick<ApiDeps, 'db'>, login: string): Promise<UserRow | undefined> {
  const db = deps.db.knex;
  return (await findUserByUsername(db, login)) ?? (login.includes('@') ? await findUserByEmail(db, login) : undefined);
}

/**
 * Verifies a login, counting failures against the account it names (username and e-mail are one account) and against
 * that account from this IP. The per-account+IP steps are tighter than the per-account ceiling, so a stranger who
 * locks themselves out does not lock out the owner logging in from elsewhere. A success takes its hits back.
 * The decoy hash keeps the timing the same for names that do not exist.
 */
export async function authenticateUser(deps: Pick<ApiDeps, 'db' | 'rateLimits'>, login: string, password: string, ip: string): Promise<UserRow> {
  const db = deps.db.knex;
  const user = await findAccount(deps, login);
  const account = user ? `user:${user.id}` : `name:${login.toLowerCase()}`;
  const counted: Array<[string, RateLimitRule]> = [
    [`login-account:${account}`, deps.rateLimits.loginPerAccount],
    // The window is part of the key: windows of different lengths may start at the same second.
    ...deps.rateLimits.loginPerAccountIp.map((rule): [string, RateLimitRule] => [`login-account-ip:${rule.windowSeconds}:${account}:${ip}`, rule]),
  ];
  let retryAfter = 0;
  for (const [key, rule] of counted) {
    const hit = await hitRateLimit(db, key, rule.limit, rule.windowSeconds);
    if (!hit.allowed) retryAfter = Math.max(retryAfter, hit.retryAfterSeconds);
  }
  if (retryAfter > 0) throw new RateLimitError(retryAfter);
  decoyHash ??= hash('decoy password that matches nothing');
  const ok = await verify(user?.passwordHash ?? (await decoyHash), password).catch(() => false);
  if (!user || !ok) throw new UnauthorizedError('Invalid username or password', 'invalid_credentials');
  for (const [key, rule] of counted) await refundRateLimit(db, key, rule.windowSeconds);
  return user;
}
