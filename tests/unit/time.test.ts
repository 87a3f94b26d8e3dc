import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultTimeZone, displayCloseTime, formatChangelogDate, formatDateTime, formatDay, wallClock, zonedMidnight, zonedTime } from '../../core/time';
import { setDayFirst } from '../../core/dateOrder';

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

  it('reads the same wall clock as Intl for any instant from 1900 to 2100, in zones with odd offsets and changes', () => {
    // The oracle: one formatToParts per instant, as wallClock read it before it cached offsets by quarter hour.
    const intlWallClock = (seconds: number, zone: string) => {
      const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', weekday: 'short' })
        .formatToParts(seconds * 1000);
      const part = (type: string) => parts.find((p) => p.type === type)!.value;
      return {
        year: Number(part('year')), month: Number(part('month')), day: Number(part('day')),
        weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday')), hour: Number(part('hour')), minute: Number(part('minute')),
      };
    };
    const zones = ['America/New_York', 'America/Los_Angeles', 'America/St_Johns', 'Europe/Dublin', 'Europe/Amsterdam', 'Africa/Monrovia',
      'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/Sao_Paulo', 'UTC'];
    const from = Date.UTC(1900, 0, 1) / 1000;
    const to = Date.UTC(2100, 0, 1) / 1000;
    // Instants anywhere, and instants within a day of New York's and Lord Howe's changes (many per quarter hour).
    const near = (year: number, month: number, day: number, hourUtc: number) => fc.integer({ min: -86_400, max: 86_400 }).map((d) => Date.UTC(year, month - 1, day, hourUtc) / 1000 + d);
    const instant = fc.oneof(fc.integer({ min: from, max: to }), near(2028, 3, 12, 7), near(2028, 11, 5, 6), near(2027, 4, 4, 15), near(2027, 10, 2, 15));
    fc.assert(fc.property(instant, fc.constantFrom(...zones), (seconds, zone) => {
      expect(wallClock(seconds, zone)).toEqual(intlWallClock(seconds, zone));
    }), { numRuns: 5000 });
  });

  it('finds the instant of a day and time of any year from 1 to 9999, the years a date field passes through while 2030 is typed included', () => {
    // Date.UTC reads 2 as 1902: a date typed digit by digit (0002, 0020, 0203) came back as another year
    // and was written over the field. Local mean time's odd seconds (Monrovia's −0:44:30) count too.
    const zones = ['America/New_York', 'America/Los_Angeles', 'America/St_Johns', 'Africa/Monrovia', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'UTC'];
    expect(wallClock(zonedTime(2, 8, 7, 570, 'America/New_York'), 'America/New_York')).toMatchObject({ year: 2, month: 8, day: 7, hour: 9, minute: 30 });
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), fc.integer({ min: 4 * 60, max: 23 * 60 + 59 }), fc.constantFrom(...zones),
      (year, month, day, minutes, zone) => {
        expect(wallClock(zonedTime(year, month, day, minutes, zone), zone)).toMatchObject({ year, month, day, hour: Math.floor(minutes / 60), minute: minutes % 60 });
        expect(wallClock(zonedMidnight(year, month, day, zone), zone)).toMatchObject({ year, month, day, hour: 0, minute: 0 });
        expect(wallClock(zonedMidnight(year, month, day + 1, zone) - 1, zone)).toMatchObject({ year, month, day, hour: 23, minute: 59 });
      },
    ), { numRuns: 3000 });
  });

  it('shows a stored 23.99 close time as midnight (24)', () => {
    expect(displayCloseTime(23.99)).toBe(24);
    expect(displayCloseTime(22.5)).toBe(22.5);
    expect(displayCloseTime(0)).toBe(0);
  });
});

describe('formatDay', () => {
  it('writes a YYYY-MM-DD day as dates are read, month first or day first, whatever the zone', () => {
    expect(formatDay('2026-03-08')).toBe('3/8/2026');
    setDayFirst(true);
    try {
      expect(formatDay('2026-03-08')).toBe('08/03/2026');
    } finally {
      setDayFirst(false);
    }
  });
});
