import type { Knex } from 'knex';

// Which scorer code learned the stored associations: they are stems of that code's analyzer, so a deploy whose
// stemming or splitting differs learns them again instead of reading stems it no longer produces.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('learned_associations_state', (t) => {
    t.text('scorer_version');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('learned_associations_state', (t) => {
    t.dropColumn('scorer_version');
  });
}
