import { redeemPromoCode } from '../../db/promo-codes.ts';
import { linkCheckoutSubscription } from '../../db/subscriptions.ts';
import { findUserById } from '../../db/users.ts';
import type { StripeEventContext } from './stripe-event-context.ts';
import { CheckoutSessionPayload } from './stripe-payloads.ts';

/** checkout.session.completed: the customer and subscription belong to the user who started the checkout; its promo is redeemed. */
export async function completeCheckout(context: StripeEventContext, object: unknown): Promise<void> {
  const session = CheckoutSessionPayload.parse(object);
  if (session.mode !== 'subscription' || !session.customer || !session.subscription) return;
  const userId = Number(session.client_reference_id ?? session.metadata?.userId);
  const user = Number.isSafeInteger(userId) && userId > 0 ? await findUserById(context.db, userId) : undefined;
  if (!user) {
    context.logger.warn({ session: session.id }, 'completed checkout of no known user; ignored');
    return;
  }
  await linkCheckoutSubscription(context.db, { userId: user.id, stripeCustomerId: session.customer, stripeSubscriptionId: session.subscription });
  const promoCode = session.metadata?.promoCode;
  if (promoCode) await redeemPromoCode(context.db, promoCode);
}
