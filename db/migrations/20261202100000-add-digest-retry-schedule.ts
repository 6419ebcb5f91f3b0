import type { Knex } from 'knex';

// When a digest that could not be sent is tried again (retries spread over more than a day of SMTP outage), and
// the frequency of each entry's alert, so the subject of a re-sent digest names the same kind.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sent_emails', (t) => {
    t.timestamp('next_attempt_at', { useTz: true });
    t.text('frequency');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sent_emails', (t) => {
    t.dropColumn('frequency');
    t.dropColumn('next_attempt_at');
  });
}
