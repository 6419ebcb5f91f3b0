import type { Knex } from 'knex';

// What a digest needs to be rendered again identically (retries re-send the same content), and its send attempts.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sent_emails', (t) => {
    t.text('language');
    t.text('explanation');
    t.timestamp('deadline', { useTz: true });
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('last_attempt_at', { useTz: true });
  });
  await knex.raw(`create index sent_emails_retry_idx on sent_emails (digest_id) where status <> 'sent'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists sent_emails_retry_idx');
  await knex.schema.alterTable('sent_emails', (t) => {
    t.dropColumn('last_attempt_at');
    t.dropColumn('attempts');
    t.dropColumn('deadline');
    t.dropColumn('explanation');
    t.dropColumn('language');
  });
}
