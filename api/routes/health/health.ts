import type Router from '@koa/router';
import type { Database } from '../../../db/connection.ts';
import { apiRouter } from '../api-router.ts';

export function healthRoutes(db: Database): Router {
  const router = apiRouter();
  router.get('/api/health', async (ctx) => {
    await db.knex.raw('select 1');
    ctx.body = { ok: true, db: db.kind };
  });
  return router;
}
