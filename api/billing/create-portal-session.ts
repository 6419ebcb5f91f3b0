import { findUserSubscription } from '../../db/subscriptions.ts';
import type { Billing } from './billing-context.ts';
import { NoBillingAccountError } from './billing-errors.ts';
import { callStripe } from './call-stripe.ts';
import { resolveReturnUrl } from './resolve-return-url.ts';

export async function createPortalSession(billing: Billing, userId: number, returnUrl: string | undefined): Promise<{ url: string }> {
  const url = resolveReturnUrl(billing.publicUrl, returnUrl, '/subscription', 'returnUrl');
  const subscription = await findUserSubscription(billing.db, userId);
  if (!subscription?.stripeCustomerId) throw new NoBillingAccountError();
  const customer = subscription.stripeCustomerId;
  const session = await callStripe(billing, 'create billing portal session', () => billing.stripe.billingPortal.sessions.create({ customer, return_url: url }));
  return { url: session.url };
}
