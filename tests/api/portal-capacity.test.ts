import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASS_MESSAGES, maxBelowHeld } from '../../core/validation/classes';
import { nowSeconds } from '../../core/time';
import { classes, portalHolds } from '../../server/db/schema';
import { PRODUCT } from '../../server/db/seed/catalog';
import { createTestContext, type TestContext } from './harness';
import { createClass, family, registration } from './support/classes';
import { portal, signedInFamily } from './support/portal';

// Lowering a class's capacity counts the places families hold online (issue 44 item 2): a staff edit of
// max_kids below registered + live holds is refused with the floor and what to do; once the holds have
// ended it goes through. On both databases.

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@touchline.test');
});
afterAll(async () => { await ctx?.close(); });

describe('max_kids against live holds', () => {
  it('refuses a capacity below the participants and the places held, and accepts it once the holds end', async () => {
    const cls = await createClass(ctx, admin, { new_product_id: PRODUCT.CAMP, max_kids: 5 });
    for (let i = 0; i < 2; i += 1) {
      const desk = await family(ctx.database.db);
      expect((await ctx.api(admin, 'POST', '/class/registration', registration(cls.ID, desk.child.ID))).statusCode).toBe(201);
    }
    const fam = await signedInFamily(ctx, admin);
    const sibling = (await portal(ctx, fam.token, 'POST', '/children', { first_name: 'Held', last_name: 'Twice', birth_date: '2016-03-04', gender: 'Girl' })).json();
    const held = await portal(ctx, fam.token, 'POST', '/holds', { offering: { type: 'class', id: cls.ID }, participant_ids: [fam.childId, sibling.ID] });
    expect(held.statusCode, held.body).toBe(201);

    const below = await ctx.api(admin, 'PUT', `/class/${cls.ID}`, { max_kids: 3 });
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toBe(maxBelowHeld(2, 2));
    expect(below.json().message).toContain('Choose 4 or more');
    expect((await ctx.api(admin, 'PUT', `/class/${cls.ID}`, { max_kids: 1 })).json().message).toBe(CLASS_MESSAGES.maxBelowAttendees);
    const [kept] = await ctx.database.db.select({ max_kids: classes.max_kids }).from(classes).where(eq(classes.ID, cls.ID));
    expect(kept.max_kids).toBe(5);

    // Down to exactly what is taken: allowed.
    expect((await ctx.api(admin, 'PUT', `/class/${cls.ID}`, { max_kids: 4 })).statusCode).toBe(200);
    // The hold ended (expired): its places no longer count.
    await ctx.database.db.update(portalHolds).set({ expires_at: nowSeconds() - 1 }).where(eq(portalHolds.ID, held.json().ID));
    const lowered = await ctx.api(admin, 'PUT', `/class/${cls.ID}`, { max_kids: 2 });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json().max_kids).toBe(2);
  });
});
