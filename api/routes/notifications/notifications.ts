import type Router from '@koa/router';
import { findSentEmails } from '../../../db/sent-emails.ts';
import { describeNotifySummary } from '../../../pipeline/notify/describe-notify-summary.ts';
import { notify } from '../../../pipeline/notify/notify-stage.ts';
import type { ApiDeps } from '../../api-deps.ts';
import { currentUser, requireAdmin, requireUser } from '../../middleware/require-user.ts';
import { presentSentEmails } from '../../presenters/sent-email.ts';
import { validateBody, validateQuery } from '../../validate.ts';
import { ProcessNotificationsBody, SentEmailQuery } from './schema.ts';
import { apiRouter } from '../api-router.ts';

export function notificationRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = apiRouter('/api');

  router.get('/notifications/email', requireUser(db), async (ctx) => {
    const user = currentUser(ctx);
    const { limit } = validateQuery(ctx, SentEmailQuery);
    const isAdmin = user.role === 'admin';
    const emails = await findSentEmails(db.knex, { userId: isAdmin ? undefined : user.id, limit });
    ctx.body = presentSentEmails(emails, isAdmin);
  });

  router.post('/admin/process-notifications', ...requireAdmin(db), async (ctx) => {
    const { frequency } = validateBody(ctx, ProcessNotificationsBody);
    const {
      runId: _runId,
      durationMs: _durationMs,
      ...summary
    } = await notify({ db: db.knex, logger: deps.logger, config: deps.config, mailer: deps.mailer }, { frequency });
    ctx.body = { message: describeNotifySummary(summary), ...summary };
  });

  return router;
}
