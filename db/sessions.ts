import type { Knex } from 'knex';

export type SessionData = Record<string, unknown> & { userId?: number };

export async function findSessionData(db: Knex, id: string): Promise<SessionData | undefined> {
  const row = await db('sessions').where({ id }).where('expiresAt', '>', db.fn.now()).first('data');
  return row?.data as SessionData | undefined;
}

export async function saveSession(db: Knex, id: string, data: SessionData, maxAgeMs: number): Promise<void> {
  const userId = typeof data.userId === 'number' ? data.userId : null;
  const expiresAt = new Date(Date.now() + maxAgeMs);
  await db('sessions')
    .insert({ id, data: JSON.stringify(data), userId, expiresAt })
    .onConflict('id')
    .merge({ data: JSON.stringify(data), userId, expiresAt, updatedAt: db.fn.now() });
}

export async function deleteSession(db: Knex, id: string): Promise<void> {
  await db('sessions').where({ id }).delete();
}

/** Ends every session of a user except `keepId` (the request's own session, when there is one). */
export async function deleteUserSessions(db: Knex, userId: number, keepId?: string): Promise<number> {
  const query = db('sessions').where({ userId });
  if (keepId) query.whereNot({ id: keepId });
  return query.delete();
}

export async function deleteExpiredSessions(db: Knex): Promise<number> {
  return db('sessions').where('expiresAt', '<=', db.fn.now()).delete();
}
