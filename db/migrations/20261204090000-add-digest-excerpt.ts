import type { Knex } from 'knex';

// The few lines a digest shows under each project (summary extract or first lines of the notice), kept so a retry renders the same e-mail.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sent_emails', (t) => {
    t.text('excerpt');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sent_emails', (t) => {
    t.dropColumn('excerpt');
  });
}
