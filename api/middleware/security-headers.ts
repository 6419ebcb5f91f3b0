import type { Middleware } from 'koa';
import helmet from 'koa-helmet';
import { isApiPath } from './is-api-path.ts';

/**
 * Browser hardening for the SPA and the API: scripts, styles and connections from our own origin only (the vite build
 * has no inline script), no framing, no MIME sniffing, a trimmed Referer, HSTS once the public address is https, and
 * API answers that no cache keeps.
 */
export function securityHeaders(publicUrl: string): Middleware {
  const https = new URL(publicUrl).protocol === 'https:';
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
  });
  return async (ctx, next) => {
    if (isApiPath(ctx.path)) ctx.set('Cache-Control', 'no-store');
    await headers(ctx, next);
  };
}
