import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import type { UnixSeconds } from './time';
import { MAX_OCCURRENCES } from './calendar';

dayjs.extend(utc);
dayjs.extend(timezone);

// Repeat series (spec 2 §2): the occurrences of an event repeated daily or weekly, until a date or a
// number of times. Occurrences keep the first event's wall-clock time in the facility's zone, so a
// weekly 7 p.m. game stays at 7 p.m. across the daylight-saving changes (its unix times move by an hour).

export { MAX_OCCURRENCES };

export interface RepeatRule {
  /** 'daily' or 'weekly'. */
  method: 'daily' | 'weekly';
  /** Every `frequency` days or weeks (1 = every day / week). */
  frequency: number;
  /** 'until' a date, or a 'count' of occurrences. */
  end_method: 'until' | 'count';
  /** The last day that may hold an occurrence (any instant of that day in the zone). */
  until?: UnixSeconds;
  count?: number;
  /** Weekly: the day of the week, Sunday 0 … Saturday 6. */
  weekday?: number;
}

export interface Occurrence {
  start_date: UnixSeconds;
  end_date: UnixSeconds;
}

/** The occurrences of an event starting at `start` and ending at `end`, repeated per `rule` in `zone`. */
export function occurrences(start: UnixSeconds, end: UnixSeconds, rule: RepeatRule, zone: string): Occurrence[] {
  const first = dayjs.unix(start).tz(zone);
  const duration = end - start;
  const wall = { hour: first.hour(), minute: first.minute(), second: first.second() };
  const lastDay = rule.end_method === 'until' && rule.until !== undefined ? dayjs.unix(rule.until).tz(zone).format('YYYY-MM-DD') : null;
  const limit = rule.end_method === 'count' ? Math.min(rule.count ?? 1, MAX_OCCURRENCES) : MAX_OCCURRENCES;
  const step = Math.max(1, Math.floor(rule.frequency)) * (rule.method === 'weekly' ? 7 : 1);

  // The first occurrence's calendar date: a weekly series moves to its weekday on or after the start.
  let day = first.format('YYYY-MM-DD');
  if (rule.method === 'weekly' && rule.weekday !== undefined) {
    day = dayjs.utc(day).add((rule.weekday - first.day() + 7) % 7, 'day').format('YYYY-MM-DD');
  }
  const rows: Occurrence[] = [];
  while (rows.length < limit && (lastDay === null || day <= lastDay)) {
    const local = dayjs.tz(`${day} ${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`, zone);
    const s = local.unix();
    rows.push({ start_date: s, end_date: s + duration });
    day = dayjs.utc(day).add(step, 'day').format('YYYY-MM-DD');
  }
  return rows;
}

const pad = (n: number) => String(n).padStart(2, '0');
