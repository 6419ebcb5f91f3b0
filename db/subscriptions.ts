import type { Knex } from 'knex';

export type SubscriptionPlan = 'monthly' | 'yearly';

export interface SubscriptionRow {
  id: number;
  userId: number;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  status: string;
  plan: SubscriptionPlan | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  trialEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  lastStripeEventAt: Date | null;
}

/** Statuses that give the plan's features; a trial counts as active (docs/architecture.md, deliberate deviations). */
export const ENTITLED_STATUSES: readonly string[] = ['active', 'trialing'];

/** Statuses after which Stripe never revives a subscription. */
export const ENDED_STATUSES: readonly string[] = ['canceled', 'incomplete_expired'];

/** The status of a user who has a Stripe customer but never completed a checkout. */
export const NO_SUBSCRIPTION = 'none';

export function isEntitledStatus(status: string | undefined): boolean {
  return status !== undefined && ENTITLED_STATUSES.includes(status);
}

export async function findUserSubscription(db: Knex, userId: number): Promise<SubscriptionRow | undefined> {
  return db<SubscriptionRow>('subscriptions').where({ userId }).first();
}

export async function findSubscriptionByCustomer(db: Knex, stripeCustomerId: string): Promise<SubscriptionRow | undefined> {
  return db<SubscriptionRow>('subscriptions').where({ stripeCustomerId }).first();
}

/** Stores the user's Stripe customer unless one is already stored; answers the stored one. */
export async function linkStripeCustomer(db: Knex, userId: number, stripeCustomerId: string): Promise<string> {
  await db('subscriptions')
    .insert({ userId, stripeCustomerId, status: NO_SUBSCRIPTION })
    .onConflict('userId')
    .merge({ stripeCustomerId, updatedAt: db.fn.now() })
    .whereNull('subscriptions.stripeCustomerId');
  const row = await findUserSubscription(db, userId);
  return row?.stripeCustomerId ?? stripeCustomerId;
}

export interface CheckoutLink {
  userId: number;
  stripeCustomerId: string;
  stripeSubscriptionId: string;
}

/**
 * Links a completed checkout's customer and subscription to the user. A subscription replacing an older one starts
 * as `incomplete` until its own subscription event brings its state.
 */
export async function linkCheckoutSubscription(db: Knex, link: CheckoutLink): Promise<void> {
  await db('subscriptions')
    .insert({ ...link, status: 'incomplete' })
    .onConflict('userId')
    .merge({
      stripeCustomerId: link.stripeCustomerId,
      stripeSubscriptionId: link.stripeSubscriptionId,
      status: db.raw(`case when subscriptions.stripe_subscription_id = ? then subscriptions.status else 'incomplete' end`, [link.stripeSubscriptionId]),
      updatedAt: db.fn.now(),
    });
}

export interface StripeSubscriptionState {
  userId: number;
  stripeCustomerId: string;
  stripeSubscriptionId: string;
  status: string;
  plan: SubscriptionPlan | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  trialEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Creation time of the Stripe event carrying this state. */
  eventAt: Date;
}

/**
 * Writes a subscription snapshot unless it is older than the one stored, or it is the end of a subscription the user
 * has since replaced. Answers whether it was written.
 */
export async function applyStripeSubscription(db: Knex, state: StripeSubscriptionState): Promise<boolean> {
  const { eventAt, ...fields } = state;
  const rows = await db('subscriptions')
    .insert({ ...fields, lastStripeEventAt: eventAt })
    .onConflict('userId')
    .merge({ ...fields, plan: db.raw('coalesce(excluded.plan, subscriptions.plan)'), lastStripeEventAt: eventAt, updatedAt: db.fn.now() })
    .where((q) => q.whereNull('subscriptions.lastStripeEventAt').orWhere('subscriptions.lastStripeEventAt', '<=', eventAt))
    .andWhere((q) =>
      q
        .whereNull('subscriptions.stripeSubscriptionId')
        .orWhere('subscriptions.stripeSubscriptionId', state.stripeSubscriptionId)
        .orWhereRaw(`excluded.status not in (${ENDED_STATUSES.map(() => '?').join(', ')})`, [...ENDED_STATUSES]),
    )
    .returning('id');
  return rows.length > 0;
}

/** A failed renewal payment: an active or trialing subscription becomes past_due. */
export async function markSubscriptionPastDue(db: Knex, stripeSubscriptionId: string, eventAt: Date): Promise<boolean> {
  const updated = await db('subscriptions')
    .where({ stripeSubscriptionId })
    .whereIn('status', ENTITLED_STATUSES)
    .andWhere((q) => q.whereNull('lastStripeEventAt').orWhere('lastStripeEventAt', '<=', eventAt))
    .update({ status: 'past_due', lastStripeEventAt: eventAt, updatedAt: db.fn.now() });
  return updated > 0;
}
