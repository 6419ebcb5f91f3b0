import { describe, expect, it } from 'vitest';
import { formatClockTime, formatDuration } from './format-time.ts';

describe('formatClockTime', () => {
  it('names the time zone of the time it prints', () => {
    const at = new Date('2026-11-23T13:03:05Z');
    const zurich = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
      timeZoneName: 'short',
      timeZone: 'Europe/Zurich',
    });
    const utc = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
      timeZoneName: 'short',
      timeZone: 'UTC',
    });
    expect(formatClockTime(at, zurich)).toBe('14:03:05 CET');
    expect(formatClockTime(at, utc)).toBe('13:03:05 UTC');
    expect(formatClockTime(at)).toMatch(/^\d\d:\d\d:\d\d \S+$/);
  });
});

describe('formatDuration', () => {
  it('reads as seconds, minutes or hours', () => {
    expect(formatDuration(42_400)).toBe('42 s');
    expect(formatDuration(200_000)).toBe('3 min 20 s');
    expect(formatDuration(3_900_000)).toBe('1 h 05 min');
  });
});
