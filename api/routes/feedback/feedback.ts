import type Router from '@koa/router';
import { dismissLearnedItem, findLearnedItems, replaceExclusions } from '../../../db/alert-learning.ts';
import { findUserAlert } from '../../../db/alerts.ts';
import { countVerdicts, deleteFeedback, setFeedback } from '../../../db/feedback.ts';
import { projectExists } from '../../../db/project-listing.ts';
import type { ApiDeps } from '../../api-deps.ts';
import { apiRouter } from '../api-router.ts';
import { ALERT_NOT_FOUND } from '../../commands/save-alert.ts';
import { NotFoundError } from '../../errors.ts';
import { currentUser, requireUser } from '../../middleware/require-user.ts';
import { presentLearning } from '../../presenters/learning.ts';
import { validateBody, validateParams } from '../../validate.ts';
import { IdParams } from '../id-param.ts';
import { ExclusionsBody, FeedbackBody, FeedbackParams, LearnedItemParams } from './schema.ts';

const PROJECT_NOT_FOUND = 'No project found with this ID';
const FEEDBACK_NOT_FOUND = 'No feedback on this project for this alert';
const ITEM_NOT_FOUND = 'No such learned item on this alert';

/** 👍/👎 per (alert, project), what the alert learned from it, and its "must not contain" words. */
export function feedbackRoutes(deps: ApiDeps): Router {
  const { db, config } = deps;
  const router = apiRouter('/api');
  const signedIn = requireUser(db);

  const ownAlert = async (userId: number, id: number) => {
    if (!(await findUserAlert(db.knex, userId, id, config.thresholds.match))) throw new NotFoundError(ALERT_NOT_FOUND);
  };
  // The same path as "process now": learn, then re-score in the request so the list the user sees is current.
  const learnAndRescore = async (alertId: number) => {
    await deps.pipeline.relearnAlert(db.knex, alertId);
    return deps.pipeline.scoreAlertNow(db.knex, alertId);
  };
  const rescore = (alertId: number) => deps.pipeline.scoreAlertNow(db.knex, alertId);
  const learning = async (alertId: number) => presentLearning(await findLearnedItems(db.knex, alertId), await countVerdicts(db.knex, alertId));

  router.post('/alerts/:id/feedback', signedIn, async (ctx) => {
    const user = currentUser(ctx);
    const { id } = validateParams(ctx, IdParams);
    await ownAlert(user.id, id);
    const body = validateBody(ctx, FeedbackBody);
    if (!(await projectExists(db.knex, body.projectId))) throw new NotFoundError(PROJECT_NOT_FOUND);
    const row = await setFeedback(db.knex, user.id, id, body.projectId, body.verdict);
    if (!row) throw new NotFoundError(ALERT_NOT_FOUND);
    const scored = await learnAndRescore(id);
    ctx.body = { alertId: id, projectId: row.projectId, verdict: row.verdict, updatedAt: row.updatedAt, learning: await learning(id), matches: scored.matches };
  });

  router.delete('/alerts/:id/feedback/:projectId', signedIn, async (ctx) => {
    const user = currentUser(ctx);
    const { id, projectId } = validateParams(ctx, FeedbackParams);
    await ownAlert(user.id, id);
    if (!(await deleteFeedback(db.knex, user.id, id, projectId))) throw new NotFoundError(FEEDBACK_NOT_FOUND);
    const scored = await learnAndRescore(id);
    ctx.body = { alertId: id, projectId, verdict: null, learning: await learning(id), matches: scored.matches };
  });

  router.get('/alerts/:id/learning', signedIn, async (ctx) => {
    const { id } = validateParams(ctx, IdParams);
    await ownAlert(currentUser(ctx).id, id);
    ctx.body = await learning(id);
  });

  router.delete('/alerts/:id/learning/:itemId', signedIn, async (ctx) => {
    const user = currentUser(ctx);
    const { id, itemId } = validateParams(ctx, LearnedItemParams);
    await ownAlert(user.id, id);
    if (!(await dismissLearnedItem(db.knex, user.id, id, itemId))) throw new NotFoundError(ITEM_NOT_FOUND);
    await rescore(id);
    ctx.body = await learning(id);
  });

  router.put('/alerts/:id/exclusions', signedIn, async (ctx) => {
    const user = currentUser(ctx);
    const { id } = validateParams(ctx, IdParams);
    await ownAlert(user.id, id);
    const { words } = validateBody(ctx, ExclusionsBody);
    await replaceExclusions(db.knex, id, [...new Set(words)]);
    await rescore(id);
    ctx.body = await learning(id);
  });

  return router;
}
