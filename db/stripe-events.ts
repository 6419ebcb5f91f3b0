import type { Knex } from 'knex';

/**
 * Records a Stripe event and locks its row for the transaction. Answers false when the event was already processed
 * (a redelivery). A concurrent delivery of the same event waits here until the first one commits or rolls back.
 */
export async function claimStripeEvent(trx: Knex.Transaction, id: string, type: string): Promise<boolean> {
  await trx('stripe_events').insert({ id, type }).onConflict('id').ignore();
  const row = await trx('stripe_events').where({ id }).forUpdate().first<{ processedAt: Date | null } | undefined>('processedAt');
  return row?.processedAt == null;
}

export async function markStripeEventProcessed(trx: Knex.Transaction, id: string): Promise<void> {
  await trx('stripe_events').where({ id }).update({ processedAt: trx.fn.now() });
}
