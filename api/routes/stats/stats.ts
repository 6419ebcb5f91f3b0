import type Router from '@koa/router';
import { findUserStats } from '../../../db/stats.ts';
import type { ApiDeps } from '../../api-deps.ts';
import { currentUser, requireUser } from '../../middleware/require-user.ts';
import { apiRouter } from '../api-router.ts';

export function statsRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = apiRouter('/api');

  router.get('/stats', requireUser(db), async (ctx) => {
    const [totalProjects, stats] = await Promise.all([
      deps.projectCounts.count(db.knex, {}),
      findUserStats(db.knex, currentUser(ctx).id, deps.config.thresholds.match),
    ]);
    ctx.body = { totalProjects, matchingProjects: stats.matchingProjects, activeAlerts: stats.activeAlerts };
  });

  return router;
}
