const DAY_MS = 86_400_000;
/** A project without a publish date counts as this old (docs/product.md §4). */
export const MISSING_DATE_AGE = 31;
export const RECENT_DAYS = 7;
export const MONTH_DAYS = 30;

export function daysSince(value: string | null | undefined, now: Date = new Date()): number {
  if (!value) return MISSING_DATE_AGE;
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return MISSING_DATE_AGE;
  return Math.max(0, Math.floor((now.getTime() - time) / DAY_MS));
}

export interface AgeGroups<T> {
  recent: T[];
  month: T[];
  older: T[];
}

/** Up to 7 days, 8-30 days, over 30 days; each sorted by score descending (unscored last). */
export function groupByAge<T>(
  items: readonly T[],
  publishedAt: (item: T) => string | null | undefined,
  score: (item: T) => number | null | undefined,
  now: Date = new Date(),
): AgeGroups<T> {
  const groups: AgeGroups<T> = { recent: [], month: [], older: [] };
  for (const item of items) {
    const age = daysSince(publishedAt(item), now);
    if (age <= RECENT_DAYS) groups.recent.push(item);
    else if (age <= MONTH_DAYS) groups.month.push(item);
    else groups.older.push(item);
  }
  const byScore = (a: T, b: T) => (score(b) ?? -1) - (score(a) ?? -1);
  groups.recent.sort(byScore);
  groups.month.sort(byScore);
  groups.older.sort(byScore);
  return groups;
}
