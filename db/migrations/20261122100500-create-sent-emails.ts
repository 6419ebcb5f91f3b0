import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sent_emails', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('alert_id').references('alerts.id').onDelete('SET NULL');
    // project_keys outlives a projects reset, so history keeps linking to the same project id.
    t.integer('project_id').references('project_keys.id');
    t.text('simap_project_id').notNullable();
    t.text('digest_id').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.text('message_id');
    t.smallint('score');
    t.text('alert_prompt');
    t.text('project_title');
    t.text('project_organization');
    t.timestamp('sent_at', { useTz: true });
    t.text('error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['alert_id', 'simap_project_id']);
    t.index(['digest_id']);
    t.check(`status in ('pending', 'sent', 'failed')`, [], 'sent_emails_status_check');
  });
  await knex.raw('create index sent_emails_user_created_idx on sent_emails (user_id, created_at desc, id desc)');
  await knex.raw('create index sent_emails_created_idx on sent_emails (created_at desc, id desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sent_emails');
}
