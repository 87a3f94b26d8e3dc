import { LEAGUE_PRODUCT_TYPES, PRODUCT_TYPE, SPECIAL_NEW_PRODUCT_ID } from './constants';
import type { Customer } from './customer';

// How the calendar reads an event at a glance (spec 2 §2, spec 1 §9): its title, its colour and its
// icon. The server computes them for GET /event; the calendar page draws them.

/** Look-ahead of the conflicts banner. */
export const CONFLICT_DAYS = 20;
/** The widest range one GET /event may ask for (a month view is 30 days). */
export const MAX_CALENDAR_DAYS = 92;
export const LIGHT_BLUE = '#81d4fa';
export const CONFLICT_RED = '#e53935';

export interface TitleInput {
  product_type_id: number;
  product_type_name: string;
  new_product_id: number | null;
  comment: string | null;
  customer: Pick<Customer, 'first_name' | 'last_name'> | null;
  team_a: string | null;
  team_b: string | null;
  match: { home_team: string | null; away_team: string | null } | null;
  class_name: string | null;
  contract_name: string | null;
}

export function eventTitle(e: TitleInput): string {
  if (e.product_type_id === PRODUCT_TYPE.CLASS || e.new_product_id === SPECIAL_NEW_PRODUCT_ID) return e.comment || e.class_name || e.product_type_name;
  if (e.match) return `${e.match.home_team ?? 'TBD'} vs ${e.match.away_team ?? 'TBD'}`;
  if (e.team_a || e.team_b) return `${e.team_a || 'TBD'} vs ${e.team_b || 'TBD'}`;
  const who = e.customer ? `${e.customer.first_name} ${e.customer.last_name}` : e.class_name ?? e.contract_name;
  const base = who ?? e.product_type_name;
  return e.comment ? `${base} - ${e.comment}` : base;
}

/** The product type's colour; a league match's league colour; light blue for leagues and tournaments. */
export function eventColor(productTypeId: number, typeColor: string, leagueColor: string | null): string {
  if (leagueColor) return leagueColor;
  if ((LEAGUE_PRODUCT_TYPES as readonly number[]).includes(productTypeId)) return LIGHT_BLUE;
  return typeColor;
}

export type EventMark = 'paid' | 'owed' | 'scored' | null;

/** ✓ invoiced and paid, ⚠ balance owed, ✓ a match with both scores. */
export function eventMark(invoice: { amount: number; balance: number } | null, scores: { home: number | null; away: number | null } | null): EventMark {
  if (scores && scores.home !== null && scores.away !== null) return 'scored';
  if (!invoice) return null;
  return invoice.balance > 0 ? 'owed' : 'paid';
}
