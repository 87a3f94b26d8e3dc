import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { defaultTimeZone } from '../../../../core/time';
import type { DemoField } from '../fields';
import { SEASONS } from '../catalog';

dayjs.extend(utc);
dayjs.extend(timezone);

// Time for the demo: days are numbered from 1970-01-01 (UTC dates), hours are a facility's local
// hours, and the network's programs run in terms of nine weeks.

export const DAY = 86400;
export const HOUR = 3600;
export const WEEK_DAYS = 7;

/** 0 is Sunday. */
export const weekdayOf = (day: number) => (day + 4) % 7;
export const isWeekend = (day: number) => weekdayOf(day) === 0 || weekdayOf(day) === 6;
export const dayOf = (seconds: number) => Math.floor(seconds / DAY);

/** Unix seconds of a local time at a facility, with the UTC offset cached per zone and day. */
export class Clock {
  private readonly offsets = new Map<string, number>();

  at(facilityId: number, day: number, hour: number): number {
    const zone = defaultTimeZone(facilityId);
    const key = `${zone}:${day}`;
    let offset = this.offsets.get(key);
    if (offset === undefined) {
      // Measured at noon: bookings start after the 2 a.m. daylight-saving switch.
      offset = dayjs.unix(day * DAY + 12 * HOUR).tz(zone).utcOffset() * 60;
      this.offsets.set(key, offset);
    }
    return day * DAY + Math.round(hour * HOUR) - offset;
  }
}

export interface Term {
  /** 0 is the current term; older terms count up. */
  index: number;
  firstDay: number;
  weeks: number;
  season: (typeof SEASONS)[number];
  year: number;
}

export const TERM_WEEKS = 9;

/**
 * The terms, oldest first. The current one starts on the Monday four weeks before this week's, so
 * the calendar holds the past four weeks and the coming four.
 */
export function termsUntil(now: number, count: number): Term[] {
  const today = dayOf(now);
  const monday = today - ((weekdayOf(today) + 6) % 7);
  const terms: Term[] = [];
  for (let index = count - 1; index >= 0; index--) {
    const firstDay = monday - 28 - index * TERM_WEEKS * WEEK_DAYS;
    const date = dayjs.unix(firstDay * DAY).utc();
    const month = date.month();
    const season = month >= 2 && month <= 4 ? 'Spring' : month >= 5 && month <= 7 ? 'Summer' : month >= 8 && month <= 10 ? 'Fall' : 'Winter';
    terms.push({ index, firstDay, weeks: TERM_WEEKS, season, year: date.year() });
  }
  return terms;
}

/** The days of a term that fall on a weekday, in order. */
export function termDays(term: Term, weekday: number): number[] {
  const days: number[] = [];
  for (let d = term.firstDay; d < term.firstDay + term.weeks * WEEK_DAYS; d++) if (weekdayOf(d) === weekday) days.push(d);
  return days;
}

/** Whole opening hours of a field on a day of the week. */
export function openHours(field: DemoField, weekday: number): number[] {
  const [open, close] = weekday === 0 || weekday === 6 ? field.weekend : field.weekday;
  return Array.from({ length: close - open }, (_, i) => open + i);
}

export function isPeak(field: DemoField, weekday: number, hour: number): boolean {
  const [start, end] = weekday === 0 || weekday === 6 ? field.weekendPeak : field.weekdayPeak;
  return hour >= start && hour < end;
}

/**
 * One facility's week in one term: which (field, weekday, hour) cells recurring programs hold, and
 * which (field, day, hour) cells one-off programs (tournaments) hold. Rentals fill what is left.
 */
export class Grid {
  private readonly weekly = new Set<string>();
  private readonly once = new Set<string>();

  constructor(readonly fields: DemoField[]) {}

  isFree(fieldId: number, day: number, hour: number): boolean {
    return !this.weekly.has(`${fieldId}:${weekdayOf(day)}:${hour}`) && !this.once.has(`${fieldId}:${day}:${hour}`);
  }

  /** Holds `length` consecutive hours every week from the first field, weekday and start hour that has them. */
  reserveWeekly(weekdays: number[], startHours: number[], length: number, fields = this.fields): { field: DemoField; weekday: number; hour: number } | null {
    for (const weekday of weekdays) {
      for (const hour of startHours) {
        for (const field of fields) {
          const open = openHours(field, weekday);
          const cells = Array.from({ length }, (_, i) => hour + i);
          if (!cells.every((h) => open.includes(h) && !this.weekly.has(`${field.ID}:${weekday}:${h}`))) continue;
          cells.forEach((h) => this.weekly.add(`${field.ID}:${weekday}:${h}`));
          return { field, weekday, hour };
        }
      }
    }
    return null;
  }

  /** Holds the given hours of one day on a field when they are free. */
  reserveOnce(field: DemoField, day: number, hours: number[]): boolean {
    if (!hours.every((h) => openHours(field, weekdayOf(day)).includes(h) && this.isFree(field.ID, day, h))) return false;
    hours.forEach((h) => this.once.add(`${field.ID}:${day}:${h}`));
    return true;
  }
}
