import type { Knex } from 'knex';
import type { Config } from '../../config.ts';
import { findUserSubscription, isEntitledStatus } from '../../db/subscriptions.ts';
import { SubscriptionRequiredError } from './billing-errors.ts';

/** With billing on, alerts need an active or trialing subscription; with billing off everyone has the plan. */
export async function ensureAlertEntitlement(db: Knex, config: Pick<Config, 'stripe'>, userId: number): Promise<void> {
  if (!config.stripe) return;
  const subscription = await findUserSubscription(db, userId);
  if (!isEntitledStatus(subscription?.status)) throw new SubscriptionRequiredError();
}
