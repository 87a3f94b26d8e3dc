import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../core/time';
import { LEAGUE_MESSAGES } from '../../core/validation/leagues';
import { invoices, leagues, teamSignups } from '../../server/db/schema';
import { PRODUCT } from '../../server/db/seed/catalog';
import { createTestContext, type TestContext } from './harness';
import { statusCounts } from './support/races';

// Concurrency on a PostgreSQL server (issue 24 items 3 and 5): the league row is locked before its
// teams are counted, so concurrent sign-ups never pass max_teams; the previous season is locked before
// a rollover, so concurrent rollovers of one season create one new season. (PGlite has one
// connection: nothing runs concurrently there.)

describe.runIf(process.env.TEST_DB === 'postgres')('concurrent sign-ups and rollovers on PostgreSQL', () => {
  let ctx: TestContext;
  let admin: string;
  const now = nowSeconds();
  const DAY = 86_400;
  const league = (overrides: Record<string, unknown>) => ({
    name: 'Race League', description: 'Races', facility_id: 1, new_product_id: PRODUCT.ADULT_LEAGUE, age_group_id: 1, gender: 'Co-Ed',
    start_date: now - DAY, end_date: now + 90 * DAY, registration_start_date: now - 30 * DAY, registration_end_date: now - 2 * DAY, max_teams: 4, ...overrides,
  });

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.login('admin@touchline.test');
  });
  afterAll(async () => { await ctx?.close(); });

  it('10 concurrent sign-ups into one free place land exactly one', async () => {
    const { ID } = (await ctx.api(admin, 'POST', '/league', league({ max_teams: 1 }))).json();
    const fee = (await ctx.api(admin, 'GET', `/league/${ID}`)).json().fees[0].price;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => ctx.api(admin, 'POST', '/team/signup', { league_id: ID, name: `Racer ${i}`, fee })));
    expect(statusCounts(answers)).toEqual({ 201: 1, 409: 9 });
    expect(new Set(answers.filter((a) => a.statusCode === 409).map((a) => a.json().message))).toEqual(new Set([LEAGUE_MESSAGES.maxTeams]));
    // The one saved is the winner's: its team, with its invoice.
    const winner = answers.find((a) => a.statusCode === 201)!.json() as { ID: number; team_id: number; invoice_id: number | null };
    const saved = await ctx.database.db.select().from(teamSignups).where(eq(teamSignups.league_id, ID));
    expect(saved.map((s) => [s.ID, s.team_id])).toEqual([[winner.ID, winner.team_id]]);
    expect(winner.invoice_id).toBeGreaterThan(0);
    expect(await ctx.database.db.$count(invoices, eq(invoices.ID, winner.invoice_id!))).toBe(1);
  });

  it('5 concurrent rollovers of one season create exactly one new season', async () => {
    const season = (await ctx.api(admin, 'POST', '/league', league({ name: 'Race Season', is_container: true, gender: null }))).json();
    const division = (await ctx.api(admin, 'POST', '/league', league({ name: 'Race Season A', parent_league_id: season.ID }))).json();
    const body = {
      previous_league_id: season.ID,
      new_league: {
        name: 'Next Race Season', description: 'Next', new_product_id: PRODUCT.ADULT_LEAGUE, age_group_id: 1, start_date: now + 100 * DAY, end_date: now + 160 * DAY,
        registration_start_date: now, registration_end_date: now + 99 * DAY,
      },
      new_divisions: [{ division: { name: 'Next Race Season A' }, team_ids: [], previous_league_id: division.ID }],
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => ctx.api(admin, 'POST', '/league/rollover', body)));
    expect(statusCounts(answers)).toEqual({ 201: 1, 409: 4 });
    expect(new Set(answers.filter((a) => a.statusCode === 409).map((a) => a.json().message))).toEqual(new Set([LEAGUE_MESSAGES.alreadyRolledOver]));
    // The one saved is the winner's: the new season the previous one now points to.
    const winner = answers.find((a) => a.statusCode === 201)!.json() as { ID: number };
    const saved = await ctx.database.db.select().from(leagues).where(eq(leagues.rollover_from, season.ID));
    expect(saved.map((l) => [l.ID, l.name])).toEqual([[winner.ID, 'Next Race Season']]);
    expect((await ctx.database.db.select().from(leagues).where(eq(leagues.ID, season.ID)))[0].rollover_to).toBe(winner.ID);
    expect(await ctx.database.db.$count(leagues, eq(leagues.name, 'Next Race Season'))).toBe(1);
  });
});
