import { expect } from 'vitest';
import { nowSeconds, zonedMidnight } from '../../../core/time';
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

export const wednesdays = (fields: number[] = [MARACANA]) => fields.map((field) => ({ field, weekday: 3, start_time: '18:00', end_time: '21:00' }));

export interface LeagueFixture { ID: number; teams: number[] }

/** Creates a league (or, with `tournament`, a tournament division) with `count` teams, in their order. */
export async function leagueWithTeams(ctx: TestContext, admin: string, name: string, count: number, overrides: Record<string, unknown> = {}): Promise<LeagueFixture> {
  const now = nowSeconds();
  const kind = overrides.is_tournament ? '/tournament' : '/league';
  const created = await ctx.api(admin, 'POST', kind, {
    name, description: 'Wednesday nights', facility_id: 1, new_product_id: PRODUCT.ADULT_LEAGUE, age_group_id: 1, gender: 'Co-Ed',
    start_date: SEASON_START, end_date: SEASON_START + 200 * DAY, registration_start_date: now - DAY, registration_end_date: SEASON_START,
    max_teams: 40, duration: 60, ...overrides,
  });
  expect(created.statusCode, created.body).toBe(201);
  const { ID } = created.json() as { ID: number };
  const fee = (await ctx.api(admin, 'GET', `${kind}/${ID}`)).json().fees[0].price;
  const teams: number[] = [];
  for (let i = 1; i <= count; i++) {
    const signup = await ctx.api(admin, 'POST', '/team/signup', { league_id: ID, name: `${name} ${String.fromCharCode(64 + i)}`, fee });
    expect(signup.statusCode, signup.body).toBe(201);
    teams.push(signup.json().team_id);
  }
  return { ID, teams };
}
