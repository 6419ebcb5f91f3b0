import { claimStripeEvent, markStripeEventProcessed } from '../../db/stripe-events.ts';
import type { Billing } from './billing-context.ts';
import { completeCheckout } from './complete-checkout.ts';
import { recordPaymentFailure } from './record-payment-failure.ts';
import type { StripeEventHandler } from './stripe-event-context.ts';
import type { StripeEventEnvelope } from './stripe-payloads.ts';
import { syncSubscription } from './sync-subscription.ts';

const HANDLERS: Readonly<Record<string, StripeEventHandler>> = {
  'checkout.session.completed': completeCheckout,
  'customer.subscription.created': syncSubscription,
  'customer.subscription.updated': syncSubscription,
  'customer.subscription.deleted': syncSubscription,
  'invoice.payment_failed': recordPaymentFailure,
};

export type StripeEventOutcome = 'processed' | 'ignored' | 'duplicate';

/**
 * Handles a verified event once. The event row, the handler's writes and processed_at commit together: a handler
 * that throws leaves no row behind, so Stripe's retry runs it again.
 */
export async function handleStripeEvent(billing: Billing, event: StripeEventEnvelope): Promise<StripeEventOutcome> {
  return billing.db.transaction(async (trx) => {
    if (!(await claimStripeEvent(trx, event.id, event.type))) return 'duplicate';
    const handler = HANDLERS[event.type];
    if (handler) {
      const logger = billing.logger.child({ stripeEvent: event.id, type: event.type });
      await handler({ db: trx, settings: billing.settings, eventAt: new Date(event.created * 1000), logger }, event.data.object);
    }
    await markStripeEventProcessed(trx, event.id);
    return handler ? 'processed' : 'ignored';
  });
}
