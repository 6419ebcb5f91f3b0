import type { Knex } from 'knex';

// Stripe does not deliver events in order: the creation time of the event a row was last synced from lets an older
// snapshot arriving late be ignored.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('subscriptions', (t) => {
    t.timestamp('last_stripe_event_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('subscriptions', (t) => {
    t.dropColumn('last_stripe_event_at');
  });
}
