import { describe, expect, it } from 'vitest';
import { defaultTimeZone, displayCloseTime, formatChangelogDate, formatDateTime, wallClock, zonedMidnight } from '../../core/time';

describe('core/time', () => {
  it('follows the spec time-zone table', () => {
    for (const id of [1, 2, 3, 4, 5]) expect(defaultTimeZone(id)).toBe('America/New_York');
    expect(defaultTimeZone(11)).toBe('America/Chicago');
    for (const id of [6, 7, 8, 9, 10, 12, 13]) expect(defaultTimeZone(id)).toBe('America/Los_Angeles');
  });

  it('shows an instant in the facility time zone as M/D/YYYY HH:mm', () => {
    const instant = Date.UTC(2026, 10, 21, 2, 30) / 1000; // 02:30 UTC on Nov 21
    expect(formatDateTime(instant, 'America/New_York')).toBe('11/20/2026 21:30');
    expect(formatDateTime(instant, 'America/Los_Angeles')).toBe('11/20/2026 18:30');
    expect(formatChangelogDate(instant, 'America/Chicago')).toBe('20/11/2026 8:30PM');
  });

  it('reads the wall clock and finds local midnights on either side of the daylight-saving changes', () => {
    const instant = Date.UTC(2026, 10, 21, 2, 30) / 1000;
    expect(wallClock(instant, 'America/Chicago')).toEqual({ year: 2026, month: 11, day: 20, weekday: 5, hour: 20, minute: 30 });
    expect(wallClock(Date.UTC(2028, 2, 12, 5) / 1000, 'America/New_York')).toMatchObject({ day: 12, hour: 0, minute: 0 });
    // 12 March 2028 (23 hours) and 5 November 2028 (25 hours) in New York, 31 January rolling over to 1 February.
    expect(zonedMidnight(2028, 3, 12, 'America/New_York')).toBe(Date.UTC(2028, 2, 12, 5) / 1000);
    expect(zonedMidnight(2028, 3, 13, 'America/New_York')).toBe(Date.UTC(2028, 2, 13, 4) / 1000);
    expect(zonedMidnight(2028, 11, 5, 'America/New_York')).toBe(Date.UTC(2028, 10, 5, 4) / 1000);
    expect(zonedMidnight(2028, 11, 6, 'America/New_York')).toBe(Date.UTC(2028, 10, 6, 5) / 1000);
    expect(zonedMidnight(2028, 1, 32, 'America/Los_Angeles')).toBe(Date.UTC(2028, 1, 1, 8) / 1000);
  });

  it('shows a stored 23.99 close time as midnight (24)', () => {
    expect(displayCloseTime(23.99)).toBe(24);
    expect(displayCloseTime(22.5)).toBe(22.5);
    expect(displayCloseTime(0)).toBe(0);
  });
});
