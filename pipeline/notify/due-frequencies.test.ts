import { describe, expect, it } from 'vitest';
import { dueFrequencies, zurichClock } from './due-frequencies.ts';

const NEVER = { daily: null, weekly: null };
const at = (iso: string) => new Date(iso);

describe('zurichClock', () => {
  it('reads the Zurich calendar day, not the UTC one, on both sides of midnight', () => {
    expect(zurichClock(at('2026-01-15T22:59:00Z'))).toEqual({ day: '2026-01-15', minutes: 23 * 60 + 59, weekMonday: '2026-01-12', isMonday: false });
    expect(zurichClock(at('2026-01-15T23:00:00Z'))).toEqual({ day: '2026-01-16', minutes: 0, weekMonday: '2026-01-12', isMonday: false });
    expect(zurichClock(at('2026-07-15T21:59:00Z'))).toMatchObject({ day: '2026-07-15', minutes: 23 * 60 + 59 });
    expect(zurichClock(at('2026-07-15T22:00:00Z'))).toMatchObject({ day: '2026-07-16', minutes: 0 });
  });

  it('starts the week on Monday, also across a month and a year boundary', () => {
    expect(zurichClock(at('2026-03-01T12:00:00Z'))).toMatchObject({ day: '2026-03-01', weekMonday: '2026-02-23', isMonday: false });
    expect(zurichClock(at('2026-01-01T12:00:00Z'))).toMatchObject({ weekMonday: '2025-12-29' });
    expect(zurichClock(at('2026-03-15T23:30:00Z'))).toMatchObject({ day: '2026-03-16', weekMonday: '2026-03-16', isMonday: true });
  });
});

describe('dueFrequencies', () => {
  it('always runs immediate', () => {
    expect(dueFrequencies(at('2026-01-15T02:00:00Z'), '07:00', NEVER)).toEqual(['immediate']);
  });

  it('runs daily from NOTIFY_DAILY_AT Zurich time in winter (UTC+1) and summer (UTC+2)', () => {
    expect(dueFrequencies(at('2026-01-15T05:59:00Z'), '07:00', NEVER)).toEqual(['immediate']);
    expect(dueFrequencies(at('2026-01-15T06:00:00Z'), '07:00', NEVER)).toEqual(['immediate', 'daily']);
    expect(dueFrequencies(at('2026-07-15T04:59:00Z'), '07:00', NEVER)).toEqual(['immediate']);
    expect(dueFrequencies(at('2026-07-15T05:00:00Z'), '07:00', NEVER)).toEqual(['immediate', 'daily']);
  });

  it('runs daily once per Zurich calendar day', () => {
    const ranOn15th = { daily: '2026-01-15', weekly: null };
    expect(dueFrequencies(at('2026-01-15T18:00:00Z'), '07:00', ranOn15th)).toEqual(['immediate']);
    // 00:30 on the 16th in Zurich while UTC is still on the 15th: a new day, but before 07:00.
    expect(dueFrequencies(at('2026-01-15T23:30:00Z'), '07:00', ranOn15th)).toEqual(['immediate']);
    expect(dueFrequencies(at('2026-01-16T06:00:00Z'), '07:00', ranOn15th)).toEqual(['immediate', 'daily']);
  });

  it('counts a time late in the evening on the Zurich date, not the UTC date', () => {
    const ranOn16th = { daily: '2026-01-16', weekly: null };
    // 23:30 UTC on the 15th is the 16th in Zurich: already served.
    expect(dueFrequencies(at('2026-01-15T23:30:00Z'), '00:15', ranOn16th)).toEqual(['immediate']);
    expect(dueFrequencies(at('2026-01-15T23:30:00Z'), '00:15', { daily: '2026-01-15', weekly: null })).toEqual(['immediate', 'daily']);
  });

  it('runs weekly on Monday from the same time, once per week', () => {
    const monday = at('2026-03-16T06:00:00Z');
    expect(dueFrequencies(at('2026-03-16T05:59:00Z'), '07:00', NEVER)).toEqual(['immediate']);
    expect(dueFrequencies(monday, '07:00', NEVER)).toEqual(['immediate', 'daily', 'weekly']);
    expect(dueFrequencies(at('2026-03-16T15:00:00Z'), '07:00', { daily: '2026-03-16', weekly: '2026-03-16' })).toEqual(['immediate']);
    expect(dueFrequencies(at('2026-03-17T06:00:00Z'), '07:00', { daily: '2026-03-16', weekly: '2026-03-16' })).toEqual(['immediate', 'daily']);
    expect(dueFrequencies(at('2026-03-17T06:00:00Z'), '07:00', NEVER)).toEqual(['immediate', 'daily']);
    expect(dueFrequencies(at('2026-03-23T06:00:00Z'), '07:00', { daily: '2026-03-22', weekly: '2026-03-16' })).toEqual(['immediate', 'daily', 'weekly']);
  });

  it('keeps to the wall clock on the DST change days', () => {
    // 29 March 2026: 02:00 CET jumps to 03:00 CEST, so 02:30 never happens; the run is due from 03:00.
    expect(dueFrequencies(at('2026-03-29T00:59:00Z'), '02:30', NEVER)).toEqual(['immediate']);
    expect(dueFrequencies(at('2026-03-29T01:00:00Z'), '02:30', NEVER)).toEqual(['immediate', 'daily']);
    // Same day, 07:00 is 05:00 UTC after the change.
    expect(dueFrequencies(at('2026-03-29T04:59:00Z'), '07:00', { daily: '2026-03-28', weekly: null })).toEqual(['immediate']);
    expect(dueFrequencies(at('2026-03-29T05:00:00Z'), '07:00', { daily: '2026-03-28', weekly: null })).toEqual(['immediate', 'daily']);
    // 25 October 2026: 02:30 happens twice (CEST then CET); the second one is the same day, already served.
    expect(dueFrequencies(at('2026-10-25T00:30:00Z'), '02:30', NEVER)).toEqual(['immediate', 'daily']);
    expect(dueFrequencies(at('2026-10-25T01:30:00Z'), '02:30', { daily: '2026-10-25', weekly: null })).toEqual(['immediate']);
    // Monday after the autumn change: 07:00 CET is 06:00 UTC.
    expect(dueFrequencies(at('2026-10-26T05:59:00Z'), '07:00', { daily: '2026-10-25', weekly: '2026-10-19' })).toEqual(['immediate']);
    expect(dueFrequencies(at('2026-10-26T06:00:00Z'), '07:00', { daily: '2026-10-25', weekly: '2026-10-19' })).toEqual(['immediate', 'daily', 'weekly']);
  });

  it('keeps to the requested frequencies', () => {
    expect(dueFrequencies(at('2026-03-16T06:00:00Z'), '07:00', NEVER, ['weekly'])).toEqual(['weekly']);
    expect(dueFrequencies(at('2026-03-17T06:00:00Z'), '07:00', NEVER, ['weekly'])).toEqual([]);
  });
});
