const DAY_MS = 86_400_000;
export const DEFAULT_FIRST_RUN_DAYS = 30;

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * `newestPublicationFrom` for a run: an explicit `since`, else the stored cursor minus one day
 * (a publication of the cursor's day may have been added after the last run), else 30 days ago.
 */
export function searchWindowStart(options: { since?: string; cursor: string | null; now: Date }): string {
  if (options.since) return options.since;
  if (options.cursor) return isoDay(Date.parse(`${options.cursor}T00:00:00Z`) - DAY_MS);
  return isoDay(options.now.getTime() - DEFAULT_FIRST_RUN_DAYS * DAY_MS);
}

/**
 * How far a search has come through its window, in days. simap gives no total, but it lists the newest
 * publications first, so the oldest date on the latest page tells how much of the window is behind us.
 */
export function windowProgress(options: { windowStart: string; now: Date; oldestSeen: string | null }): { done: number; total: number } {
  const today = Date.parse(`${isoDay(options.now.getTime())}T00:00:00Z`);
  const total = Math.max(1, Math.round((today - Date.parse(`${options.windowStart}T00:00:00Z`)) / DAY_MS));
  if (!options.oldestSeen) return { done: 0, total };
  const done = Math.round((today - Date.parse(`${options.oldestSeen.slice(0, 10)}T00:00:00Z`)) / DAY_MS);
  return { done: Math.min(total, Math.max(0, done)), total };
}
