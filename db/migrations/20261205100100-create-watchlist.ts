import type { Knex } from 'knex';

// Watched projects, reminder settings and the reminders sent (one row per reminder, exactly once).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('watchlist', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('project_id').notNullable().references('project_keys.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'project_id']);
  });
  await knex.schema.alterTable('users', (t) => {
    t.boolean('reminders_enabled').notNullable().defaultTo(true);
    t.specificType('reminder_days', 'smallint[]').notNullable().defaultTo('{7,2}');
    t.text('calendar_token');
    t.unique(['calendar_token']);
  });
  await knex.schema.createTable('sent_reminders', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('project_id').notNullable().references('project_keys.id').onDelete('CASCADE');
    // deadline-7, deadline-2 (for that deadline), or status:<status>, corrected:<publication count>.
    t.text('reminder_key').notNullable();
    t.text('kind').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.text('language').notNullable();
    t.text('message_id').notNullable();
    // What the e-mail shows, kept so that a re-send after a crash is the same message.
    t.jsonb('payload').notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('last_attempt_at', { useTz: true });
    t.text('error');
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'project_id', 'reminder_key']);
    t.check(`status in ('pending', 'sent', 'failed')`, [], 'sent_reminders_status_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sent_reminders');
  await knex.schema.alterTable('users', (t) => {
    t.dropUnique(['calendar_token']);
    t.dropColumn('calendar_token');
    t.dropColumn('reminder_days');
    t.dropColumn('reminders_enabled');
  });
  await knex.schema.dropTable('watchlist');
}
