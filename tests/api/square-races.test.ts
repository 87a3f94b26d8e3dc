import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorToken } from '../../core/square';
import { invoices, payments, refunds } from '../../server/db/schema';
import { createTestContext, type TestContext } from './harness';
import { reachDeadline } from './support/deadline';
import { invoiceOf } from './support/invoices';
import { statusCounts } from './support/races';

// Races on a PostgreSQL server (issue 11, reliability): a completed checkout confirmed by 20 polls
// at once is recorded once, also when its deadline job runs among them; 20 retries of one card charge
// record one payment; concurrent confirms of refunds on one payment never give back more than it.

describe.runIf(process.env.TEST_DB === 'postgres')('Square races on PostgreSQL', () => {
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    // The jobs worker stopped: the race test runs the deadline job itself, among the confirms.
    ctx = await createTestContext({ build: { jobs: false } });
    admin = await ctx.login('admin@touchline.test');
  });
  afterAll(async () => { await ctx?.close(); });

  /** What the database holds for the invoice: its payments (cents) and its kept paid sum. */
  const held = async (invoiceId: number) => {
    const { db } = ctx.database;
    const rows = await db.select({ amount: payments.amount }).from(payments).where(eq(payments.invoice_id, invoiceId));
    const [invoice] = await db.select({ paid: invoices.paid }).from(invoices).where(eq(invoices.ID, invoiceId));
    return { payments: rows.map((p) => p.amount).sort((a, b) => b - a), paid: invoice.paid };
  };

  /** A checkout of `cents` on `device` for the invoice, completed at the simulated terminal; its Square id. */
  const completedCheckout = async (invoiceId: number, cents: number, key: string, device: string) => {
    const init = await ctx.as(admin, { method: 'POST', url: '/api/square/terminal/init-checkout', payload: {
      idempotency_key: key, checkout: { amount_money: { amount: cents, currency: 'USD' }, device_options: { device_id: device }, reference_id: String(invoiceId) },
    } });
    const id = init.json().id as string;
    await ctx.as(admin, { method: 'POST', url: `/api/square/simulator/checkouts/${id}/complete` });
    return id;
  };

  it('20 concurrent confirms of a completed checkout record one payment', async () => {
    const invoiceId = await invoiceOf(ctx, admin, 50);
    const id = await completedCheckout(invoiceId, 5000, 'race-checkout-0001', 'SIM-1-DESK');
    const answers = await Promise.all(Array.from({ length: 20 }, () => ctx.as(admin, { method: 'GET', url: `/api/square/terminal/confirm?id=${id}` })));
    expect(statusCounts(answers)).toEqual({ 200: 20 });
    expect(new Set(answers.map((a) => a.json().payment_id)).size).toBe(1);
    expect(await held(invoiceId)).toEqual({ payments: [5000], paid: 5000 });
  });

  it('the deadline job racing 10 confirms of a completed checkout: one payment', async () => {
    const invoiceId = await invoiceOf(ctx, admin, 40);
    const id = await completedCheckout(invoiceId, 4000, 'race-checkout-0002', 'SIM-1-BAR');
    await reachDeadline(ctx.database.db, id);
    const confirms = Array.from({ length: 10 }, () => ctx.as(admin, { method: 'GET', url: `/api/square/terminal/confirm?id=${id}` }));
    const [ran, ...answers] = await Promise.all([ctx.app.jobs.runOnce(), ...confirms]);
    expect(ran).toBe(1);
    expect(statusCounts(answers)).toEqual({ 200: 10 });
    expect(new Set(answers.map((a) => a.json().payment_id)).size).toBe(1);
    expect(await held(invoiceId)).toEqual({ payments: [4000], paid: 4000 });
  });

  it('20 concurrent retries of one card charge record one payment', async () => {
    const invoiceId = await invoiceOf(ctx, admin, 50);
    const payload = { idempotency_key: 'race-charge-0001', amount_money: { amount: 2000, currency: 'USD' }, source_id: simulatorToken('4111111111111111'), invoice_id: invoiceId };
    const answers = await Promise.all(Array.from({ length: 20 }, () => ctx.as(admin, { method: 'POST', url: '/api/charge/event', payload })));
    expect(statusCounts(answers)).toEqual({ 200: 20 });
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await held(invoiceId)).toEqual({ payments: [2000], paid: 2000 });
  });

  it('concurrent refund requests and confirms never give back more than was paid', async () => {
    const invoiceId = await invoiceOf(ctx, admin, 30);
    const paid = await ctx.as(admin, { method: 'POST', url: '/api/charge/event', payload: {
      idempotency_key: 'race-charge-0002', amount_money: { amount: 3000, currency: 'USD' }, source_id: simulatorToken('4111111111111111'), invoice_id: invoiceId,
    } });
    const paymentId = paid.json().payment_id as number;
    const asks = await Promise.all(Array.from({ length: 10 }, () =>
      ctx.as(admin, { method: 'DELETE', url: `/api/payment/${paymentId}?refund=1&p_type=card&amount=10&reason=race` })));
    expect(statusCounts(asks)).toEqual({ 200: 3, 400: 7 });
    expect(new Set(asks.filter((a) => a.statusCode === 400).map((a) => a.json().message))).toEqual(new Set(['Refund amount cant be greater than payment amount']));
    const ids = (await ctx.database.db.select().from(refunds).where(eq(refunds.payment_id, paymentId))).map((r) => r.ID);
    expect(ids).toHaveLength(3);
    const confirms = await Promise.all(ids.flatMap((id) => [1, 2, 3].map(() => ctx.as(admin, { method: 'POST', url: `/api/refunds/${id}` }))));
    expect(statusCounts(confirms)).toEqual({ 200: 3, 409: 6 });
    expect(new Set(confirms.filter((c) => c.statusCode === 409).map((c) => c.json().message))).toEqual(new Set(['This refund is already confirmed or denied: it cannot be changed']));
    // The database's own sums: three confirmed refunds of $10, three −$10 payments, nothing left paid.
    const asked = await ctx.database.db.select().from(refunds).where(eq(refunds.payment_id, paymentId));
    expect(asked.map((r) => [r.amount, r.refund_status])).toEqual(Array(3).fill([1000, 'Confirmed']));
    expect(await held(invoiceId)).toEqual({ payments: [3000, -1000, -1000, -1000], paid: 0 });
    const given = await ctx.database.db.select().from(payments).where(eq(payments.refund, paymentId));
    expect(given.reduce((sum, p) => sum - p.amount, 0)).toBe(3000);
    const simulated = (await ctx.as(admin, { method: 'GET', url: '/api/square/simulator/payments' })).json();
    expect(simulated.find((p: { id: string }) => p.id === paid.json().id).refunded_money.amount).toBe(3000);
  });
});
