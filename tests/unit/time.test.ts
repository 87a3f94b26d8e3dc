import { describe, expect, it } from 'vitest';
import { defaultTimeZone, displayCloseTime, formatChangelogDate, formatDateTime } from '../../core/time';

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

  it('shows a stored 23.99 close time as midnight (24)', () => {
    expect(displayCloseTime(23.99)).toBe(24);
    expect(displayCloseTime(22.5)).toBe(22.5);
    expect(displayCloseTime(0)).toBe(0);
  });
});
