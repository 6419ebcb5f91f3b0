import { randomBytes } from 'node:crypto';
import Keygrip from 'keygrip';
import type Koa from 'koa';
import type { Middleware } from 'koa';
import createSession from 'koa-session';
import type { Database } from '../../db/connection.ts';
import type { UserRow } from '../../db/users.ts';
import { deleteSession, findSessionWithUser, saveSession, SESSION_ABSOLUTE_SECONDS, type SessionData } from '../../db/sessions.ts';

export const SESSION_COOKIE = 'vigie.sid';
/** The cookie may outlive the session; the server's idle (7 d) and absolute (30 d) deadlines decide (db/sessions.ts). */
const SESSION_MAX_AGE_MS = SESSION_ABSOLUTE_SECONDS * 1000;

declare module 'koa' {
  interface DefaultState {
    /** The user row read with the session (db/sessions.ts findSessionWithUser). */
    sessionUser?: UserRow;
  }
  interface DefaultContext {
    session: (SessionData & { regenerate(): Promise<void> | undefined; externalKey?: string }) | null;
  }
}

/** Requests that never read or write a session (the health check): no cookie check, no lookup in the database. */
const SESSIONLESS_PATHS = new Set(['/api/health']);

/**
 * Cookie sessions whose data lives in the `sessions` table: the cookie carries only a signed random id.
 * `Secure` follows PUBLIC_URL, not the socket, because TLS usually ends at a proxy in front of us.
 */
export function sessions(app: Koa, db: Database, options: { keys: string[]; secure: boolean }): Middleware[] {
  // Koa hands its keys to `cookies`, which builds a new Keygrip for every request when they are an array: one, once.
  app.keys = new Keygrip(options.keys);
  const markSecure: Middleware = async (ctx, next) => {
    if (options.secure) (ctx.cookies as unknown as { secure: boolean }).secure = true;
    await next();
  };
  const session = createSession(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
      signed: true,
      renew: true,
      genid: () => randomBytes(32).toString('base64url'),
      store: {
        // The signed-in user's row comes with the session (requireUser uses it rather than a second query).
        get: async (key: string, _maxAge: number, { ctx }: { ctx?: Koa.Context }) => {
          const found = await findSessionWithUser(db.knex, key);
          if (found?.user && ctx) ctx.state.sessionUser = found.user;
          return found?.data;
        },
        set: async (key: string, data: SessionData) => saveSession(db.knex, key, data),
        destroy: async (key: string) => deleteSession(db.knex, key),
      },
    },
    app,
  );
  const withSession = session as Middleware;
  return [markSecure, (ctx, next) => (SESSIONLESS_PATHS.has(ctx.path) ? next() : withSession(ctx, next))];
}
