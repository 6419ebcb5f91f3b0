import { markSubscriptionPastDue } from '../../db/subscriptions.ts';
import type { StripeEventContext } from './stripe-event-context.ts';
import { InvoicePayload } from './stripe-payloads.ts';

/** invoice.payment_failed: the subscription it bills is past due until Stripe says otherwise. */
export async function recordPaymentFailure(context: StripeEventContext, object: unknown): Promise<void> {
  const invoice = InvoicePayload.parse(object);
  const subscriptionId = invoice.parent?.subscription_details?.subscription ?? invoice.subscription;
  if (subscriptionId) await markSubscriptionPastDue(context.db, subscriptionId, context.eventAt);
}
