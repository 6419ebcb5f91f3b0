import type Stripe from 'stripe';
import type { PromoCodeRow } from '../../db/promo-codes.ts';
import { findUserSubscription, type SubscriptionPlan } from '../../db/subscriptions.ts';
import type { UserRow } from '../../db/users.ts';
import type { Billing } from './billing-context.ts';
import { InvalidPromoCodeError, PaymentProviderError, SubscriptionExistsError } from './billing-errors.ts';
import { callStripe } from './call-stripe.ts';
import { ensurePromoCoupon } from './ensure-promo-coupon.ts';
import { ensureStripeCustomer } from './ensure-stripe-customer.ts';
import { findRedeemablePromo } from './find-redeemable-promo.ts';
import { resolveReturnUrl } from './resolve-return-url.ts';

/** Statuses of a subscription Stripe still bills or may still bill: a second checkout would double it. */
const LIVE_STATUSES = ['active', 'trialing', 'past_due', 'unpaid'];

export interface CheckoutRequest {
  plan: SubscriptionPlan;
  promoCode?: string | undefined;
  successUrl?: string | undefined;
  cancelUrl?: string | undefined;
}

/**
 * The default trial is for a first subscription only; a trial promo gives its own days. Stripe wants at least one
 * day, so zero means no trial.
 */
function trialDaysFor(billing: Billing, promo: PromoCodeRow | undefined, hadSubscription: boolean): number {
  if (promo?.type === 'trial') return promo.value;
  return hadSubscription ? 0 : billing.trialDays;
}

export async function createCheckoutSession(
  billing: Billing,
  user: Pick<UserRow, 'id' | 'email' | 'username'>,
  request: CheckoutRequest,
): Promise<{ url: string }> {
  const successUrl = resolveReturnUrl(billing.publicUrl, request.successUrl, '/subscription/success', 'successUrl');
  const cancelUrl = resolveReturnUrl(billing.publicUrl, request.cancelUrl, '/subscription', 'cancelUrl');
  const current = await findUserSubscription(billing.db, user.id);
  if (current && LIVE_STATUSES.includes(current.status)) throw new SubscriptionExistsError();

  const promo = request.promoCode ? await findRedeemablePromo(billing.db, request.promoCode, new Date()) : undefined;
  if (request.promoCode && !promo) throw new InvalidPromoCodeError(400);

  const customer = await ensureStripeCustomer(billing, user);
  const coupon = promo?.type === 'discount' ? await ensurePromoCoupon(billing, promo) : undefined;
  const trialDays = trialDaysFor(billing, promo, Boolean(current?.stripeSubscriptionId));
  const userId = String(user.id);

  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'subscription',
    customer,
    client_reference_id: userId,
    line_items: [{ price: request.plan === 'yearly' ? billing.settings.priceYearly : billing.settings.priceMonthly, quantity: 1 }],
    subscription_data: { metadata: { userId }, ...(trialDays > 0 ? { trial_period_days: trialDays } : {}) },
    ...(coupon ? { discounts: [{ coupon }] } : {}),
    metadata: { userId, plan: request.plan, ...(promo ? { promoCode: promo.code } : {}) },
    success_url: successUrl,
    cancel_url: cancelUrl,
  };
  const session = await callStripe(billing, 'create checkout session', () => billing.stripe.checkout.sessions.create(params));
  if (!session.url) throw new PaymentProviderError();
  return { url: session.url };
}
