import type { Knex } from 'knex';

// A per-user key that signs the one-click links of the user's e-mails (👍 / 👎 / ☆), so they work without a session.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.text('email_link_key');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('email_link_key');
  });
}
