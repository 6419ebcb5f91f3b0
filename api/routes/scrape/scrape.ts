import type Router from '@koa/router';
import type { ApiDeps } from '../../api-deps.ts';
import { resetAndRescore } from '../../commands/reset-and-rescore.ts';
import { startScrape } from '../../commands/start-scrape.ts';
import { ConflictError } from '../../errors.ts';
import { requireAdmin, requireUser } from '../../middleware/require-user.ts';
import { apiRouter } from '../api-router.ts';

const MESSAGES = {
  started: 'Scrape started',
  running: 'A scrape is already running',
  recent: 'Projects were refreshed less than 5 minutes ago',
} as const;

export function scrapeRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = apiRouter('/api');

  router.post('/scrape', requireUser(db), async (ctx) => {
    const outcome = await startScrape(deps, { unlessRecent: true });
    ctx.status = 202;
    ctx.body = { started: outcome.started, message: MESSAGES[outcome.started ? 'started' : outcome.reason] };
  });

  router.post('/admin/scrape', ...requireAdmin(db), async (ctx) => {
    const outcome = await startScrape(deps, { unlessRecent: false });
    if (!outcome.started) throw new ConflictError(MESSAGES.running, 'scrape_running');
    ctx.status = 202;
    ctx.body = { started: true, message: MESSAGES.started };
  });

  router.post('/admin/reset-projects', ...requireAdmin(db), async (ctx) => {
    ctx.body = await resetAndRescore(deps);
  });

  return router;
}
