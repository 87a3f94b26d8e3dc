import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OFFERING_MESSAGES } from '../../core/api/portalOfferings';
import { portalHolds, portalWaitlists } from '../../server/db/schema';
import { createTestContext, describeOnPostgres, type TestContext } from './harness';
import { portal, signedInFamily, type PortalFamily } from './support/portal';
import { brooklyn, ownField, pickupSession } from './support/portalHolds';
import { statusCounts } from './support/races';

// A pickup game's places under load, on a PostgreSQL server (issue 44 items 5, 8): its places are counted
// under the session's row lock, so 20 concurrent holds on a game with one place left make exactly one
// hold, the 19 others answered 409 with the waitlist; 20 concurrent joins of its waitlist take positions
// 1 to 20, each once.

describeOnPostgres('pickup waitlist races on PostgreSQL', () => {
  let ctx: TestContext;
  let admin: string;
  const families: PortalFamily[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.login('admin@touchline.test');
    for (let i = 0; i < 20; i += 1) families.push(await signedInFamily(ctx, admin));
  }, 120_000);
  afterAll(async () => { await ctx?.close(); });

  it('20 concurrent holds on a game with one place left: 1 hold, 19 answered 409 with the waitlist; 20 joins take positions 1 to 20', async () => {
    const s = await pickupSession(ctx, admin, await ownField(ctx, 3), [brooklyn(10, 20)]);
    const [first, second] = await Promise.all(families.slice(0, 2).map((f) => portal(ctx, f.token, 'POST', '/holds', { offering: { type: 'pickup', id: s.ID }, participant_ids: [f.childId], event_id: s.games[0] })));
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const answers = await Promise.all(families.map((f) =>
      portal(ctx, f.token, 'POST', '/holds', { offering: { type: 'pickup', id: s.ID }, participant_ids: [f.childId], event_id: s.games[0] })));
    // The two families holding already are refused as holding; of the 18 others, one takes the place.
    expect(statusCounts(answers)).toEqual({ 201: 1, 409: 19 });
    const refused = answers.filter((a) => a.statusCode === 409).map((a) => a.json());
    expect(refused.filter((r) => r.message === OFFERING_MESSAGES.full).every((r) => r.waitlist?.open === true)).toBe(true);
    expect(refused.filter((r) => r.message === OFFERING_MESSAGES.full)).toHaveLength(17);
    expect(await ctx.database.db.$count(portalHolds, and(eq(portalHolds.event_id, s.games[0]), eq(portalHolds.status, 'held')))).toBe(3);

    const holding = new Set(answers.flatMap((a, i) => (a.statusCode === 201 ? [i] : [])).concat([0, 1]));
    const waiting = families.filter((_, i) => !holding.has(i));
    const joins = await Promise.all(waiting.map((f) => portal(ctx, f.token, 'POST', '/waitlist', { offering: { type: 'pickup', id: s.ID }, participant_id: f.childId, event_id: s.games[0] })));
    expect(statusCounts(joins)).toEqual({ 201: waiting.length });
    expect(joins.map((j) => j.json().position).sort((x, y) => x - y)).toEqual(waiting.map((_, i) => i + 1));
    expect(await ctx.database.db.$count(portalWaitlists, eq(portalWaitlists.event_id, s.games[0]))).toBe(waiting.length);
  });
});
