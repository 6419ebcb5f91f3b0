import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('project_summaries', (t) => {
    t.increments('id');
    t.integer('project_id').notNullable().references('projects.id').onDelete('CASCADE');
    t.text('language').notNullable();
    t.text('text').notNullable();
    t.text('model').notNullable();
    t.boolean('extractive').notNullable().defaultTo(false);
    t.bigInteger('content_seq').notNullable();
    t.timestamps(true, true, false);
    t.unique(['project_id', 'language']);
    t.check(`language in ('fr', 'de', 'it', 'en')`, [], 'project_summaries_language_check');
  });

  await knex.schema.createTable('summary_queue', (t) => {
    t.increments('id');
    t.integer('project_id').notNullable().unique().references('projects.id').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.timestamp('available_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('locked_at', { useTz: true });
    t.text('locked_by');
    t.timestamps(true, true, false);
    t.check(`status in ('pending', 'processing', 'completed', 'failed')`, [], 'summary_queue_status_check');
  });
  await knex.raw('create index summary_queue_claim_idx on summary_queue (status, available_at, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('summary_queue');
  await knex.schema.dropTable('project_summaries');
}
