// How the calendar reads an event at a glance (spec 2 §2, spec 1 §9): its title, its colour and its
// icon. The server computes them in the query of GET /event (server/routes/events/calendarRows.ts);
// the calendar page draws them.

/** Look-ahead of the conflicts banner. */
export const CONFLICT_DAYS = 20;
/** The widest range one GET /event may ask for (a month view is 30 days). */
export const MAX_CALENDAR_DAYS = 92;
export const LIGHT_BLUE = '#81d4fa';
export const CONFLICT_RED = '#e53935';

/** The icon of an event: ✓ invoiced and paid, ⚠ balance owed, ✓ a match with both scores. */
export type EventMark = 'paid' | 'owed' | 'scored' | null;
