import type { Knex } from 'knex';

// What the notices teach the local scorer (pipeline/scorer/learned-associations.ts): translations from
// titles in several languages and word → CPV associations, recomputed as the corpus grows.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('learned_translations', (t) => {
    t.text('source_language').notNullable();
    t.text('source_stem').notNullable();
    t.text('target_language').notNullable();
    t.text('target_stem').notNullable();
    t.double('weight').notNullable();
    t.primary(['source_language', 'source_stem', 'target_language', 'target_stem']);
  });
  await knex.schema.createTable('learned_code_terms', (t) => {
    t.text('language').notNullable();
    t.text('stem').notNullable();
    t.text('code').notNullable();
    t.double('weight').notNullable();
    t.integer('count').notNullable();
    t.primary(['language', 'stem', 'code']);
  });
  // One row: how many projects there were when the tables above were learned, and when.
  await knex.schema.createTable('learned_associations_state', (t) => {
    t.boolean('id').primary().defaultTo(true);
    t.integer('documents').notNullable();
    t.timestamp('learned_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('alter table learned_associations_state add constraint learned_associations_state_single check (id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('learned_associations_state');
  await knex.schema.dropTable('learned_code_terms');
  await knex.schema.dropTable('learned_translations');
}
