import type Router from '@koa/router';
import { setUserLanguage } from '../../../db/users.ts';
import type { ApiDeps } from '../../api-deps.ts';
import { currentUser, requireUser } from '../../middleware/require-user.ts';
import { presentUser } from '../../presenters/user.ts';
import { validateBody } from '../../validate.ts';
import { UpdateUserBody } from './schema.ts';
import { apiRouter } from '../api-router.ts';

export function userRoutes(deps: ApiDeps): Router {
  const router = apiRouter('/api');

  router.get('/user', requireUser(deps.db), async (ctx) => {
    ctx.body = presentUser(currentUser(ctx));
  });

  router.put('/user', requireUser(deps.db), async (ctx) => {
    const { language } = validateBody(ctx, UpdateUserBody);
    ctx.body = presentUser(await setUserLanguage(deps.db.knex, currentUser(ctx).id, language));
  });

  return router;
}
