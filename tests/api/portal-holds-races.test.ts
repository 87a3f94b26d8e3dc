import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OFFERING_MESSAGES } from '../../core/api/portalOfferings';
import { simulatorToken } from '../../core/square';
import { nowSeconds } from '../../core/time';
import { attendees, customers, families, payments, portalHolds, squareSimPayments } from '../../server/db/schema';
import { PRODUCT } from '../../server/db/seed/catalog';
import { expireHold } from '../../server/domain/portal/holds';
import { createTestContext, describeOnPostgres, type TestContext } from './harness';
import { createClass } from './support/classes';
import { portal, portalSignIn } from './support/portal';
import { statusCounts } from './support/races';

// Online registration under load, on a PostgreSQL server (issue 44 item 8): 500 concurrent holds on a
// class of 20 seats make exactly 20 holds and 480 409s with the waitlist; 100 concurrent checkouts of 10
// holds, each retried with its key, make 10 registrations and 10 charges; a hold that expires during its
// checkout keeps its seat until the checkout ends, so no registration without a seat and no charge without
// a registration.

describeOnPostgres('online registration races on PostgreSQL', () => {
  let ctx: TestContext;
  let admin: string;
  const VISA = simulatorToken('4111111111111111');
  /** Signed-in families: the holder's token and their children. */
  const signedIn: Array<{ holder: number; token: string; children: number[] }> = [];

  /** `count` families of `kids` children each, written straight to the database, then signed in. */
  async function families_(count: number, kids: number) {
    const db = ctx.database.db;
    const stamp = Date.now();
    const holders = await db.insert(customers).values(Array.from({ length: count }, (_, i) => ({
      first_name: 'Race', last_name: `Parent${i}`, email: `race-${stamp}-${i}@example.com`, facility_id: 1,
    }))).returning({ ID: customers.ID, email: customers.email });
    const made: typeof signedIn = [];
    for (const h of holders) {
      const children = await db.insert(customers).values(Array.from({ length: kids }, (_, k) => ({
        first_name: `Kid${k}`, last_name: `Of${h.ID}`, email: `${h.email}##${k}`, is_kid: true, birthdate: 1_500_000_000, facility_id: 1,
      }))).returning({ ID: customers.ID });
      await db.insert(families).values(children.map((c) => ({ parent_id: h.ID, child_id: c.ID })));
      made.push({ holder: h.ID, token: await portalSignIn(ctx, h.email), children: children.map((c) => c.ID) });
    }
    return made;
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.login('admin@touchline.test');
    signedIn.push(...await families_(25, 20));
  }, 120_000);
  afterAll(async () => { await ctx?.close(); });

  const onlineClass = (max_kids: number) => createClass(ctx, admin, { name: `Race Skills ${Date.now()}`, new_product_id: PRODUCT.CAMP, max_kids });
  const hold = (token: string, id: number, child: number) => portal(ctx, token, 'POST', '/holds', { offering: { type: 'class', id }, participant_ids: [child] });

  it('500 concurrent holds on a class of 20 seats: exactly 20 holds, 480 answered 409 with the waitlist', async () => {
    const cls = await onlineClass(20);
    const started = Date.now();
    const answers = await Promise.all(signedIn.flatMap((f) => f.children.map((child) => hold(f.token, cls.ID, child))));
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(statusCounts(answers)).toEqual({ 201: 20, 409: 480 });
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ message: OFFERING_MESSAGES.full, waitlist: { open: true, offering: { type: 'class', id: cls.ID } } });
    }
    const rows = await ctx.database.db.select().from(portalHolds).where(eq(portalHolds.class_id, cls.ID));
    expect(rows.length).toBe(20);
    expect(rows.reduce((n, r) => n + r.seats, 0)).toBe(20);
  }, 90_000);

  it('100 concurrent checkouts of 10 holds, each sent 10 times with its key: 10 registrations and 10 charges', async () => {
    const cls = await onlineClass(10);
    const buyers = signedIn.slice(0, 10);
    const holds = await Promise.all(buyers.map((f) => hold(f.token, cls.ID, f.children[0])));
    expect(statusCounts(holds)).toEqual({ 201: 10 });
    const answers = await Promise.all(buyers.flatMap((f, i) => Array.from({ length: 10 }, () =>
      portal(ctx, f.token, 'POST', `/holds/${holds[i].json().ID}/checkout`, { idempotency_key: `race-checkout-${cls.ID}-${i}`, source_id: VISA }))));
    expect(statusCounts(answers)).toEqual({ 200: 100 });
    // Every retry answers its hold's first result.
    for (let i = 0; i < 10; i += 1) expect(new Set(answers.slice(i * 10, i * 10 + 10).map((a) => a.json().payment_id)).size).toBe(1);
    const registered = await ctx.database.db.select().from(attendees).where(eq(attendees.class_id, cls.ID));
    expect(registered.length).toBe(10);
    const invoiceIds = [...new Set(registered.map((r) => r.invoice_id!))];
    expect((await ctx.database.db.select().from(payments).where(inArray(payments.invoice_id, invoiceIds))).length).toBe(10);
    const charges = await ctx.database.db.select().from(squareSimPayments).where(inArray(squareSimPayments.square_id, answers.map((a) => a.json().square_id as string)));
    expect(charges.length).toBe(10);
  }, 90_000);

  it('a hold expiring during its checkout keeps its seat until the checkout ends: one registration, one charge, nobody else seated', async () => {
    const cls = await onlineClass(1);
    const [buyer, rival] = signedIn.slice(10, 12);
    const made = (await hold(buyer.token, cls.ID, buyer.children[0])).json();
    // Square answers slowly, and the hold's time runs out while it does.
    const square = ctx.app.deps.square;
    const createPayment = square.createPayment.bind(square);
    let release!: () => void;
    const asked = new Promise<void>((resolve) => { release = resolve; });
    square.createPayment = async (facility, payment) => {
      release();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return createPayment(facility, payment);
    };
    try {
      const checkout = portal(ctx, buyer.token, 'POST', `/holds/${made.ID}/checkout`, { idempotency_key: `race-expiring-${cls.ID}`, source_id: VISA });
      await asked;
      await ctx.database.db.update(portalHolds).set({ expires_at: nowSeconds() - 1 }).where(eq(portalHolds.ID, made.ID));
      // The expiry job finds it paying and leaves it; a rival finds no seat.
      expect(await expireHold(ctx.database.db, made.ID, ctx.config.publicUrl)).toBe(false);
      expect((await hold(rival.token, cls.ID, rival.children[0])).statusCode).toBe(409);
      const res = await checkout;
      expect(res.statusCode).toBe(200);
    } finally {
      square.createPayment = createPayment;
    }
    const registered = await ctx.database.db.select().from(attendees).where(eq(attendees.class_id, cls.ID));
    expect(registered.map((r) => r.customer_id)).toEqual([buyer.children[0]]);
    expect((await ctx.database.db.select().from(payments).where(eq(payments.invoice_id, registered[0].invoice_id!))).length).toBe(1);
    // An expired hold is refused before any charge.
    const late = await onlineClass(1);
    const expired = (await hold(rival.token, late.ID, rival.children[0])).json();
    await ctx.database.db.update(portalHolds).set({ expires_at: nowSeconds() - 1 }).where(eq(portalHolds.ID, expired.ID));
    const before = (await ctx.database.db.select().from(squareSimPayments)).length;
    const refused = await portal(ctx, rival.token, 'POST', `/holds/${expired.ID}/checkout`, { idempotency_key: `race-expired-${late.ID}`, source_id: VISA });
    expect(refused.statusCode).toBe(409);
    expect((await ctx.database.db.select().from(squareSimPayments)).length).toBe(before);
    expect(await ctx.database.db.select().from(attendees).where(eq(attendees.class_id, late.ID))).toEqual([]);
  }, 60_000);
});
