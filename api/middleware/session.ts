import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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

/**
 * Signs and checks cookies as `keygrip` does (HMAC-SHA1 of `name=value` in base64url without padding, the first
 * key signs, any key verifies), so that cookies signed before stay valid. Per check it computes one HMAC per key and
 * compares in constant time; keygrip's comparison (tsscmp) draws random bytes and computes two more HMACs for every
 * check, and `cookies` builds a new Keygrip for every request when the app's keys are an array.
 */
export function cookieSigner(keys: readonly string[]): {
  sign(data: string): string;
  verify(data: string, digest: string): boolean;
  index(data: string, digest: string): number;
} {
  if (keys.length === 0) throw new Error('Keys must be provided.');
  const sign = (data: string, key: string) => createHmac('sha1', key).update(data).digest('base64url');
  const index = (data: string, digest: string) => {
    const given = Buffer.from(digest);
    for (let i = 0; i < keys.length; i++) {
      const expected = Buffer.from(sign(data, keys[i]!));
      if (expected.length === given.length && timingSafeEqual(expected, given)) return i;
    }
    return -1;
  };
  return { sign: (data) => sign(data, keys[0]!), verify: (data, digest) => index(data, digest) > -1, index };
}

/** Requests that never read or write a session (the health check): no cookie check, no lookup in the database. */
const SESSIONLESS_PATHS = new Set(['/api/health']);

/**
 * Cookie sessions whose data lives in the `sessions` table: the cookie carries only a signed random id.
 * `Secure` follows PUBLIC_URL, not the socket, because TLS usually ends at a proxy in front of us.
 */
export function sessions(app: Koa, db: Database, options: { keys: string[]; secure: boolean }): Middleware[] {
  // Koa hands its keys to `cookies`, which takes a Keygrip-like object as it is.
  app.keys = cookieSigner(options.keys) as unknown as Koa['keys'];
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
