import type { Role } from '../constants';
import { addDays, daysIn, isIsoDate, type IsoDate } from './windows';

// The report filters' rules (spec 2 §5): both dates, a facility where the report needs one, and the
// moderators' 30 days.

export const REPORT_MESSAGES = {
  missingStart: 'Missing start date',
  missingEnd: 'Missing end date',
  missingFacility: 'Missing facility',
  missingRange: 'Please enter a start and an end date',
  modRange: 'Moderators can only run reports on the last 30 days',
  endBeforeStart: 'The end date must be after the start date',
} as const;

/** How far back a moderator may look, in days, today included. */
export const MOD_DAYS = 30;

/** Facility 6 is no facility for the health report (spec 2 §5). */
export const HEALTH_NO_FACILITY = 6;

export type ReportKind =
  | 'sales' | 'invoices' | 'events' | 'payments' | 'health' | 'daily' | 'outstanding' | 'teams'
  | 'reconciliation' | 'cameras' | 'trials' | 'bar';

/** Reports that need one facility chosen. */
const NEEDS_FACILITY: ReadonlySet<ReportKind> = new Set(['health', 'daily']);
/** Reports whose date picker moderators may use (their range is still checked by the server). */
export const MOD_PICKS_DATES: ReadonlySet<ReportKind> = new Set(['health', 'trials']);
/** Reports the 30-day rule does not apply to. */
const MOD_UNLIMITED: ReadonlySet<ReportKind> = new Set(['trials']);

export interface RangeInput {
  start?: IsoDate | null;
  end?: IsoDate | null;
  /** The facilities chosen; for reports needing one, an empty list is missing. */
  facilityIds?: number[];
}

/** The first message the filters earn, or null when they are fine. `bothMessage` for reports that word it so (bar). */
export function rangeMessage(kind: ReportKind, input: RangeInput, bothMessage = false): string | null {
  const { start, end } = input;
  if (bothMessage && (!start || !end)) return REPORT_MESSAGES.missingRange;
  if (!start) return REPORT_MESSAGES.missingStart;
  if (!end) return REPORT_MESSAGES.missingEnd;
  if (!isIsoDate(start) || !isIsoDate(end)) return REPORT_MESSAGES.missingRange;
  if (end < start) return REPORT_MESSAGES.endBeforeStart;
  if (NEEDS_FACILITY.has(kind)) {
    const ids = (input.facilityIds ?? []).filter((id) => id > 0 && !(kind === 'health' && id === HEALTH_NO_FACILITY));
    if (!ids.length) return REPORT_MESSAGES.missingFacility;
  }
  return null;
}

/** The earliest date a moderator may ask for, given today's date in their facility. */
export function modEarliest(today: IsoDate): IsoDate {
  return addDays(today, -(MOD_DAYS - 1));
}

/** True when the role may run `kind` over [start, end] given today's date (mods: within the last 30 days). */
export function rangeAllowed(role: Role, kind: ReportKind, start: IsoDate, end: IsoDate, today: IsoDate): boolean {
  if (role !== 'mod' || MOD_UNLIMITED.has(kind)) return true;
  return start >= modEarliest(today) && end <= today && daysIn(start, end) <= MOD_DAYS;
}

/**
 * A moderator's range brought within their last 30 days (issue 22 item 7: a bookmarked report older
 * than that): the part of it inside them, else the whole 30 days. Null when the range is theirs already,
 * is not a range of dates, or the rule does not apply (other roles, the trials report).
 */
export function modRange(role: Role | undefined, kind: ReportKind, start: string, end: string, today: IsoDate): { start: IsoDate; end: IsoDate } | null {
  if (role !== 'mod' || !isIsoDate(start) || !isIsoDate(end) || rangeAllowed(role, kind, start, end, today)) return null;
  const earliest = modEarliest(today);
  const from = start > earliest ? start : earliest;
  const to = end < today ? end : today;
  return from <= to ? { start: from, end: to } : { start: earliest, end: today };
}
