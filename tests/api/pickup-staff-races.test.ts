import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nowSeconds } from '../../core/time';
import { pickupPlayers, portalHolds } from '../../server/db/schema';
import { gameTaken } from '../../server/domain/portal/pickupGames';
import { createTestContext, describeOnPostgres, type TestContext } from './harness';
import { portal, signedInFamily, type PortalFamily } from './support/portal';
import { brooklyn, ownField, pickupSession } from './support/portalHolds';
import { statusCounts } from './support/races';

// Staff removals racing the portal on a PostgreSQL server (issue 44 items 5, 7, 8): a removal counts and
// offers the game's places under the session's row lock, as a hold takes them, so two removals and three
// holds at once on a full game of 2 places never take more than 2: the first in line is always offered
// the first freed place, and the holds take at most what is left.

describeOnPostgres('pickup staff removal races on PostgreSQL', () => {
  let ctx: TestContext;
  let admin: string;
  let manager: string;
  const families: PortalFamily[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    [admin, manager] = [await ctx.login('admin@touchline.test'), await ctx.login('manager@touchline.test')];
    for (let i = 0; i < 6; i += 1) families.push(await signedInFamily(ctx, admin));
  }, 120_000);
  afterAll(async () => { await ctx?.close(); });

  it.each([1, 2, 3])('round %i: two removals and three holds at once on a full game: never more than its places; the first in line offered one', async () => {
    const s = await pickupSession(ctx, admin, await ownField(ctx, 2), [brooklyn(10, 20)]);
    const [game] = s.games;
    const [p1, p2, waiting, ...strangers] = families;
    const players = await ctx.database.db.insert(pickupPlayers).values([p1, p2].map((f) => ({
      event_id: game, customer_id: f.childId, facility_id: 1, start_date: brooklyn(10, 20), end_date: brooklyn(10, 21),
    }))).returning();
    const joined = await portal(ctx, waiting.token, 'POST', '/waitlist', { offering: { type: 'pickup', id: s.ID }, participant_id: waiting.childId, event_id: game });
    expect(joined.statusCode, joined.body).toBe(201);

    const [removals, holds] = await Promise.all([
      Promise.all([ctx.api(admin, 'DELETE', `/pickup/player/${players[0].ID}`), ctx.api(manager, 'DELETE', `/pickup/player/${players[1].ID}`)]),
      Promise.all(strangers.map((f) => portal(ctx, f.token, 'POST', '/holds', { offering: { type: 'pickup', id: s.ID }, participant_ids: [f.childId], event_id: game }))),
    ]);
    expect(statusCounts(removals)).toEqual({ 200: 2 });
    const taken = statusCounts(holds)[201] ?? 0;
    expect(taken + (statusCounts(holds)[409] ?? 0)).toBe(3);
    expect(taken).toBeLessThanOrEqual(1);

    const db = ctx.database.db;
    const offers = await db.select().from(portalHolds).where(and(eq(portalHolds.event_id, game), eq(portalHolds.status, 'held'), sql`${portalHolds.queue_id} is not null`));
    expect(offers.map((o) => o.participant_ids)).toEqual([[waiting.childId]]);
    expect(await db.$count(pickupPlayers, eq(pickupPlayers.event_id, game))).toBe(0);
    expect(await db.transaction((tx) => gameTaken(tx, game, nowSeconds()))).toBe(1 + taken);
  });
});
