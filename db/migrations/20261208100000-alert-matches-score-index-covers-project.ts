import type { Knex } from 'knex';

// The per-user statistics (db/stats.ts) count a user's projects with a score over the threshold: with the project
// id in the (alert, score) index they are read from the index alone, not from one heap page per match (1,500 pages
// for a user at 100,000 projects in the api benchmark). Same number of indexes for the writes to keep up.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index alert_matches_alert_score_project_idx on alert_matches (alert_id, score desc) include (project_id)');
  await knex.raw('drop index alert_matches_alert_score_idx');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('create index alert_matches_alert_score_idx on alert_matches (alert_id, score desc)');
  await knex.raw('drop index alert_matches_alert_score_project_idx');
}
