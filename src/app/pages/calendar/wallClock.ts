import dayjs from 'dayjs';
import { wallClock } from '../../../../core/time';

// FullCalendar has no named time zones without a plugin, so the calendar runs in 'UTC' and is fed
// each instant as the facility's wall-clock time "as if UTC": 19:00 in New York is drawn at 19:00
// whatever the browser's zone. Each conversion uses the offset of that instant, so events on either
// side of a daylight-saving change land right.

/**
 * An instant (unix seconds) as the facility's wall clock, as a Date read in UTC. Through core/time's
 * cached formatter: dayjs's zone plugin took a millisecond or two a call, seconds for a busy week's events.
 */
export function toWall(seconds: number, zone: string): Date {
  const local = wallClock(seconds, zone);
  return new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, ((seconds % 60) + 60) % 60));
}

/** A wall-clock Date (read in UTC) back to the instant it is in the facility's zone. */
export function fromWall(date: Date, zone: string): number {
  return dayjs.tz(date.toISOString().slice(0, 19), zone).unix();
}

/** M/D/YYYY of a wall-clock date: the calendar's ?date= parameter. */
export const dateParam = (date: Date) => `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;

/** ?date=M/D/YYYY as a wall-clock date, or null when absent or malformed. */
export function parseDateParam(value: string | null): Date | null {
  const match = value?.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[3]), Number(match[1]) - 1, Number(match[2])));
  return date.getUTCDate() === Number(match[2]) ? date : null;
}

/** 'YYYY-MM-DDTHH:mm' of an instant in the zone (a datetime-local input's value). */
export const toInput = (seconds: number, zone: string) => dayjs.unix(seconds).tz(zone).format('YYYY-MM-DDTHH:mm');
/** A datetime-local input's value back to unix seconds in the zone. */
export const fromInput = (value: string, zone: string) => dayjs.tz(value, zone).unix();
