import type { Middleware, ParameterizedContext } from 'koa';
import type { Database } from '../../db/connection.ts';
import { hitRateLimit } from '../../db/rate-limits.ts';
import { RateLimitError } from '../errors.ts';

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitKey {
  rule: RateLimitRule;
  /** What the rule counts; undefined skips it (e.g. no address in the body). */
  key(ctx: ParameterizedContext): string | undefined;
}

export const byIp = (rule: RateLimitRule): RateLimitKey => ({ rule, key: (ctx) => `ip:${ctx.ip}` });

export const byBodyField = (rule: RateLimitRule, field: string): RateLimitKey => ({
  rule,
  key: (ctx) => {
    const value = ((ctx.request as { body?: unknown }).body as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'string' && value.trim() !== '' ? `${field}:${value.trim().toLowerCase()}` : undefined;
  },
});

export const byUserEmail = (rule: RateLimitRule): RateLimitKey => ({
  rule,
  key: (ctx) => (ctx.state.user ? `email:${ctx.state.user.email.toLowerCase()}` : undefined),
});

/** Counts every attempt, valid or not, before the handler runs; the longest wait among exceeded limits is returned. */
export function rateLimit(db: Database, action: string, keys: RateLimitKey[]): Middleware {
  return async (ctx, next) => {
    let retryAfter = 0;
    for (const { rule, key } of keys) {
      const subject = key(ctx);
      if (subject === undefined) continue;
      const hit = await hitRateLimit(db.knex, `${action}:${subject}`, rule.limit, rule.windowSeconds);
      if (!hit.allowed) retryAfter = Math.max(retryAfter, hit.retryAfterSeconds);
    }
    if (retryAfter > 0) throw new RateLimitError(retryAfter);
    await next();
  };
}
