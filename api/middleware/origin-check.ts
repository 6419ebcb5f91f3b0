import type { Middleware } from 'koa';
import { AppError } from '../errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The origins a browser may send for PUBLIC_URL: itself, and on a loopback URL every loopback spelling of it. */
export function allowedOrigins(publicUrl: string): Set<string> {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.has(url.hostname)) return new Set([url.origin]);
  const port = url.port ? `:${url.port}` : '';
  return new Set([...LOOPBACK_HOSTS].map((host) => `${url.protocol}//${host}${port}`));
}

/**
 * Cross-site request guard on top of SameSite=Lax: a browser always sends Origin on these methods, so a foreign
 * Origin is refused. Requests without Origin (curl, server-to-server) carry no ambient browser cookies and pass.
 * The refusal names the address to use, which the SPA shows translated.
 */
export function originCheck(publicUrl: string): Middleware {
  const allowed = allowedOrigins(publicUrl);
  const expectedOrigin = new URL(publicUrl).origin;
  return async (ctx, next) => {
    const origin = ctx.get('Origin');
    if (STATE_CHANGING.has(ctx.method) && origin !== '' && !allowed.has(origin) && !ctx.path.startsWith('/api/webhooks/')) {
      throw new AppError(403, 'origin_mismatch', `Cross-origin request refused: open the app at ${expectedOrigin}`, { expectedOrigin });
    }
    await next();
  };
}
