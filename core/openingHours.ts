import dayjs from 'dayjs';
import { displayCloseTime, type UnixSeconds } from './time';

// A field's opening hours (spec 1 §3: decimal hours in the facility's zone, weekday and weekend; a
// close time of 24 — stored 23.99 — is midnight, 0 means closed that part of the week). A booking must
// lie within them on every local day it touches; the server refuses one that does not, the calendar
// shades the rest.

export interface FieldHours {
  name: string;
  weekday_open_time: number;
  weekday_close_time: number;
  weekend_open_time: number;
  weekend_close_time: number;
}

/** "16:00", "24:00", "9:30" of decimal hours. */
export function hoursLabel(hours: number): string {
  const minutes = Math.round(displayCloseTime(hours) * 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Why the field cannot hold [start, end) in `zone`, or null when it can: the first local day on
 * which the booking falls outside the field's hours or the field is closed.
 */
export function outsideOpeningHours(field: FieldHours, start: UnixSeconds, end: UnixSeconds, zone: string): string | null {
  const from = wallClock(start, zone);
  const until = wallClock(end, zone);
  // Most bookings lie within one local day (ending at the latest on the next midnight): read the two
  // wall clocks once instead of walking the days, which a check of a hundred rows feels.
  const endsThatDay = until.date === from.date;
  const endsAtMidnight = until.minutes === 0 && until.date === nextDate(from.date);
  if (endsThatDay || endsAtMidnight) return outsideOnDay(field, from.date, from.weekend, from.minutes, endsThatDay ? until.minutes : 24 * 60);
  // Local midnights built from the date, so days of 23 or 25 hours (daylight saving) are right.
  const midnight = (date: string) => dayjs.tz(`${date} 00:00`, zone);
  let day = midnight(dayjs.unix(start).tz(zone).format('YYYY-MM-DD'));
  while (day.unix() < end) {
    const next = midnight(dayjs.utc(day.format('YYYY-MM-DD')).add(1, 'day').format('YYYY-MM-DD'));
    // Wall-clock minutes of the part of the booking on this day (24:00 when it runs past midnight).
    const dayStart = dayjs.unix(Math.max(start, day.unix())).tz(zone);
    const untilMinutes = end >= next.unix() ? 24 * 60 : (() => { const t = dayjs.unix(end).tz(zone); return t.hour() * 60 + t.minute(); })();
    const reason = outsideOnDay(field, day.format('M/D/YYYY'), day.day() === 0 || day.day() === 6, dayStart.hour() * 60 + dayStart.minute(), untilMinutes);
    if (reason) return reason;
    day = next;
  }
  return null;
}

/** Why the field cannot hold the wall-clock minutes [fromMinutes, untilMinutes) of one local day, or null. */
function outsideOnDay(field: FieldHours, date: string, weekend: boolean, fromMinutes: number, untilMinutes: number): string | null {
  const open = weekend ? field.weekend_open_time : field.weekday_open_time;
  const close = displayCloseTime(weekend ? field.weekend_close_time : field.weekday_close_time);
  if (close === 0 || close <= open) return `${field.name} is closed on ${date}`;
  if (fromMinutes < Math.round(open * 60) || untilMinutes > Math.round(close * 60)) {
    return `${field.name} is open from ${hoursLabel(open)} to ${hoursLabel(close)} on ${date}: the booking is outside its opening hours`;
  }
  return null;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The local date (M/D/YYYY), whether it is a weekend day, and the minutes since midnight at `seconds` in `zone`. */
function wallClock(seconds: UnixSeconds, zone: string): { date: string; weekend: boolean; minutes: number } {
  let format = wallClocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric', weekday: 'short', hour: 'numeric', minute: 'numeric', hourCycle: 'h23',
    });
    wallClocks.set(zone, format);
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of format.formatToParts(seconds * 1000)) part[p.type] = p.value;
  return {
    date: `${part.month}/${part.day}/${part.year}`,
    weekend: part.weekday === 'Sat' || part.weekday === 'Sun',
    minutes: Number(part.hour) * 60 + Number(part.minute),
  };
}

/** The day after an M/D/YYYY date, in the same form. */
function nextDate(date: string): string {
  const [month, day, year] = date.split('/').map(Number);
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return `${next.getUTCMonth() + 1}/${next.getUTCDate()}/${next.getUTCFullYear()}`;
}
