import Router from '@koa/router';
import type { Database } from '../../../db/connection.ts';

export function healthRoutes(db: Database): Router {
  const router = new Router();
  router.get('/api/health', async (ctx) => {
    await db.knex.raw('select 1');
    ctx.body = { ok: true, db: db.kind };
  });
  return router;
}
