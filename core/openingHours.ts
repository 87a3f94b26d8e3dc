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
  // Local midnights built from the date, so days of 23 or 25 hours (daylight saving) are right.
  const midnight = (date: string) => dayjs.tz(`${date} 00:00`, zone);
  let day = midnight(dayjs.unix(start).tz(zone).format('YYYY-MM-DD'));
  while (day.unix() < end) {
    const next = midnight(dayjs.utc(day.format('YYYY-MM-DD')).add(1, 'day').format('YYYY-MM-DD'));
    const weekend = day.day() === 0 || day.day() === 6;
    const open = weekend ? field.weekend_open_time : field.weekday_open_time;
    const close = displayCloseTime(weekend ? field.weekend_close_time : field.weekday_close_time);
    const date = day.format('M/D/YYYY');
    if (close === 0 || close <= open) return `${field.name} is closed on ${date}`;
    // Wall-clock minutes of the part of the booking on this day (24:00 when it runs past midnight).
    const from = dayjs.unix(Math.max(start, day.unix())).tz(zone);
    const fromMinutes = from.hour() * 60 + from.minute();
    const untilMinutes = end >= next.unix() ? 24 * 60 : (() => { const t = dayjs.unix(end).tz(zone); return t.hour() * 60 + t.minute(); })();
    if (fromMinutes < Math.round(open * 60) || untilMinutes > Math.round(close * 60)) {
      return `${field.name} is open from ${hoursLabel(open)} to ${hoursLabel(close)} on ${date}: the booking is outside its opening hours`;
    }
    day = next;
  }
  return null;
}
