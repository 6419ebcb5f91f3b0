import type Router from '@koa/router';
import type { ApiDeps } from '../../api-deps.ts';
import { billingFrom, requireBilling } from '../../billing/billing-context.ts';
import { handleStripeEvent } from '../../billing/handle-stripe-event.ts';
import { verifyStripeEvent } from '../../billing/verify-stripe-event.ts';
import { readRawBody } from './read-raw-body.ts';
import { apiRouter } from '../api-router.ts';

const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** Called by Stripe, not the browser: no session, no JSON body parser (see body-parser.ts), no Origin check. */
export function webhookRoutes(deps: ApiDeps): Router {
  const billing = billingFrom(deps);
  const router = apiRouter('/api/webhooks');

  router.post('/stripe', async (ctx) => {
    const on = requireBilling(billing);
    const rawBody = await readRawBody(ctx.req, WEBHOOK_BODY_LIMIT);
    const event = verifyStripeEvent(on, rawBody, ctx.get('Stripe-Signature'));
    const outcome = await handleStripeEvent(on, event);
    ctx.body = { received: true, outcome };
  });

  return router;
}
