import { AGE_GROUP } from './constants';
import { wallClock, zonedMidnight, type UnixSeconds } from './time';

// The media gallery's derived tags and filters (spec 3 §2.18, §3 "Media", §9): a photo's season by the
// spec's date boundaries and its age group by its event's product type reporting name, both derived
// in the browser from the row; the server filters by the same rules (server/routes/media.ts), and
// tests/api/media.test.ts checks the two agree.

export const MEDIA_SEASONS = ['Spring', 'Summer', 'Fall', 'Winter'] as const;
export type MediaSeason = (typeof MEDIA_SEASONS)[number];

/**
 * Where each season starts (month, day), in the facility's zone. The spec gives two days for each
 * (Spring from Mar 19/20, Summer Jun 20/21, Fall Sep 22/23, Winter Dec 20/21): the first is taken.
 */
export const SEASON_STARTS: ReadonlyArray<{ season: MediaSeason; month: number; day: number }> = [
  { season: 'Spring', month: 3, day: 19 },
  { season: 'Summer', month: 6, day: 20 },
  { season: 'Fall', month: 9, day: 22 },
  { season: 'Winter', month: 12, day: 20 },
];

/** The season of an instant in a zone: Winter runs over the new year until Spring starts. */
export function mediaSeason(seconds: UnixSeconds, zone: string): MediaSeason {
  const { month, day } = wallClock(seconds, zone);
  const md = month * 100 + day;
  let season: MediaSeason = 'Winter';
  for (const start of SEASON_STARTS) if (md >= start.month * 100 + start.day) season = start.season;
  return season;
}

export type MediaAgeGroup = 'Adult' | 'Youth';

/** Adult when the product type's reporting name contains "adult" (any case), else Youth. */
export const mediaAgeGroup = (reporting: string | null | undefined): MediaAgeGroup => (/adult/i.test(reporting ?? '') ? 'Adult' : 'Youth');

export const MEDIA_AGE_GROUPS: Record<MediaAgeGroup, number> = { Adult: AGE_GROUP.ADULT, Youth: AGE_GROUP.YOUTH };

/** The Deleted filter's values (spec 3 §9): Yes = 1, No = 2. */
export const MEDIA_DELETED = { YES: 1, NO: 2 } as const;

/** The date-range options (spec 3 §9), which the product wires to the photos' dates. */
export const MEDIA_DATE_RANGES = ['yesterday', 'last_3_days', 'last_7_days', 'last_30_days'] as const;
export type MediaDateRange = (typeof MEDIA_DATE_RANGES)[number];

/**
 * The instants [from, to) a date range covers, in the facility's zone: Yesterday is the calendar day
 * before today; Last N days are today and the N − 1 days before it.
 */
export function mediaDateRange(range: MediaDateRange, now: UnixSeconds, zone: string): { from: UnixSeconds; to: UnixSeconds } {
  const today = wallClock(now, zone);
  const dayStart = (back: number) => {
    const d = new Date(Date.UTC(today.year, today.month - 1, today.day - back));
    return zonedMidnight(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), zone);
  };
  if (range === 'yesterday') return { from: dayStart(1), to: dayStart(0) };
  const days = { last_3_days: 3, last_7_days: 7, last_30_days: 30 }[range];
  return { from: dayStart(days - 1), to: dayStart(-1) };
}
