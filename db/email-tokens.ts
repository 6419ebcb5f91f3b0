import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

export type EmailTokenKind = 'verify' | 'reset';

export function hashEmailToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh single-use token; only its hash is stored, the caller mails the returned value. */
export async function createEmailToken(db: Knex, userId: number, kind: EmailTokenKind, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db('email_tokens').insert({ userId, kind, tokenHash: hashEmailToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

function usable(db: Knex, kind: EmailTokenKind, token: string) {
  return db('email_tokens')
    .where({ kind, tokenHash: hashEmailToken(token) })
    .whereNull('usedAt')
    .where('expiresAt', '>', db.fn.now());
}

export async function isEmailTokenUsable(db: Knex, kind: EmailTokenKind, token: string): Promise<boolean> {
  return (await usable(db, kind, token).first('id')) !== undefined;
}

/** The user of a usable token, without using it up. */
export async function findEmailTokenUser(db: Knex, kind: EmailTokenKind, token: string): Promise<number | null> {
  const row = (await usable(db, kind, token).first('userId')) as { userId: number } | undefined;
  return row?.userId ?? null;
}

/** Marks the token used and returns its user, atomically, so a token works once even under concurrent requests. */
export async function consumeEmailToken(db: Knex, kind: EmailTokenKind, token: string): Promise<number | null> {
  const [row] = await usable(db, kind, token).update({ usedAt: db.fn.now() }).returning('userId');
  return (row as { userId: number } | undefined)?.userId ?? null;
}

export async function expireUserEmailTokens(db: Knex, userId: number, kind: EmailTokenKind): Promise<void> {
  await db('email_tokens').where({ userId, kind }).whereNull('usedAt').update({ usedAt: db.fn.now() });
}
