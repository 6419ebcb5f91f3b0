import { describe, expect, it } from 'vitest';
import { searchWindowStart, windowProgress } from './search-window.ts';

const now = new Date('2026-03-31T15:00:00Z');

describe('windowProgress', () => {
  it('counts the days from today back to the oldest publication seen, out of the whole window', () => {
    const windowStart = searchWindowStart({ cursor: null, now });
    expect(windowStart).toBe('2026-03-01');
    expect(windowProgress({ windowStart, now, oldestSeen: null })).toEqual({ done: 0, total: 30 });
    expect(windowProgress({ windowStart, now, oldestSeen: '2026-03-21' })).toEqual({ done: 10, total: 30 });
    expect(windowProgress({ windowStart, now, oldestSeen: '2026-02-27' })).toEqual({ done: 30, total: 30 });
  });

  it('never has an empty window, even when it starts today', () => {
    expect(windowProgress({ windowStart: '2026-03-31', now, oldestSeen: '2026-03-31' })).toEqual({ done: 0, total: 1 });
  });
});
