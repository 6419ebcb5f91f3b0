import type { Knex } from 'knex';
import { affectedRows } from './affected-rows.ts';
import { preparedRaw } from './prepared.ts';
import type { UserRow } from './users.ts';

export type SessionData = Record<string, unknown> & { userId?: number };

/** A session ends 30 days after login whatever happens, and after 7 days without a request. */
export const SESSION_ABSOLUTE_SECONDS = 30 * 86_400;
export const SESSION_IDLE_SECONDS = 7 * 86_400;
/** Activity is written back at most once a minute, not on every request. */
const TOUCH_EVERY_SECONDS = 60;

const DEADLINE = `least(now() + make_interval(secs => ${SESSION_IDLE_SECONDS}), sessions.created_at + make_interval(secs => ${SESSION_ABSOLUTE_SECONDS}))`;
const LIVE = `expires_at > now()
  and created_at > now() - make_interval(secs => ${SESSION_ABSOLUTE_SECONDS})
  and updated_at > now() - make_interval(secs => ${SESSION_IDLE_SECONDS})`;

const FIND_LIVE = `with live as (select id, data, updated_at from sessions where id = ? and ${LIVE}),
     touched as (
       update sessions set updated_at = now(), expires_at = ${DEADLINE}
       from live where sessions.id = live.id and live.updated_at < now() - make_interval(secs => ${TOUCH_EVERY_SECONDS})
       returning sessions.id
     )`;

const FIND_WITH_USER = `${FIND_LIVE}
     select live.data as session_data, u.* from live
     left join users u on u.id = case when live.data->>'userId' ~ '^[0-9]{1,15}$' then (live.data->>'userId')::bigint end`;

/**
 * The data of a live session, which counts as activity (its idle deadline moves, never past the absolute
 * one), and in the same statement the row of the user it is signed in as, if that user still exists: one
 * round trip instead of two for every signed-in request.
 */
export async function findSessionWithUser(db: Knex, id: string): Promise<{ data: SessionData; user: UserRow | undefined } | undefined> {
  // Prepared: planning this statement (a CTE that may update) cost Postgres ~5 times what running it does.
  const { rows } = await preparedRaw(db, FIND_WITH_USER, [id]);
  const row = rows[0] as ({ sessionData: SessionData } & Partial<UserRow>) | undefined;
  if (!row) return undefined;
  const { sessionData, ...user } = row;
  return { data: sessionData, user: user.id == null ? undefined : (user as UserRow) };
}

/** The lifetime is the server's, not the cookie's: `expires_at` is the earlier of the idle and absolute deadlines. */
export async function saveSession(db: Knex, id: string, data: SessionData): Promise<void> {
  const userId = typeof data.userId === 'number' ? data.userId : null;
  await db.raw(
    `insert into sessions (id, data, user_id, expires_at) values (?, ?, ?, now() + make_interval(secs => ${SESSION_IDLE_SECONDS}))
     on conflict (id) do update set data = excluded.data, user_id = excluded.user_id, updated_at = now(), expires_at = ${DEADLINE}`,
    [id, JSON.stringify(data), userId],
  );
}

export async function deleteSession(db: Knex, id: string): Promise<void> {
  await db('sessions').where({ id }).delete();
}

/** Ends every session of a user except `keepId` (the request's own session, when there is one). */
export async function deleteUserSessions(db: Knex, userId: number, keepId?: string): Promise<number> {
  const query = db('sessions').where({ userId });
  if (keepId) query.whereNot({ id: keepId });
  return affectedRows(await query.delete());
}

/** Sessions past either deadline; nothing reads them any more. */
export async function deleteExpiredSessions(db: Knex): Promise<number> {
  return affectedRows(await db('sessions').whereRaw(`not (${LIVE})`).delete());
}
