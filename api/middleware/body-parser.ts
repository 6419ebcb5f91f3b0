import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { BadRequestError, PayloadTooLargeError } from '../errors.ts';
import { rejectUnsafeText } from '../find-unsafe-text.ts';

export const BODY_LIMIT_BYTES = 100 * 1024;

/** JSON bodies up to 100 kB on /api, except webhooks, which verify signatures over the raw body; unsafe text is refused. */
export function jsonBody(): Middleware {
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: BODY_LIMIT_BYTES,
    jsonStrict: true,
    onError: (error) => {
      const status = (error as { status?: number }).status;
      if (status === 413) throw new PayloadTooLargeError();
      if (status === 415) throw new BadRequestError('Unsupported body encoding', 'unsupported_encoding');
      throw new BadRequestError('Request body is not valid JSON', 'invalid_json');
    },
  }) as unknown as Middleware;
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/api/') || ctx.path.startsWith('/api/webhooks/')) return next();
    if (Number(ctx.get('Content-Length') || 0) > BODY_LIMIT_BYTES) throw new PayloadTooLargeError();
    return parse(ctx, async () => {
      // Before any rate limit or lookup sees them: a NUL in a login name must be a 400, not a Postgres error.
      rejectUnsafeText(ctx.query);
      rejectUnsafeText((ctx.request as { body?: unknown }).body);
      await next();
    });
  };
}
