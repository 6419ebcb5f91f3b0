import type Router from '@koa/router';
import { projectExists } from '../../../db/project-listing.ts';
import { addToWatchlist, findWatchlist, removeFromWatchlist } from '../../../db/watchlist.ts';
import type { ApiDeps } from '../../api-deps.ts';
import { apiRouter } from '../api-router.ts';
import { NotFoundError } from '../../errors.ts';
import { currentUser, requireUser } from '../../middleware/require-user.ts';
import { presentWatchedProject } from '../../presenters/watched-project.ts';
import { validateBody, validateParams } from '../../validate.ts';
import { WatchBody, WatchParams } from './schema.ts';

const PROJECT_NOT_FOUND = 'No project found with this ID';
const NOT_WATCHED = 'This project is not on your watchlist';

/** ☆: the user's own watchlist, soonest deadline first. */
export function watchlistRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = apiRouter('/api');
  const signedIn = requireUser(db);

  router.get('/watchlist', signedIn, async (ctx) => {
    const user = currentUser(ctx);
    ctx.body = (await findWatchlist(db.knex, user.id)).map((row) => presentWatchedProject(row, user.language));
  });

  router.post('/watchlist', signedIn, async (ctx) => {
    const user = currentUser(ctx);
    const { projectId } = validateBody(ctx, WatchBody);
    if (!(await projectExists(db.knex, projectId))) throw new NotFoundError(PROJECT_NOT_FOUND);
    const added = await addToWatchlist(db.knex, user.id, projectId);
    ctx.status = added ? 201 : 200;
    ctx.body = { projectId, watched: true };
  });

  router.delete('/watchlist/:projectId', signedIn, async (ctx) => {
    const { projectId } = validateParams(ctx, WatchParams);
    if (!(await removeFromWatchlist(db.knex, currentUser(ctx).id, projectId))) throw new NotFoundError(NOT_WATCHED);
    ctx.body = { projectId, watched: false };
  });

  return router;
}
