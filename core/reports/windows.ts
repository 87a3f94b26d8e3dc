import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import type { UnixSeconds } from '../time';

dayjs.extend(utc);
dayjs.extend(timezone);

// Report windows. A report's date range is made of calendar dates (YYYY-MM-DD) read in the facility's
// own time zone: whole days, the end date included, so a day is 23 or 25 hours long across a
// daylight-saving change. The daily report's day runs from 4:00 to 4:00 the next day and its week from
// Monday 4:00 to the next Monday 4:00 (spec 2 §9), also in the facility's zone.

/** A half-open interval of instants, [start, end). */
export interface Window {
  start: UnixSeconds;
  end: UnixSeconds;
}

/** A calendar date as the report filters carry it. */
export type IsoDate = string;

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  return ISO_DATE.test(value) && dayjs(value, 'YYYY-MM-DD').format('YYYY-MM-DD') === value;
}

/** The instant a wall-clock time of a date happens in a zone. */
function wallClock(date: IsoDate, hour: number, timeZone: string): UnixSeconds {
  return dayjs.tz(`${date} ${String(hour).padStart(2, '0')}:00`, 'YYYY-MM-DD HH:mm', timeZone).unix();
}

const addDays = (date: IsoDate, days: number): IsoDate => dayjs(date).add(days, 'day').format('YYYY-MM-DD');

/** Whole days from `from` through `to` (inclusive) in the zone. */
export function dateWindow(from: IsoDate, to: IsoDate, timeZone: string): Window {
  return { start: wallClock(from, 0, timeZone), end: wallClock(addDays(to, 1), 0, timeZone) };
}

/** The business hour a report day starts and ends at. */
export const DAY_STARTS_AT = 4;

/** The daily report's days from `from` through `to`: 4:00 of the first to 4:00 after the last. */
export function businessDayWindow(from: IsoDate, to: IsoDate, timeZone: string): Window {
  return { start: wallClock(from, DAY_STARTS_AT, timeZone), end: wallClock(addDays(to, 1), DAY_STARTS_AT, timeZone) };
}

/** The week holding `date`: Monday 4:00 to the next Monday 4:00 in the zone. */
export function businessWeekWindow(date: IsoDate, timeZone: string): Window {
  const weekday = (dayjs(date).day() + 6) % 7; // Monday 0 … Sunday 6
  const monday = addDays(date, -weekday);
  return { start: wallClock(monday, DAY_STARTS_AT, timeZone), end: wallClock(addDays(monday, 7), DAY_STARTS_AT, timeZone) };
}

/** The same range a week earlier (the daily report's "last week" figures). */
export function weekBefore(from: IsoDate, to: IsoDate): { from: IsoDate; to: IsoDate } {
  return { from: addDays(from, -7), to: addDays(to, -7) };
}

/** Whole days in a range, inclusive. */
export function daysIn(from: IsoDate, to: IsoDate): number {
  return dayjs(to).diff(dayjs(from), 'day') + 1;
}

/** The range of equal length just before (week over week: the previous 7 days for a week). */
export function previousPeriod(from: IsoDate, to: IsoDate): { from: IsoDate; to: IsoDate } {
  const days = daysIn(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** Today's date in a zone. */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDate {
  return dayjs(now).tz(timeZone).format('YYYY-MM-DD');
}

/** The default range: the last 7 days, today included. */
export function lastDays(days: number, timeZone: string, now: Date = new Date()): { from: IsoDate; to: IsoDate } {
  const to = todayIn(timeZone, now);
  return { from: addDays(to, -(days - 1)), to };
}

/** Yesterday's date in a zone (the cameras report). */
export function yesterdayIn(timeZone: string, now: Date = new Date()): IsoDate {
  return addDays(todayIn(timeZone, now), -1);
}

export { addDays };
