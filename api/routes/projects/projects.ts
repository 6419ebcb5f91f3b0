import type Router from '@koa/router';
import { findCategories, findPageScores, findProjectDetail, findProjectMatchesForUser, projectExists } from '../../../db/project-listing.ts';
import { findFeedbackForProject } from '../../../db/feedback.ts';
import type { ApiDeps } from '../../api-deps.ts';
import { NotFoundError } from '../../errors.ts';
import { currentUser, requireUser } from '../../middleware/require-user.ts';
import { presentProjectMatch } from '../../presenters/match.ts';
import { presentProjectDetail } from '../../presenters/project.ts';
import { projectPageJson } from '../../presenters/project-page.ts';
import { simapProjectUrl } from '../../../domain/simap-url.ts';
import { validateParams, validateQuery } from '../../validate.ts';
import { IdParams } from '../id-param.ts';
import { ProjectListQuery } from './schema.ts';
import { apiRouter } from '../api-router.ts';

const PROJECT_NOT_FOUND = 'No project found with this ID';

export function projectRoutes(deps: ApiDeps): Router {
  const { db, config } = deps;
  const threshold = config.thresholds.match;
  const router = apiRouter('/api');
  const signedIn = requireUser(db);

  const ensureProject = async (id: number) => {
    if (!(await projectExists(db.knex, id))) throw new NotFoundError(PROJECT_NOT_FOUND);
  };

  router.get('/projects', signedIn, async (ctx) => {
    const user = currentUser(ctx);
    const query = validateQuery(ctx, ProjectListQuery);
    // Postgres builds each project's JSON (presentProject's shape), the same for every user and kept for a moment;
    // only the user's scores are read for each request.
    const [page, total] = await Promise.all([
      deps.projectPages.page(db.knex, query, simapProjectUrl('', user.language)),
      deps.projectCounts.count(db.knex, query),
    ]);
    const body = projectPageJson(page, await findPageScores(db.knex, user.id, page.ids, threshold));
    ctx.set('X-Total-Count', String(total));
    ctx.set('Access-Control-Expose-Headers', 'X-Total-Count');
    ctx.type = 'application/json';
    ctx.body = body;
  });

  router.get('/projects/categories', signedIn, async (ctx) => {
    ctx.body = await findCategories(db.knex);
  });

  router.get('/projects/:id', signedIn, async (ctx) => {
    const user = currentUser(ctx);
    const { id } = validateParams(ctx, IdParams);
    const project = await findProjectDetail(db.knex, user.id, id, threshold);
    if (!project) throw new NotFoundError(PROJECT_NOT_FOUND);
    ctx.body = presentProjectDetail(project, user.language);
  });

  router.get('/projects/:id/summaries', signedIn, async (ctx) => {
    const { id } = validateParams(ctx, IdParams);
    await ensureProject(id);
    ctx.body = await deps.pipeline.findProjectSummaries(db.knex, id);
  });

  router.get('/projects/:id/matches', signedIn, async (ctx) => {
    const { id } = validateParams(ctx, IdParams);
    await ensureProject(id);
    const userId = currentUser(ctx).id;
    const feedback = await findFeedbackForProject(db.knex, userId, id);
    ctx.body = (await findProjectMatchesForUser(db.knex, userId, id)).map((match) => presentProjectMatch(match, feedback.get(match.alertId) ?? null));
  });

  return router;
}
