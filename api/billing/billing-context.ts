import type { Knex } from 'knex';
import type Stripe from 'stripe';
import type { Logger } from '../../logger.ts';
import type { ApiDeps } from '../api-deps.ts';
import { BillingOffError } from './billing-errors.ts';
import { stripeClientFor, type StripeSettings } from './stripe-client.ts';

/** What the billing functions need when billing is on. */
export interface Billing {
  db: Knex;
  stripe: Stripe;
  settings: StripeSettings;
  publicUrl: string;
  trialDays: number;
  logger: Logger;
}

export function billingFrom(deps: Pick<ApiDeps, 'config' | 'db' | 'logger'>): Billing | undefined {
  const { config } = deps;
  if (!config.stripe) return undefined;
  return {
    db: deps.db.knex,
    stripe: stripeClientFor(config.stripe),
    settings: config.stripe,
    publicUrl: config.publicUrl,
    trialDays: config.trialDays,
    logger: deps.logger,
  };
}

export function requireBilling(billing: Billing | undefined): Billing {
  if (!billing) throw new BillingOffError();
  return billing;
}
