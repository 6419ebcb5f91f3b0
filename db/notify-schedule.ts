import type { Knex } from 'knex';

/** The period each scheduled frequency last served: a Zurich day for daily, the Monday of a Zurich week for weekly (YYYY-MM-DD). */
export interface NotifyServedPeriods {
  daily: string | null;
  weekly: string | null;
}

export async function findNotifyServedPeriods(db: Knex): Promise<NotifyServedPeriods> {
  const { rows } = await db.raw(`select frequency, to_char(served_period, 'YYYY-MM-DD') as period from notify_schedule`);
  const served: NotifyServedPeriods = { daily: null, weekly: null };
  for (const row of rows as Array<{ frequency: keyof NotifyServedPeriods; period: string }>) served[row.frequency] = row.period;
  return served;
}

/** Records that `frequency` served `period`; never moves backwards when two notify runs finish out of order. */
export async function recordNotifyServed(db: Knex, frequency: keyof NotifyServedPeriods, period: string, at: Date): Promise<void> {
  await db.raw(
    `insert into notify_schedule (frequency, served_period, served_at) values (?, ?::date, ?)
     on conflict (frequency) do update set served_period = excluded.served_period, served_at = excluded.served_at
      where notify_schedule.served_period < excluded.served_period`,
    [frequency, period, at],
  );
}
