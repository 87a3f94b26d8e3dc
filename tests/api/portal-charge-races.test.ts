import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { simulatorToken } from '../../core/square';
import { nowSeconds } from '../../core/time';
import { payments, portalOrders, squareSimPayments, teams } from '../../server/db/schema';
import { settlePortalCharge } from '../../server/domain/portal/chargeJob';
import { CHARGE_LEASE_SECONDS } from '../../server/domain/portal/pendingCharge';
import { createTestContext, describeOnPostgres, type TestContext } from './harness';
import { portal, signedInFamily, type PortalFamily } from './support/portal';
import { onlineDivision } from './support/portalTeams';
import { crashAfterSquare } from './support/pendingCharge';
import { statusCounts } from './support/races';

// A team order charged and not recorded, settled on a PostgreSQL server by eight instances of the
// recovery job at once while four retries with its key wait (issue 44 item 8): one payment recorded,
// one charge at Square, one receipt mailed, every retry answering it.

describeOnPostgres('a pending charge settled by racing instances on PostgreSQL', () => {
  let ctx: TestContext;
  let family: PortalFamily;
  let admin: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.login('admin@touchline.test');
    family = await signedInFamily(ctx, admin);
  }, 60_000);
  afterAll(async () => { await ctx?.close(); });

  it('8 job instances and 4 retries on one crashed team order: one payment, one charge, one answer', async () => {
    const league = (await onlineDivision(ctx, admin)).ID;
    const body = { league_id: league, name: `Race Crash ${Date.now()}`, idempotency_key: `race-crash-${Date.now()}`, source_id: simulatorToken('4111111111111111') };
    const crash = crashAfterSquare(ctx, true);
    const dead = portal(ctx, family.token, 'POST', '/teams', body);
    await crash.asked;
    const [order] = await ctx.database.db.select().from(portalOrders).where(and(eq(portalOrders.customer_id, family.holderId), eq(portalOrders.idempotency_key, body.idempotency_key)));
    await ctx.database.db.update(portalOrders).set({ CreatedAt: nowSeconds() - CHARGE_LEASE_SECONDS - 60 }).where(eq(portalOrders.ID, order.ID));
    const deps = { ...ctx.app.deps, log: ctx.app.log, publicUrl: ctx.config.publicUrl };
    const [retries] = await Promise.all([
      Promise.all(Array.from({ length: 4 }, () => portal(ctx, family.token, 'POST', '/teams', body))),
      Promise.all(Array.from({ length: 8 }, () => settlePortalCharge(deps, { flow: 'order', id: order.ID }))),
    ]);
    expect(statusCounts(retries)).toEqual({ 201: 4 });
    const recorded = await ctx.database.db.select().from(payments).where(eq(payments.invoice_id, order.invoice_id!));
    expect(recorded).toHaveLength(1);
    for (const r of retries) expect(r.json().payment.payment_id).toBe(recorded[0].ID);
    expect(await ctx.database.db.$count(squareSimPayments, eq(squareSimPayments.square_id, recorded[0].square_id!))).toBe(1);
    expect(await ctx.database.db.$count(teams, eq(teams.name, body.name))).toBe(1);
    // One receipt, mailed by whichever instance recorded the charge.
    expect(ctx.outbox.filter((m) => m.to === family.email && m.subject.startsWith(`Receipt: invoice ${order.invoice_id} `))).toHaveLength(1);
    crash.end();
    expect((await dead).statusCode).toBe(503);
    expect(await ctx.database.db.$count(payments, eq(payments.invoice_id, order.invoice_id!))).toBe(1);
  }, 60_000);
});
