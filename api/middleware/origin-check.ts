import type { Middleware } from 'koa';
import { ForbiddenError } from '../errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request guard on top of SameSite=Lax: a browser always sends Origin on these methods, so a foreign
 * Origin is refused. Requests without Origin (curl, server-to-server) carry no ambient browser cookies and pass.
 */
export function originCheck(publicUrl: string): Middleware {
  const allowed = new URL(publicUrl).origin;
  return async (ctx, next) => {
    const origin = ctx.get('Origin');
    if (STATE_CHANGING.has(ctx.method) && origin !== '' && origin !== allowed && !ctx.path.startsWith('/api/webhooks/')) {
      throw new ForbiddenError('Cross-origin request refused', 'origin_mismatch');
    }
    await next();
  };
}
