import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

dayjs.extend(utc);
dayjs.extend(timezone);

// Date inputs (YYYY-MM-DD) read as days of the facility's time zone.

/** The first second of a YYYY-MM-DD day in `zone`, or null. */
export function startOfDay(value: string, zone: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return dayjs.tz(value, zone).unix();
}

/** The last second of a YYYY-MM-DD day in `zone`, or null. */
export function endOfDay(value: string, zone: string): number | null {
  const start = startOfDay(value, zone);
  return start === null ? null : dayjs.unix(start).tz(zone).add(1, 'day').unix() - 1;
}

/** Unix seconds → the YYYY-MM-DD of that day in `zone`. */
export const dayInput = (seconds: number, zone: string) => dayjs.unix(seconds).tz(zone).format('YYYY-MM-DD');
