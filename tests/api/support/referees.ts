import { eq } from 'drizzle-orm';
import { nowSeconds } from '../../../core/time';
import { fields, matches, users } from '../../../server/db/schema';
import { PRODUCT } from '../../../server/db/seed/catalog';
import { createTestContext, type StaffTokens, type TestContext } from '../harness';

// The referee tests' network: a league with two teams at facilities 1 and 2, the demo referee, and
// matches made on demand at hours after a day well ahead.

const DAY = 86_400;
const HOUR = 3600;

export interface RefereeFixture {
  ctx: TestContext;
  t: StaffTokens;
  refereeId: number;
  /** A day well ahead, at 00:00 UTC: the matches' times are offsets from it. */
  DAY0: number;
  /** A match of facility 1 (or 2) `hours` after DAY0, 50 minutes long. */
  match(hours: number, facility?: number): Promise<number>;
  assign(token: string, match_ids: unknown, referee_id?: unknown): ReturnType<TestContext['api']>;
}

export async function refereeFixture(): Promise<RefereeFixture> {
  const ctx = await createTestContext();
  const t = await ctx.signInStaff();
  const DAY0 = Math.floor(nowSeconds() / DAY) * DAY + 30 * DAY;
  const [{ ID: refereeId }] = await ctx.database.db.select({ ID: users.ID }).from(users).where(eq(users.email, 'referee@touchline.test'));
  const teamsOf: Record<number, number[]> = {};
  const leagueOf: Record<number, number> = {};
  for (const facility_id of [1, 2]) {
    const { ID } = (await ctx.api(t.admin, 'POST', '/league', {
      name: `Referee League ${facility_id}`, description: '', facility_id, new_product_id: PRODUCT.ADULT_LEAGUE, age_group_id: 1, gender: 'Co-Ed',
      start_date: DAY0 - DAY, end_date: DAY0 + 60 * DAY, registration_start_date: DAY0 - 40 * DAY, registration_end_date: DAY0 - 2 * DAY,
    })).json();
    leagueOf[facility_id] = ID;
    const fee = (await ctx.api(t.admin, 'GET', `/league/${ID}`)).json().fees[0].price;
    teamsOf[facility_id] = [];
    for (const name of ['Lions', 'Sharks']) teamsOf[facility_id].push((await ctx.api(t.admin, 'POST', '/team/signup', { league_id: ID, name: `${name} ${facility_id}`, fee })).json().team_id);
  }
  const match = async (hours: number, facility = 1) => {
    const [field] = await ctx.database.db.select().from(fields).where(eq(fields.facility_id, facility)).limit(1);
    const [row] = await ctx.database.db.insert(matches).values({
      league_id: leagueOf[facility], home_team_id: teamsOf[facility][0], away_team_id: teamsOf[facility][1], date: DAY0 + hours * HOUR, duration: 50, field_id: field?.ID ?? null,
    }).returning();
    return row.ID;
  };
  const assign = (token: string, match_ids: unknown, referee_id: unknown = refereeId) => ctx.api(token, 'POST', '/ref/assign', { referee_id, match_ids });
  return { ctx, t, refereeId, DAY0, match, assign };
}
