import type { Knex } from 'knex';

// Publications whose details simap would not give (404, garbage): tried again on later runs, then quarantined.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('publication_retries', (t) => {
    t.text('publication_id').primary();
    t.text('source').notNullable().defaultTo('simap');
    t.text('project_id').notNullable();
    t.text('pub_type');
    t.text('publication_date');
    t.jsonb('search_entry');
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('publication_retries');
}
