import type Router from '@koa/router';
import { z } from 'zod';
import { projectExists } from '../../../db/project-listing.ts';
import type { ApiDeps } from '../../api-deps.ts';
import { NotFoundError } from '../../errors.ts';
import { requireAdmin } from '../../middleware/require-user.ts';
import { validateParams } from '../../validate.ts';
import { IdParams } from '../id-param.ts';
import { apiRouter } from '../api-router.ts';

const ProjectIdParams = z.object({ projectId: IdParams.shape.id });

export function queueRoutes(deps: ApiDeps): Router {
  const { db, pipeline } = deps;
  const router = apiRouter('/api/queue');
  const admin = requireAdmin(db);

  router.get('/status', ...admin, async (ctx) => {
    ctx.body = await pipeline.getQueueStatus(db.knex);
  });

  router.post('/add/:projectId', ...admin, async (ctx) => {
    const { projectId } = validateParams(ctx, ProjectIdParams);
    if (!(await projectExists(db.knex, projectId))) throw new NotFoundError('No project found with this ID');
    const queued = await pipeline.enqueueProjectSummary(db.knex, projectId);
    ctx.body = { queued, message: queued ? 'Project added to the queue' : 'Project is already in the queue' };
  });

  router.post('/check-incomplete', ...admin, async (ctx) => {
    ctx.body = { queued: await pipeline.enqueueIncompleteSummaries(db.knex, deps.config) };
  });

  return router;
}
