import type Router from '@koa/router';
import type { Database } from '../../../db/connection.ts';
import { apiRouter } from '../api-router.ts';

export function healthRoutes(db: Database): Router {
  const router = apiRouter();
  // Checks that arrive while one is running share its answer: under load the health check costs the database
  // one statement at a time, not one per request.
  let running: Promise<unknown> | undefined;
  router.get('/api/health', async (ctx) => {
    running ??= db.knex.raw('select 1').finally(() => (running = undefined));
    await running;
    ctx.body = { ok: true, db: db.kind };
  });
  return router;
}
