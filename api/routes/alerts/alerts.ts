import type Router from '@koa/router';
import { deleteUserAlert, findUserAlert, findUserAlerts } from '../../../db/alerts.ts';
import { findFeedbackForAlert } from '../../../db/feedback.ts';
import { findAlertMatches, findProjectsByIds } from '../../../db/project-listing.ts';
import type { ApiDeps } from '../../api-deps.ts';
import { ALERT_NOT_FOUND, createAlert, updateAlert } from '../../commands/save-alert.ts';
import { NotFoundError } from '../../errors.ts';
import { currentUser, requireUser } from '../../middleware/require-user.ts';
import { presentAlert } from '../../presenters/alert.ts';
import { presentAlertMatch } from '../../presenters/match.ts';
import { validateBody, validateParams } from '../../validate.ts';
import { IdParams } from '../id-param.ts';
import { CreateAlertBody, UpdateAlertBody } from './schema.ts';
import { apiRouter } from '../api-router.ts';

const MATCHES_SHOWN = 500;

export function alertRoutes(deps: ApiDeps): Router {
  const { db, config } = deps;
  const threshold = config.thresholds.match;
  const router = apiRouter('/api');
  const signedIn = requireUser(db);

  const ownAlert = async (userId: number, id: number) => {
    const alert = await findUserAlert(db.knex, userId, id, threshold);
    if (!alert) throw new NotFoundError(ALERT_NOT_FOUND);
    return alert;
  };

  router.get('/alerts', signedIn, async (ctx) => {
    const alerts = await findUserAlerts(db.knex, currentUser(ctx).id, threshold);
    ctx.body = alerts.map(presentAlert);
  });

  router.post('/alerts', signedIn, async (ctx) => {
    const user = currentUser(ctx);
    const body = validateBody(ctx, CreateAlertBody);
    const alert = await createAlert(deps, user.id, { ...body, language: body.language ?? user.language });
    ctx.status = 201;
    ctx.body = presentAlert(alert);
  });

  router.put('/alerts/:id', signedIn, async (ctx) => {
    const user = currentUser(ctx);
    const { id } = validateParams(ctx, IdParams);
    await ownAlert(user.id, id);
    const body = validateBody(ctx, UpdateAlertBody);
    ctx.body = presentAlert(await updateAlert(deps, user.id, id, body));
  });

  router.delete('/alerts/:id', signedIn, async (ctx) => {
    const { id } = validateParams(ctx, IdParams);
    if (!(await deleteUserAlert(db.knex, currentUser(ctx).id, id))) throw new NotFoundError(ALERT_NOT_FOUND);
    ctx.body = { message: 'Alert deleted' };
  });

  router.post('/alerts/:id/process', signedIn, async (ctx) => {
    const { id } = validateParams(ctx, IdParams);
    await ownAlert(currentUser(ctx).id, id);
    ctx.body = await deps.pipeline.scoreAlertNow(db.knex, id);
  });

  router.get('/alerts/:id/matches', signedIn, async (ctx) => {
    const user = currentUser(ctx);
    const { id } = validateParams(ctx, IdParams);
    await ownAlert(user.id, id);
    const matches = await findAlertMatches(db.knex, id, MATCHES_SHOWN);
    const projects = new Map(
      (
        await findProjectsByIds(
          db.knex,
          user.id,
          matches.map((m) => m.projectId),
          threshold,
        )
      ).map((p) => [p.id, p]),
    );
    const feedback = await findFeedbackForAlert(db.knex, id);
    ctx.body = matches.flatMap((match) => {
      const project = projects.get(match.projectId);
      return project ? [presentAlertMatch(match, project, user.language, feedback.get(match.projectId) ?? null)] : [];
    });
  });

  return router;
}
