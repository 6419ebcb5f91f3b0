import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('alerts', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('prompt').notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.text('frequency').notNullable().defaultTo('daily');
    t.text('language').notNullable();
    t.text('prompt_hash').notNullable();
    // Watermark: the prompt hash and the highest projects.content_seq this alert has been scored against.
    t.text('scored_prompt_hash');
    t.bigInteger('scored_content_seq').notNullable().defaultTo(0);
    t.text('llm_scored_prompt_hash');
    t.bigInteger('llm_scored_content_seq').notNullable().defaultTo(0);
    t.timestamps(true, true, false);
    t.index(['user_id']);
    t.index(['is_active']);
    t.check(`frequency in ('immediate', 'daily', 'weekly')`, [], 'alerts_frequency_check');
    t.check(`language in ('fr', 'de', 'it', 'en')`, [], 'alerts_language_check');
  });

  await knex.schema.createTable('alert_matches', (t) => {
    t.increments('id');
    t.integer('alert_id').notNullable().references('alerts.id').onDelete('CASCADE');
    t.integer('project_id').notNullable().references('projects.id').onDelete('CASCADE');
    t.smallint('score').notNullable();
    t.text('explanation').notNullable();
    t.text('scorer').notNullable();
    t.bigInteger('content_seq').notNullable();
    t.timestamps(true, true, false);
    t.unique(['alert_id', 'project_id']);
    t.index(['project_id']);
    t.check('score between 0 and 100', [], 'alert_matches_score_check');
  });
  await knex.raw('create index alert_matches_alert_score_idx on alert_matches (alert_id, score desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('alert_matches');
  await knex.schema.dropTable('alerts');
}
