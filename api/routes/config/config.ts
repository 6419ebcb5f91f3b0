import Router from '@koa/router';
import { EMAIL_LANGUAGES } from '../../../pipeline/mail/render-email.ts';
import type { ApiDeps } from '../../api-deps.ts';

/** The values the SPA must share with the server instead of copying them (docs/api.md, "Web app"). */
export function configRoutes(deps: ApiDeps): Router {
  const { config } = deps;
  const body = Object.freeze({
    matchThreshold: config.thresholds.match,
    notifyThreshold: config.thresholds.notify,
    billing: config.stripe ? 'on' : 'off',
    languages: [...EMAIL_LANGUAGES],
  });
  const router = new Router({ prefix: '/api' });
  router.get('/config', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = body;
  });
  return router;
}
