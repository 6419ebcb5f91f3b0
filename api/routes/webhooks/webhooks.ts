import type Router from '@koa/router';
import { z } from 'zod';
import type { ApiDeps } from '../../api-deps.ts';
import { billingFrom, requireBilling } from '../../billing/billing-context.ts';
import { MalformedStripeEventError } from '../../billing/billing-errors.ts';
import { handleStripeEvent } from '../../billing/handle-stripe-event.ts';
import { verifyStripeEvent } from '../../billing/verify-stripe-event.ts';
import { readRawBody } from './read-raw-body.ts';
import { apiRouter } from '../api-router.ts';

const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** The id and type of an event for the log, without any of its (personal) data. */
function eventLabel(rawBody: Buffer): { id?: unknown; type?: unknown } {
  try {
    const { id, type } = JSON.parse(rawBody.toString('utf8')) as { id?: unknown; type?: unknown };
    return { id, type };
  } catch {
    return {};
  }
}

/** Called by Stripe, not the browser: no session, no JSON body parser (see body-parser.ts), no Origin check. */
export function webhookRoutes(deps: ApiDeps): Router {
  const billing = billingFrom(deps);
  const router = apiRouter('/api/webhooks');

  router.post('/stripe', async (ctx) => {
    const on = requireBilling(billing);
    const rawBody = await readRawBody(ctx.req, WEBHOOK_BODY_LIMIT);
    const signature = ctx.get('Stripe-Signature');
    try {
      const outcome = await handleStripeEvent(on, verifyStripeEvent(on, rawBody, signature));
      ctx.body = { received: true, outcome };
    } catch (error) {
      // The handler's transaction rolled back: the event is not recorded and nothing it would change has changed.
      if (!(error instanceof z.ZodError)) throw error;
      const issues = error.issues.map((issue) => `${issue.path.join('.') || '(event)'}: ${issue.message}`);
      ctx.state.log.warn({ stripeEvent: eventLabel(rawBody), issues }, 'malformed Stripe event refused');
      throw new MalformedStripeEventError();
    }
  });

  return router;
}
