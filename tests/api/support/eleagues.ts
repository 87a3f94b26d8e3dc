import { nowSeconds } from '../../../core/time';
import { customers, ematches, eplayerSignups, eplayers } from '../../../server/db/schema';
import { PRODUCT } from '../../../server/db/seed/catalog';
import { createTestContext, type StaffTokens, type TestContext } from '../harness';

// The e-league tests' network: an e-league at facility 1 with four e-players (two of them customers of
// facility 2, as an online league takes players from the whole network), a plain league beside it, and
// e-matches made on demand on a day well ahead.

const DAY = 86_400;
const HOUR = 3600;

export interface EleagueFixture {
  ctx: TestContext;
  t: StaffTokens;
  league: number;
  plainLeague: number;
  players: number[];
  signups: number[];
  /** A day well ahead, at 00:00 UTC (20:00 or 19:00 the evening before in New York). */
  DAY0: number;
  /** An e-match of the e-league `hours` after DAY0. */
  ematch(home: number, away: number, hours: number, values?: Partial<typeof ematches.$inferInsert>): Promise<number>;
}

export async function eleagueFixture(): Promise<EleagueFixture> {
  const ctx = await createTestContext();
  const t = await ctx.signInStaff();
  const DAY0 = Math.floor(nowSeconds() / DAY) * DAY + 40 * DAY;
  const leagueBody = (name: string, is_e_league: boolean) => ({
    name, description: '', facility_id: 1, new_product_id: PRODUCT.ADULT_LEAGUE, age_group_id: 1, gender: 'Co-Ed', is_e_league,
    start_date: DAY0 - DAY, end_date: DAY0 + 60 * DAY, registration_start_date: DAY0 - 40 * DAY, registration_end_date: DAY0 - 2 * DAY,
  });
  const created = await ctx.api(t.admin, 'POST', '/league', leagueBody('FIFA League', true));
  if (created.statusCode !== 201) throw new Error(created.body);
  const league = created.json().ID as number;
  const plainLeague = (await ctx.api(t.admin, 'POST', '/league', leagueBody('Plain League', false))).json().ID as number;
  const db = ctx.database.db;
  const players: number[] = [];
  const signups: number[] = [];
  const people = [['Ana', 'Arce', 1, 'AnaTheStrikerOfBrooklyn77', 'ana#1'], ['Ben', 'Bosch', 1, 'BenB', 'ben#2'], ['Cy', 'Cole', 2, 'CyC', 'cy#3'], ['Di', 'Diaz', 2, 'DiD', 'di#4']] as const;
  for (const [first_name, last_name, facility_id, console_id, discord_username] of people) {
    const [customer] = await db.insert(customers).values({ first_name, last_name, facility_id, email: `${first_name.toLowerCase()}@players.test` }).returning();
    const [player] = await db.insert(eplayers).values({ customer_id: customer.ID, console_id, console: 'PS4', discord_username }).returning();
    const [signup] = await db.insert(eplayerSignups).values({ eplayer_id: player.ID, league_id: league }).returning();
    players.push(player.ID);
    signups.push(signup.ID);
  }
  const ematch = async (home: number, away: number, hours: number, values: Partial<typeof ematches.$inferInsert> = {}) => {
    const [row] = await db.insert(ematches).values({ league_id: league, home_player_id: home, away_player_id: away, date: DAY0 + hours * HOUR, duration: 15, ...values }).returning();
    return row.ID;
  };
  return { ctx, t, league, plainLeague, players, signups, DAY0, ematch };
}
