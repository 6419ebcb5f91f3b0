import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/** The user's link-signing key, created on first use (the first digest with one-click links). */
export async function getOrCreateEmailLinkKey(db: Knex, userId: number): Promise<string | undefined> {
  const fresh = randomBytes(32).toString('base64url');
  // coalesce keeps the key another process may have set first, so every link ever mailed stays valid.
  const [row] = await db('users')
    .where({ id: userId })
    .update({ emailLinkKey: db.raw('coalesce(email_link_key, ?)', [fresh]) })
    .returning('emailLinkKey');
  return (row as { emailLinkKey: string } | undefined)?.emailLinkKey;
}

export async function findEmailLinkKey(db: Knex, userId: number): Promise<string | undefined> {
  const row = await db('users').where({ id: userId }).first('emailLinkKey');
  return (row?.emailLinkKey as string | null) ?? undefined;
}
