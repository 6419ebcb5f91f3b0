import { describe, expect, it } from 'vitest';
import { daysSince, groupByAge, MISSING_DATE_AGE } from './age-groups.ts';

const now = new Date('2026-03-31T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

describe('groupByAge', () => {
  it('puts up to 7 days, 8-30 days and over 30 days in three groups, each by score descending', () => {
    const items = [
      { id: 'a', publishedAt: daysAgo(1), score: 40 },
      { id: 'b', publishedAt: daysAgo(7), score: 90 },
      { id: 'c', publishedAt: daysAgo(8), score: 55 },
      { id: 'd', publishedAt: daysAgo(30), score: 70 },
      { id: 'e', publishedAt: daysAgo(31), score: 10 },
      { id: 'f', publishedAt: null, score: 99 },
      { id: 'g', publishedAt: daysAgo(2), score: null },
    ];
    const groups = groupByAge(
      items,
      (item) => item.publishedAt,
      (item) => item.score,
      now,
    );
    expect(groups.recent.map((item) => item.id)).toEqual(['b', 'a', 'g']);
    expect(groups.month.map((item) => item.id)).toEqual(['d', 'c']);
    expect(groups.older.map((item) => item.id)).toEqual(['f', 'e']);
  });

  it('counts a missing or invalid publish date as 31 days', () => {
    expect(daysSince(null, now)).toBe(MISSING_DATE_AGE);
    expect(daysSince('not a date', now)).toBe(31);
    expect(daysSince(daysAgo(3), now)).toBe(3);
  });
});
