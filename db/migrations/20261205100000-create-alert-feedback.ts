import type { Knex } from 'knex';

// Feedback on a match, and what an alert learned from it (or was told: "must not contain").
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('alert_feedback', (t) => {
    t.increments('id');
    t.integer('alert_id').notNullable().references('alerts.id').onDelete('CASCADE');
    // project_keys outlives a projects reset, so feedback keeps pointing at the same simap project.
    t.integer('project_id').notNullable().references('project_keys.id').onDelete('CASCADE');
    t.text('verdict').notNullable();
    t.timestamps(true, true, false);
    t.unique(['alert_id', 'project_id']);
    t.check(`verdict in ('relevant', 'not_relevant')`, [], 'alert_feedback_verdict_check');
  });
  await knex.schema.createTable('alert_learned_items', (t) => {
    t.increments('id');
    t.integer('alert_id').notNullable().references('alerts.id').onDelete('CASCADE');
    // more / less: learned from feedback; exclude: a "must not contain" word the user typed.
    t.text('polarity').notNullable();
    t.text('kind').notNullable();
    t.text('value').notNullable();
    t.float('weight').notNullable().defaultTo(0);
    // An item the user undid: kept so that learning again does not bring it back.
    t.boolean('dismissed').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['alert_id', 'polarity', 'kind', 'value']);
    t.check(`polarity in ('more', 'less', 'exclude')`, [], 'alert_learned_items_polarity_check');
    t.check(`kind in ('term', 'cpv')`, [], 'alert_learned_items_kind_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('alert_learned_items');
  await knex.schema.dropTable('alert_feedback');
}
