import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import { STORED_MIDNIGHT } from './constants';
import { dateFormat } from './dateOrder';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Unix seconds, UTC: the only representation of an instant in Touchline's data and API. */
export type UnixSeconds = number;

const NEW_YORK = 'America/New_York';
const CHICAGO = 'America/Chicago';
const LOS_ANGELES = 'America/Los_Angeles';

/** The spec's time-zone table: 1–5 New York, 11 Chicago, 6–10, 12 and 13 Los Angeles. */
export function defaultTimeZone(facilityId: number): string {
  if (facilityId === 11) return CHICAGO;
  if ((facilityId >= 6 && facilityId <= 10) || facilityId === 12 || facilityId === 13) return LOS_ANGELES;
  return NEW_YORK;
}

export function nowSeconds(): UnixSeconds {
  return Math.floor(Date.now() / 1000);
}

/** M/D/YYYY HH:mm (DD/MM/YYYY HH:mm day first) in the given time zone. */
export function formatDateTime(seconds: UnixSeconds, timeZone: string): string {
  return dayjs.unix(seconds).tz(timeZone).format(`${dateFormat()} HH:mm`);
}

/** The zone's short name at that instant: EST or EDT, PST or PDT (GMT-5-like where none is in use). */
export function zoneAbbreviation(seconds: UnixSeconds, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(new Date(seconds * 1000));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/** M/D/YYYY HH:mm and the zone's short name, for pages read outside the facility (public links). */
export function formatDateTimeZone(seconds: UnixSeconds, timeZone: string): string {
  return `${formatDateTime(seconds, timeZone)} ${zoneAbbreviation(seconds, timeZone)}`;
}

/** M/D/YYYY (DD/MM/YYYY day first) in the given time zone. */
export function formatDate(seconds: UnixSeconds, timeZone: string): string {
  return dayjs.unix(seconds).tz(timeZone).format(dateFormat());
}

/** A calendar day written YYYY-MM-DD (a date input's, a report filter's) as dates are read: M/D/YYYY or DD/MM/YYYY. */
export function formatDay(iso: string): string {
  return dayjs(iso).format(dateFormat());
}

/** Changelog dates: DD/MM/YYYY h:mmA. */
export function formatChangelogDate(seconds: UnixSeconds, timeZone: string): string {
  return dayjs.unix(seconds).tz(timeZone).format('DD/MM/YYYY h:mmA');
}

/** Field hours are decimal hours; a stored 23.99 is shown as 24 (midnight). */
export function displayCloseTime(hours: number): number {
  return hours >= STORED_MIDNIGHT ? 24 : hours;
}

/** A close time as it is stored: 24 becomes 23.99, anything else stays as it is. */
export function storedCloseTime(hours: number): number {
  return hours === 24 ? STORED_MIDNIGHT : hours;
}

/** The wall clock of an instant in a zone; month 1–12, weekday 0 (Sunday)–6. */
export interface WallClock { year: number; month: number; day: number; weekday: number; hour: number; minute: number }

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** 400 Gregorian years: 146,097 days, the calendar's whole cycle. */
const CYCLE_SECONDS = 146_097 * 86_400;

/**
 * Date.UTC in seconds for any year: Date.UTC reads a year 0–99 as 1900–1999, so those are taken 400
 * years on and brought back. A date field passes through the years 0002, 0020 and 0203 while 2030 is
 * typed; read as 1902, the value written back over the field broke the typing.
 */
function utcSeconds(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  return year >= 0 && year < 100
    ? Date.UTC(year + 400, month - 1, day, hour, minute, second) / 1000 - CYCLE_SECONDS
    : Date.UTC(year, month - 1, day, hour, minute, second) / 1000;
}

/** The offset from UTC (seconds to add) at `seconds` in `zone`, read off Intl with one cached formatter per zone. */
function intlOffset(seconds: UnixSeconds, zone: string): number {
  let format = wallFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    wallFormats.set(zone, format);
  }
  const part: Record<string, number> = {};
  for (const p of format.formatToParts(seconds * 1000)) if (p.type !== 'literal') part[p.type] = Number(p.value);
  // To the second: a zone's local mean time before its standard time (New York's until 1883) is −4:56:02.
  return utcSeconds(part.year, part.month, part.day, part.hour, part.minute, part.second) - Math.floor(seconds);
}

/**
 * Offsets by zone and quarter hour of UTC. Zones change their offset on a quarter hour of UTC (their
 * offsets are whole quarter hours, their changes at whole local hours or half hours), so a quarter
 * whose first and last second share an offset keeps it throughout; any other quarter (the odd
 * historic change) is read off Intl each time. formatToParts is the costly part of a wall clock.
 */
const QUARTER = 900;
const offsets = new Map<string, Map<number, number>>();
const MAX_QUARTERS = 100_000;

/** The zone's offset from UTC at `seconds`, in seconds (cached by quarter hour, as above). */
export function zoneOffset(seconds: UnixSeconds, zone: string): number {
  const quarter = Math.floor(seconds / QUARTER);
  let known = offsets.get(zone);
  if (!known) offsets.set(zone, (known = new Map()));
  const cached = known.get(quarter);
  if (cached !== undefined) return cached;
  const first = intlOffset(quarter * QUARTER, zone);
  if (first !== intlOffset(quarter * QUARTER + QUARTER - 1, zone)) return intlOffset(seconds, zone);
  if (known.size >= MAX_QUARTERS) known.clear();
  known.set(quarter, first);
  return first;
}

/**
 * The wall clock of `seconds` in `zone`: the instant moved by the zone's offset (cached by quarter
 * hour), a fraction of what dayjs's zone plugin or a formatToParts per instant costs, for loops over
 * many instants (a year of repeats, a season's schedule).
 */
export function wallClock(seconds: UnixSeconds, zone: string): WallClock {
  const local = new Date((seconds + zoneOffset(seconds, zone)) * 1000);
  return {
    year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate(), weekday: local.getUTCDay(),
    hour: local.getUTCHours(), minute: local.getUTCMinutes(),
  };
}

/** The instant of a local midnight in `zone` (month 1–12; a day beyond the month's end rolls over). */
export function zonedMidnight(year: number, month: number, day: number, zone: string): UnixSeconds {
  return zonedTime(year, month, day, 0, zone);
}

/**
 * The instant of a wall-clock time, `minutes` after the start of a local day in `zone` (9:30 p.m. is
 * 1290): the same wall clock on both sides of a daylight-saving change, however long the day is.
 */
export function zonedTime(year: number, month: number, day: number, minutes: number, zone: string): UnixSeconds {
  const asUtc = utcSeconds(year, month, day, 0, minutes);
  // The offset at the guess, then at the corrected guess: right on either side of a daylight-saving change.
  const guess = asUtc - zoneOffset(asUtc, zone);
  return asUtc - zoneOffset(guess, zone);
}
