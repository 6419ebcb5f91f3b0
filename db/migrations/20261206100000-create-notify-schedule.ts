import type { Knex } from 'knex';

// The Zurich day (daily) or the Monday of the Zurich week (weekly) the scheduled notify last served, as dates.
// They were kept as yyyymmdd numbers in pipeline_runs.counts; carried over so no digest goes out twice on upgrade.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notify_schedule', (t) => {
    t.text('frequency').primary();
    t.date('served_period').notNullable();
    t.timestamp('served_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table notify_schedule add constraint notify_schedule_frequency_check check (frequency in ('daily', 'weekly'))`);
  await knex.raw(
    `insert into notify_schedule (frequency, served_period)
     select frequency, to_date(max(value)::text, 'YYYYMMDD')
       from (select 'daily' as frequency, (counts->>'dailyDay')::int as value from pipeline_runs where stage = 'pipeline.notify' and status = 'succeeded'
             union all
             select 'weekly', (counts->>'weeklyWeek')::int from pipeline_runs where stage = 'pipeline.notify' and status = 'succeeded') served
      where value is not null
      group by frequency`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('notify_schedule');
}
