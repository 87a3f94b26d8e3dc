import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { MAX_OCCURRENCES, occurrences } from '../../core/recurrence';
import '../../core/time';
import { dateParam, fromWall, parseDateParam, toWall } from '../../src/app/pages/calendar/wallClock';

// Repeat series in the facility's zone (spec 2 §2) and the calendar's wall-clock conversion.

const LA = 'America/Los_Angeles';
const la = (local: string) => dayjs.tz(local, LA).unix();
const local = (s: number) => dayjs.unix(s).tz(LA).format('YYYY-MM-DD HH:mm');

describe('occurrences', () => {
  it('daily every other day until a date, inclusive of that day', () => {
    const rows = occurrences(la('2027-03-10 18:00'), la('2027-03-10 19:30'), { method: 'daily', frequency: 2, end_method: 'until', until: la('2027-03-16 09:00') }, LA);
    expect(rows.map((r) => local(r.start_date))).toEqual(['2027-03-10 18:00', '2027-03-12 18:00', '2027-03-14 18:00', '2027-03-16 18:00']);
    expect(rows.every((r) => r.end_date - r.start_date === 5400)).toBe(true);
  });

  it('weekly moves to the chosen weekday on or after the start and keeps the wall clock across DST', () => {
    // 2027-11-04 is a Thursday; Saturday is 6. Clocks go back on 7 November.
    const rows = occurrences(la('2027-11-04 20:00'), la('2027-11-04 21:00'), { method: 'weekly', frequency: 1, end_method: 'count', count: 2, weekday: 6 }, LA);
    expect(rows.map((r) => local(r.start_date))).toEqual(['2027-11-06 20:00', '2027-11-13 20:00']);
    expect(rows[1].start_date - rows[0].start_date).toBe(7 * 86400 + 3600);
  });

  it('never answers more than MAX_OCCURRENCES rows', () => {
    expect(occurrences(la('2027-01-01 10:00'), la('2027-01-01 11:00'), { method: 'daily', frequency: 1, end_method: 'until', until: la('2035-01-01 10:00') }, LA)).toHaveLength(MAX_OCCURRENCES);
  });
});

describe('the wall clock', () => {
  it('draws an instant at the facility\'s local time and reads it back, on both sides of a change', () => {
    for (const when of ['2027-03-13 19:00', '2027-03-15 19:00', '2027-11-06 19:00', '2027-11-08 19:00']) {
      const wall = toWall(la(when), LA);
      expect(wall.toISOString().slice(0, 16).replace('T', ' ')).toBe(when);
      expect(fromWall(wall, LA)).toBe(la(when));
    }
  });

  it('reads and writes ?date=M/D/YYYY', () => {
    const date = parseDateParam('3/6/2028')!;
    expect(dateParam(date)).toBe('3/6/2028');
    expect(parseDateParam('2/30/2028')).toBeNull();
    expect(parseDateParam('tomorrow')).toBeNull();
  });
});
