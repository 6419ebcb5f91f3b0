import type Router from '@koa/router';
import { countActiveAlerts } from '../../../db/alerts.ts';
import { findUserSubscription } from '../../../db/subscriptions.ts';
import { MAX_ACTIVE_ALERTS } from '../../../domain/plans.ts';
import type { ApiDeps } from '../../api-deps.ts';
import { billingFrom, requireBilling } from '../../billing/billing-context.ts';
import { InvalidPromoCodeError, PROMO_CODE_REQUIRED } from '../../billing/billing-errors.ts';
import { createCheckoutSession } from '../../billing/create-checkout-session.ts';
import { createPortalSession } from '../../billing/create-portal-session.ts';
import { findRedeemablePromo } from '../../billing/find-redeemable-promo.ts';
import { ValidationError } from '../../errors.ts';
import { currentUser, requireUser } from '../../middleware/require-user.ts';
import { presentValidPromo } from '../../presenters/promo-code.ts';
import { presentBillingOffSubscription, presentSubscription } from '../../presenters/subscription.ts';
import { validateBody, validateParams } from '../../validate.ts';
import { CheckoutBody, PortalBody, PromoParams } from './schema.ts';
import { apiRouter } from '../api-router.ts';

export function subscriptionRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const billing = billingFrom(deps);
  const signedIn = requireUser(db);
  const router = apiRouter('/api');

  router.get('/subscription', signedIn, async (ctx) => {
    const user = currentUser(ctx);
    const activeAlertCount = await countActiveAlerts(db.knex, user.id);
    ctx.body = billing
      ? presentSubscription(await findUserSubscription(db.knex, user.id), activeAlertCount, MAX_ACTIVE_ALERTS)
      : presentBillingOffSubscription(activeAlertCount, MAX_ACTIVE_ALERTS);
  });

  router.post('/subscription/checkout', signedIn, async (ctx) => {
    const on = requireBilling(billing);
    const body = validateBody(ctx, CheckoutBody);
    ctx.body = await createCheckoutSession(on, currentUser(ctx), body);
  });

  router.post('/subscription/portal', signedIn, async (ctx) => {
    const on = requireBilling(billing);
    const { returnUrl } = validateBody(ctx, PortalBody);
    ctx.body = await createPortalSession(on, currentUser(ctx).id, returnUrl);
  });

  // The SPA asks for `/promo/${code}`: an empty code arrives with the trailing slash.
  router.get(['/subscription/promo', '/subscription/promo/'], signedIn, () => {
    throw new ValidationError(PROMO_CODE_REQUIRED, 'code');
  });

  router.get('/subscription/promo/:code', signedIn, async (ctx) => {
    const { code } = validateParams(ctx, PromoParams);
    const promo = await findRedeemablePromo(db.knex, code, new Date());
    if (!promo) throw new InvalidPromoCodeError(404);
    ctx.body = presentValidPromo(promo);
  });

  return router;
}
