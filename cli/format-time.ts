const CLOCK = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false, timeZoneName: 'short' });

/** A time of day for operators, with its zone ("14:03:05 CET", "13:03:05 UTC"): servers and people are seldom in the same one. */
export function formatClockTime(date: Date, format: Intl.DateTimeFormat = CLOCK): string {
  return format.format(date);
}

/** "42 s", "3 min 20 s", "1 h 05 min". */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
