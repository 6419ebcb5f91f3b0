import type { Middleware, ParameterizedContext } from 'koa';
import type { Database } from '../../db/connection.ts';
import { findUserById, type UserRow } from '../../db/users.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';

declare module 'koa' {
  interface DefaultState {
    user?: UserRow;
  }
}

export function requireUser(db: Database): Middleware {
  return async (ctx, next) => {
    const userId = ctx.session?.userId;
    const preloaded = ctx.state.sessionUser;
    const user = typeof userId === 'number' ? (preloaded?.id === userId ? preloaded : await findUserById(db.knex, userId)) : undefined;
    if (!user) throw new UnauthorizedError();
    ctx.state.user = user;
    await next();
  };
}

export function requireAdmin(db: Database): Middleware[] {
  const admin: Middleware = async (ctx, next) => {
    if (ctx.state.user?.role !== 'admin') throw new ForbiddenError('Admin access required', 'admin_required');
    await next();
  };
  return [requireUser(db), admin];
}

/** The user `requireUser` loaded; only call it in handlers behind that middleware. */
export function currentUser(ctx: ParameterizedContext): UserRow {
  const user = ctx.state.user as UserRow | undefined;
  if (!user) throw new UnauthorizedError();
  return user;
}
