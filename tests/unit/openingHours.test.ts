import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { hoursLabel, outsideOpeningHours } from '../../core/openingHours';
import '../../core/time';

// A field's opening hours (spec 1 §3): weekday and weekend hours in the facility's zone, 23.99 is
// midnight, a close time of 0 closes that part of the week; days of 23 and 25 hours count by the clock.

const NY = 'America/New_York';
const ny = (local: string) => dayjs.tz(local, NY).unix();
const field = { name: 'Maracanã', weekday_open_time: 16, weekday_close_time: 23.99, weekend_open_time: 8.5, weekend_close_time: 22 };
const check = (start: string, end: string, f = field) => outsideOpeningHours(f, ny(start), ny(end), NY);

describe('outsideOpeningHours', () => {
  it('accepts a booking within the day\'s hours, up to midnight, and refuses one starting before opening', () => {
    expect(check('2028-04-03 16:00', '2028-04-03 17:00')).toBeNull();
    expect(check('2028-04-03 23:00', '2028-04-04 00:00')).toBeNull();
    expect(check('2028-04-03 15:45', '2028-04-03 17:00')).toBe('Maracanã is open from 16:00 to 24:00 on 4/3/2028: the booking is outside its opening hours');
  });

  it('uses the weekend hours on Saturday and Sunday, half hours included', () => {
    expect(check('2028-04-08 08:30', '2028-04-08 09:30')).toBeNull();
    expect(check('2028-04-08 08:00', '2028-04-08 09:00')).toContain('open from 8:30 to 22:00 on 4/8/2028');
    expect(check('2028-04-09 21:00', '2028-04-09 22:30')).toContain('on 4/9/2028');
  });

  it('checks each local day a booking touches: past midnight into a day that opens later is refused', () => {
    expect(check('2028-04-03 23:00', '2028-04-04 01:00')).toContain('on 4/4/2028');
    const allDay = { ...field, weekday_open_time: 0, weekend_open_time: 0, weekend_close_time: 23.99 };
    expect(check('2028-04-07 23:00', '2028-04-08 01:00', allDay)).toBeNull();
  });

  it('reads the clock on daylight-saving days (12 March 2028 has 23 hours, 5 November 25)', () => {
    expect(check('2028-03-12 21:00', '2028-03-12 22:00')).toBeNull();
    expect(check('2028-03-12 08:30', '2028-03-12 09:30')).toBeNull();
    expect(check('2028-11-05 08:30', '2028-11-05 22:00')).toBeNull();
    expect(check('2028-11-05 08:15', '2028-11-05 09:00')).not.toBeNull();
  });

  it('reads every day of a year right in another zone (weekday or weekend, the date in the reason)', () => {
    const LA = 'America/Los_Angeles';
    const la = { ...field, weekday_open_time: 15, weekend_open_time: 8 };
    for (let day = dayjs.tz('2028-01-01 14:30', LA); day.year() === 2028; day = dayjs.tz(`${day.add(1, 'day').format('YYYY-MM-DD')} 14:30`, LA)) {
      const weekend = day.day() === 0 || day.day() === 6;
      const reason = outsideOpeningHours(la, day.unix(), day.unix() + 3600, LA);
      expect(reason).toBe(weekend ? null : `Maracanã is open from 15:00 to 24:00 on ${day.format('M/D/YYYY')}: the booking is outside its opening hours`);
    }
  });

  it('a close time of 0 closes the field on those days', () => {
    expect(check('2028-04-03 18:00', '2028-04-03 19:00', { ...field, weekday_close_time: 0 })).toBe('Maracanã is closed on 4/3/2028');
    expect(hoursLabel(23.99)).toBe('24:00');
    expect(hoursLabel(9.25)).toBe('9:15');
  });
});
