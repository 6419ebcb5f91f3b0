import { EMAIL_LANGUAGES } from '../../../pipeline/mail/render-email.ts';
import type { ApiDeps } from '../../api-deps.ts';
import { apiRouter } from '../api-router.ts';

/** The values the SPA must share with the server instead of copying them (docs/api.md, "Web app"). */
export function configRoutes(deps: ApiDeps) {
  const { config } = deps;
  const body = Object.freeze({
    matchThreshold: config.thresholds.match,
    notifyThreshold: config.thresholds.notify,
    billing: config.stripe ? 'on' : 'off',
    languages: [...EMAIL_LANGUAGES],
  });
  const router = apiRouter('/api');
  router.get('/config', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = body;
  });
  return router;
}
