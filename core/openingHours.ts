import { displayCloseTime, wallClock, zonedMidnight, type UnixSeconds } from './time';

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
  const first = wallClock(start, zone);
  let date = new Date(Date.UTC(first.year, first.month - 1, first.day));
  let day = zonedMidnight(first.year, first.month, first.day, zone);
  while (day < end) {
    const following = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1));
    const next = zonedMidnight(following.getUTCFullYear(), following.getUTCMonth() + 1, following.getUTCDate(), zone);
    const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
    const open = weekend ? field.weekend_open_time : field.weekday_open_time;
    const close = displayCloseTime(weekend ? field.weekend_close_time : field.weekday_close_time);
    const label = `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
    if (close === 0 || close <= open) return `${field.name} is closed on ${label}`;
    // Wall-clock minutes of the part of the booking on this day (24:00 when it runs past midnight).
    const minutes = (at: UnixSeconds) => { const w = wallClock(at, zone); return w.hour * 60 + w.minute; };
    const fromMinutes = minutes(Math.max(start, day));
    const untilMinutes = end >= next ? 24 * 60 : minutes(end);
    if (fromMinutes < Math.round(open * 60) || untilMinutes > Math.round(close * 60)) {
      return `${field.name} is open from ${hoursLabel(open)} to ${hoursLabel(close)} on ${label}: the booking is outside its opening hours`;
    }
    date = following;
    day = next;
  }
  return null;
}
