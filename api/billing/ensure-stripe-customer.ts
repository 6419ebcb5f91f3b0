import { findUserSubscription, linkStripeCustomer } from '../../db/subscriptions.ts';
import type { UserRow } from '../../db/users.ts';
import type { Billing } from './billing-context.ts';
import { callStripe } from './call-stripe.ts';

/** The user's Stripe customer, created (with metadata userId) on first checkout. */
export async function ensureStripeCustomer(billing: Billing, user: Pick<UserRow, 'id' | 'email' | 'username'>): Promise<string> {
  const existing = await findUserSubscription(billing.db, user.id);
  if (existing?.stripeCustomerId) return existing.stripeCustomerId;
  const customer = await callStripe(billing, 'create customer', () =>
    billing.stripe.customers.create({ email: user.email, name: user.username, metadata: { userId: String(user.id) } }),
  );
  return linkStripeCustomer(billing.db, user.id, customer.id);
}
