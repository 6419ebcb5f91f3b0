import Router from '@koa/router';

/**
 * Every API router: case-sensitive and strict, so `/api/QUEUE/status` or `/api/queue/status/` is a 404 rather than
 * a route reached around its guard. Guards are attached to each route, never with `router.use()`.
 */
export function apiRouter(prefix?: string): Router {
  return new Router({ prefix, sensitive: true, strict: true });
}
