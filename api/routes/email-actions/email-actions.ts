import type Router from '@koa/router';
import { findEmailLinkKey } from '../../../db/email-link-keys.ts';
import { setFeedback } from '../../../db/feedback.ts';
import { projectExists } from '../../../db/project-listing.ts';
import { addToWatchlist } from '../../../db/watchlist.ts';
import { verifyEmailAction } from '../../../pipeline/notify/email-actions/sign-email-action.ts';
import type { ApiDeps } from '../../api-deps.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { validateBody } from '../../validate.ts';
import { apiRouter } from '../api-router.ts';
import { EmailActionBody } from './schema.ts';

const INVALID_LINK = 'This link is not valid (it may have been altered or copied incompletely)';
const GONE = 'The alert or project of this link no longer exists';

/**
 * The one-click links of e-mails: no session, the link's signature (per-user key) is the credential, and it
 * names the one (action, alert, project) it may do. The SPA page the link opens posts here.
 */
export function emailActionRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = apiRouter('/api');

  router.post('/email-actions', async (ctx) => {
    const body = validateBody(ctx, EmailActionBody);
    const target = { action: body.action, userId: body.u, alertId: body.a, projectId: body.p };
    const key = await findEmailLinkKey(db.knex, target.userId);
    if (!key || !verifyEmailAction(key, target, body.s)) throw new BadRequestError(INVALID_LINK, 'invalid_token');
    if (!(await projectExists(db.knex, target.projectId))) throw new NotFoundError(GONE);
    if (target.action === 'watch') {
      await addToWatchlist(db.knex, target.userId, target.projectId);
    } else {
      if (!(await setFeedback(db.knex, target.userId, target.alertId, target.projectId, target.action))) throw new NotFoundError(GONE);
      await deps.pipeline.relearnAlert(db.knex, target.alertId);
      await deps.pipeline.scoreAlertNow(db.knex, target.alertId);
    }
    ctx.body = { action: target.action, alertId: target.alertId, projectId: target.projectId, done: true };
  });

  return router;
}
