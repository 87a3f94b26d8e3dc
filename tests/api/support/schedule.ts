import { expect } from 'vitest';
import { nowSeconds, wallClock, zonedMidnight, zonedTime } from '../../../core/time';
import { PRODUCT } from '../../../server/db/seed/catalog';
import type { TestContext } from '../harness';

// A league of Brooklyn (facility 1, New York) with its teams signed up, for the schedule's tests, and
// the weekly slots they share: Maracana (field 1) and San Siro (field 3) on Wednesday evenings.

const DAY = 86_400;
export const NY = 'America/New_York';
export const MARACANA = 1;
export const SAN_SIRO = 3;
/** A Monday: the schedules start here (2027-01-04, New York). */
export const SEASON_START = zonedMidnight(2027, 1, 4, NY);
/** A league's dates: from `start` for `days` days, the last ending at 23:59:59 (as the league dialog saves them). */
export const leagueDates = (start: number, days: number) => ({ start_date: start, end_date: start + days * DAY - 1 });

/** The Monday (New York) `weeks` weeks before this week's: scores are entered only for games that have begun. */
export function pastMonday(weeks: number): number {
  const today = wallClock(nowSeconds(), NY);
  return zonedMidnight(today.year, today.month, today.day - ((today.weekday + 6) % 7) - 7 * weeks, NY);
}

export const wednesdays = (fields: number[] = [MARACANA]) => fields.map((field) => ({ field, weekday: 3, start_time: '18:00', end_time: '21:00' }));

/** `days` days after a local midnight (a Monday), at `hour` o'clock New York time, whatever the clocks did meanwhile. */
export function localAt(midnight: number, days: number, hour: number): number {
  const w = wallClock(midnight, NY);
  return zonedTime(w.year, w.month, w.day + days, hour * 60, NY);
}

export interface LeagueFixture { ID: number; teams: number[] }

/**
 * Creates a league (or, with `is_tournament`, a tournament division) with `count` teams, in their order,
 * named `<name> A`, `<name> B` … unless `names` are given. Registration runs the 30 days before its start.
 */
export async function leagueWithTeams(
  ctx: TestContext, admin: string, name: string, count: number, overrides: Record<string, unknown> = {}, names?: string[],
): Promise<LeagueFixture> {
  const kind = overrides.is_tournament ? '/tournament' : '/league';
  const start = Number(overrides.start_date ?? SEASON_START);
  const created = await ctx.api(admin, 'POST', kind, {
    name, description: 'Wednesday nights', facility_id: 1, new_product_id: PRODUCT.ADULT_LEAGUE, age_group_id: 1, gender: 'Co-Ed',
    ...leagueDates(start, 400), registration_start_date: start - 30 * DAY, registration_end_date: start,
    max_teams: 40, duration: 60, ...overrides,
  });
  expect(created.statusCode, created.body).toBe(201);
  const { ID } = created.json() as { ID: number };
  const fee = (await ctx.api(admin, 'GET', `${kind}/${ID}`)).json().fees[0].price;
  const teams: number[] = [];
  for (let i = 1; i <= count; i++) {
    const signup = await ctx.api(admin, 'POST', '/team/signup', { league_id: ID, name: names?.[i - 1] ?? `${name} ${String.fromCharCode(64 + i)}`, fee });
    expect(signup.statusCode, signup.body).toBe(201);
    teams.push(signup.json().team_id);
  }
  return { ID, teams };
}
