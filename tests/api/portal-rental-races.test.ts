import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { customers, events, portalHolds } from '../../server/db/schema';
import { FIELD_TYPE } from '../../server/db/seed/fields';
import { createTestContext, describeOnPostgres, type TestContext } from './harness';
import { portal, portalSignIn } from './support/portal';
import { brooklyn, ownField } from './support/portalHolds';
import { statusCounts } from './support/races';

// Rental holds under load, on a PostgreSQL server (issue 44 item 2): 20 families holding one field's slot
// at once make exactly one hold (and one booking); the 19 others are refused 409 by the calendar's guard.

describeOnPostgres('rental hold races on PostgreSQL', () => {
  let ctx: TestContext;
  const holders: Array<{ ID: number; token: string }> = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    const stamp = Date.now();
    const rows = await ctx.database.db.insert(customers).values(Array.from({ length: 20 }, (_, i) => ({
      first_name: 'Rent', last_name: `Racer${i}`, email: `rent-race-${stamp}-${i}@example.com`, facility_id: 1,
    }))).returning({ ID: customers.ID, email: customers.email });
    for (const row of rows) holders.push({ ID: row.ID, token: await portalSignIn(ctx, row.email!) });
  }, 120_000);
  afterAll(async () => { await ctx?.close(); });

  it('20 concurrent holds of one slot: exactly 1 hold and 1 booking, 19 answered 409', async () => {
    const field = await ownField(ctx);
    const start = brooklyn(9, 20);
    const answers = await Promise.all(holders.map((h) => portal(ctx, h.token, 'POST', '/holds', {
      offering: { type: 'rental', id: FIELD_TYPE.FIVE }, participant_ids: [h.ID], rental: { field_id: field, start_date: start, end_date: start + 3600 },
    })));
    expect(statusCounts(answers)).toEqual({ 201: 1, 409: 19 });
    const booked = await ctx.database.db.select().from(events).where(eq(events.field_id, field));
    expect(booked.length).toBe(1);
    const held = await ctx.database.db.select().from(portalHolds).where(eq(portalHolds.field_id, field));
    expect(held.map((h) => h.event_id)).toEqual([booked[0].ID]);
  }, 60_000);
});
