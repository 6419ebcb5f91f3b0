import type { Knex } from 'knex';
import { applyStripeSubscription, ENDED_STATUSES, findSubscriptionByCustomer, type SubscriptionPlan } from '../../db/subscriptions.ts';
import { findUserById } from '../../db/users.ts';
import type { StripeSettings } from './stripe-client.ts';
import type { StripeEventContext } from './stripe-event-context.ts';
import { fromUnixTime, SubscriptionPayload } from './stripe-payloads.ts';

type SubscriptionItem = SubscriptionPayload['items']['data'][number];

function planFor(settings: StripeSettings, item: SubscriptionItem | undefined): SubscriptionPlan | null {
  if (!item) return null;
  if (item.price.id === settings.priceMonthly) return 'monthly';
  if (item.price.id === settings.priceYearly) return 'yearly';
  const interval = item.price.recurring?.interval;
  return interval === 'month' ? 'monthly' : interval === 'year' ? 'yearly' : null;
}

/** The customer row links the subscription to its user; the userId metadata set at checkout covers a row not linked yet. */
async function subscriberOf(db: Knex, subscription: SubscriptionPayload): Promise<number | undefined> {
  const linked = await findSubscriptionByCustomer(db, subscription.customer);
  if (linked) return linked.userId;
  const userId = Number(subscription.metadata?.userId);
  if (!Number.isSafeInteger(userId) || userId <= 0) return undefined;
  return (await findUserById(db, userId))?.id;
}

/** customer.subscription.created / updated / deleted: the subscription's state as the event shows it. */
export async function syncSubscription(context: StripeEventContext, object: unknown): Promise<void> {
  const subscription = SubscriptionPayload.parse(object);
  const userId = await subscriberOf(context.db, subscription);
  if (userId === undefined) {
    context.logger.warn({ subscription: subscription.id, customer: subscription.customer }, 'Stripe subscription of no known user; ignored');
    return;
  }
  const item = subscription.items.data[0];
  const ended = ENDED_STATUSES.includes(subscription.status);
  const applied = await applyStripeSubscription(context.db, {
    userId,
    stripeCustomerId: subscription.customer,
    stripeSubscriptionId: subscription.id,
    status: subscription.status,
    plan: planFor(context.settings, item),
    currentPeriodStart: fromUnixTime(item?.current_period_start ?? subscription.current_period_start),
    currentPeriodEnd: fromUnixTime(item?.current_period_end ?? subscription.current_period_end),
    trialEnd: fromUnixTime(subscription.trial_end),
    cancelAtPeriodEnd: !ended && (subscription.cancel_at_period_end || Boolean(subscription.cancel_at)),
    eventAt: context.eventAt,
  });
  if (!applied) context.logger.info({ subscription: subscription.id, userId }, 'older or superseded Stripe subscription state; ignored');
}
