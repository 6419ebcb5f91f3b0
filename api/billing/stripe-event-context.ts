import type { Knex } from 'knex';
import type { Logger } from '../../logger.ts';
import type { StripeSettings } from './stripe-client.ts';

/** What an event handler gets: the webhook's transaction, the prices, and when Stripe created the event. */
export interface StripeEventContext {
  db: Knex.Transaction;
  settings: StripeSettings;
  eventAt: Date;
  logger: Logger;
}

export type StripeEventHandler = (context: StripeEventContext, object: unknown) => Promise<void>;
