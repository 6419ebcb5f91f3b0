import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('subscriptions', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().unique().references('users.id').onDelete('CASCADE');
    t.text('stripe_customer_id').unique();
    t.text('stripe_subscription_id').unique();
    t.text('status').notNullable().defaultTo('incomplete');
    t.text('plan');
    t.timestamp('current_period_start', { useTz: true });
    t.timestamp('current_period_end', { useTz: true });
    t.timestamp('trial_end', { useTz: true });
    t.boolean('cancel_at_period_end').notNullable().defaultTo(false);
    t.timestamps(true, true, false);
    t.check(`plan is null or plan in ('monthly', 'yearly')`, [], 'subscriptions_plan_check');
  });

  await knex.schema.createTable('promo_codes', (t) => {
    t.increments('id');
    t.text('code').notNullable().unique();
    t.text('type').notNullable();
    t.integer('value').notNullable();
    t.integer('max_redemptions');
    t.integer('redemptions').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true });
    t.boolean('active').notNullable().defaultTo(true);
    t.text('stripe_coupon_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`type in ('discount', 'trial')`, [], 'promo_codes_type_check');
    t.check('value > 0', [], 'promo_codes_value_check');
  });

  await knex.schema.createTable('stripe_events', (t) => {
    t.text('id').primary();
    t.text('type').notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('processed_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('stripe_events');
  await knex.schema.dropTable('promo_codes');
  await knex.schema.dropTable('subscriptions');
}
