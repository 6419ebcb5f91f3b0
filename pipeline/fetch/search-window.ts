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
