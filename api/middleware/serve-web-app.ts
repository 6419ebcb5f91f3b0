import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { send } from '@koa/send';
import type { Middleware } from 'koa';
import { isApiPath } from './is-api-path.ts';

export const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Serves the built SPA: real files (hashed assets cached for a year, immutable), and index.html for every other
 * GET outside /api so that client-side routes survive a reload. The build writes .br and .gz beside each text
 * file; @koa/send picks the one the browser accepts, so nothing is compressed per request.
 */
export function serveWebApp(root = WEB_DIST): Middleware {
  const index = path.join(root, 'index.html');
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApiPath(ctx.path)) return next();
    if (!existsSync(index)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built: run "npm run build" (npm start does it), or use the API under /api.';
      return;
    }
    const isAsset = ctx.path.startsWith('/assets/');
    ctx.vary('Accept-Encoding');
    const served = await send(ctx, ctx.path, {
      root,
      index: 'index.html',
      maxage: isAsset ? 365 * 24 * 3600 * 1000 : 0,
      immutable: isAsset,
    }).catch((error: { status?: number }) => {
      if (error.status === 404) return undefined;
      throw error;
    });
    if (served) {
      if (!isAsset) ctx.set('Cache-Control', 'no-cache');
      return;
    }
    if (isAsset || path.extname(ctx.path)) {
      ctx.status = 404;
      return;
    }
    await send(ctx, 'index.html', { root, maxage: 0 });
    ctx.set('Cache-Control', 'no-cache');
  };
}
