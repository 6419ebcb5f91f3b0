import type { NotifyServedPeriods } from '../../db/notify-schedule.ts';
import { NOTIFY_FREQUENCIES, type NotifyFrequency } from '../../domain/notify-frequencies.ts';

export const NOTIFY_TIME_ZONE = 'Europe/Zurich';

/** Wall-clock facts of an instant in Zurich; days as YYYY-MM-DD dates, which compare as text. */
export interface ZurichClock {
  day: string;
  /** Minutes since local midnight. */
  minutes: number;
  /** The Monday of the local week, YYYY-MM-DD. */
  weekMonday: string;
  isMonday: boolean;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const zurichParts = new Intl.DateTimeFormat('en-US', {
  timeZone: NOTIFY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
});

function dayKey(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function zurichClock(instant: Date): ZurichClock {
  const parts = Object.fromEntries(zurichParts.formatToParts(instant).map((p) => [p.type, p.value]));
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  const weekdayIndex = WEEKDAYS.indexOf(parts.weekday ?? '');
  const localDate = new Date(Date.UTC(year, month - 1, day));
  const monday = new Date(localDate.getTime() - weekdayIndex * 86_400_000);
  return {
    day: dayKey(localDate),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    weekMonday: dayKey(monday),
    isMonday: weekdayIndex === 0,
  };
}

function minutesOf(hhmm: string): number {
  const [hours, minutes] = hhmm.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/**
 * Which of the requested frequencies `--due` runs now: immediate always; daily once per Zurich calendar day from
 * `dailyAt` on; weekly once per Zurich week, on Monday from `dailyAt` on. Wall-clock comparison keeps DST days right.
 */
export function dueFrequencies(
  now: Date,
  dailyAt: string,
  last: NotifyServedPeriods,
  requested: readonly NotifyFrequency[] = NOTIFY_FREQUENCIES,
): NotifyFrequency[] {
  const clock = zurichClock(now);
  const pastDailyTime = clock.minutes >= minutesOf(dailyAt);
  const due: Record<NotifyFrequency, boolean> = {
    immediate: true,
    daily: pastDailyTime && (last.daily ?? '') < clock.day,
    weekly: clock.isMonday && pastDailyTime && (last.weekly ?? '') < clock.weekMonday,
  };
  return requested.filter((frequency) => due[frequency]);
}
