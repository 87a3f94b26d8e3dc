// How the calendar reads an event at a glance (spec 2 §2, spec 1 §9): its title, its colour and its
// icon. The server computes them in the query of GET /event (server/routes/events/calendarRows.ts);
// the calendar page draws them.

/** Look-ahead of the conflicts banner. */
export const CONFLICT_DAYS = 20;
/** The widest range one GET /event may ask for (a month view is 30 days). */
export const MAX_CALENDAR_DAYS = 92;
/** The most occurrences one repeat series may have (two years of weekly games, a year of daily ones). */
export const MAX_OCCURRENCES = 366;
export const LIGHT_BLUE = '#81d4fa';
export const CONFLICT_RED = '#e53935';

/** The icon of an event: ✓ invoiced and paid, ⚠ balance owed, ✓ a match with both scores, ○ a priced booking no invoice bills yet. */
export type EventMark = 'paid' | 'owed' | 'scored' | 'uninvoiced' | null;

/** An event's own columns on the wire (money in dollars): what the event writes answer. */
export interface EventRecord {
  ID: number;
  product_type_id: number;
  field_id: number;
  facility_id: number;
  start_date: number;
  end_date: number;
  comment: string;
  customer_id: number | null;
  new_product_id: number | null;
  product_id: number | null;
  match_id: number | null;
  contract_id: number | null;
  class_id: number | null;
  coach_id: number | null;
  team_a: string | null;
  team_b: string | null;
  no_show: boolean;
  video_visible: boolean;
  video_url: string | null;
  block_token: string | null;
  keep: boolean;
  /** Dollars. */
  contract_variant_price: number | null;
  checked_in: boolean;
  quota: number | null;
  CreatedAt: number;
  UpdatedAt: number;
}

/**
 * An event as GET /event, /event/conflicts and /schedule answer it (the server builds it in SQL:
 * server/routes/events/calendarRows.ts): the event's columns, money in dollars, and what the calendar
 * draws.
 */
export interface CalendarEvent extends EventRecord {
  product_type: { ID: number; name: string; color: string };
  field: { ID: number; number: number; name: string; parent_field_id: number | null };
  customer: { first_name: string; last_name: string } | null;
  contract: { ID: number; name: string | null } | null;
  match: {
    ID: number;
    league: { ID: number; name: string | null; color: string | null } | null;
    home_team: { ID: number; name: string | null } | null;
    away_team: { ID: number; name: string | null } | null;
    home_score: number | null;
    away_score: number | null;
  } | null;
  invoice: { amount: number; paid: number; balance: number } | null;
  title: string;
  color: string;
  mark: EventMark;
  conflict: boolean;
}
