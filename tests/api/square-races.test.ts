import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorToken } from '../../core/square';
import { payments, refunds } from '../../server/db/schema';
import { createTestContext, type TestContext } from './harness';
import { invoiceOf } from './support/invoices';

// Races on a PostgreSQL server (issue 11, reliability): a completed checkout confirmed by 20 polls
// at once is recorded once; 20 retries of one card charge record one payment; concurrent confirms of
// refunds on one payment never give back more than it.

describe.runIf(process.env.TEST_DB === 'postgres')('Square races on PostgreSQL', () => {
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.login('admin@touchline.test');
  });
  afterAll(async () => { await ctx?.close(); });

  it('20 concurrent confirms of a completed checkout record one payment', async () => {
    const invoiceId = await invoiceOf(ctx, admin, 50);
    const init = await ctx.as(admin, { method: 'POST', url: '/api/square/terminal/init-checkout', payload: {
      idempotency_key: 'race-checkout-0001', checkout: { amount_money: { amount: 5000, currency: 'USD' }, device_options: { device_id: 'SIM-1-DESK' }, reference_id: String(invoiceId) },
    } });
    const id = init.json().id as string;
    await ctx.as(admin, { method: 'POST', url: `/api/square/simulator/checkouts/${id}/complete` });
    const answers = await Promise.all(Array.from({ length: 20 }, () => ctx.as(admin, { method: 'GET', url: `/api/square/terminal/confirm?id=${id}` })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json().payment_id)).size).toBe(1);
    expect(await ctx.database.db.$count(payments, eq(payments.invoice_id, invoiceId))).toBe(1);
  });

  it('20 concurrent retries of one card charge record one payment', async () => {
    const invoiceId = await invoiceOf(ctx, admin, 50);
    const payload = { idempotency_key: 'race-charge-0001', amount_money: { amount: 2000, currency: 'USD' }, source_id: simulatorToken('4111111111111111'), invoice_id: invoiceId };
    const answers = await Promise.all(Array.from({ length: 20 }, () => ctx.as(admin, { method: 'POST', url: '/api/charge/event', payload })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await ctx.database.db.$count(payments, eq(payments.invoice_id, invoiceId))).toBe(1);
  });

  it('concurrent refund requests and confirms never give back more than was paid', async () => {
    const invoiceId = await invoiceOf(ctx, admin, 30);
    const paid = await ctx.as(admin, { method: 'POST', url: '/api/charge/event', payload: {
      idempotency_key: 'race-charge-0002', amount_money: { amount: 3000, currency: 'USD' }, source_id: simulatorToken('4111111111111111'), invoice_id: invoiceId,
    } });
    const paymentId = paid.json().payment_id as number;
    const asks = await Promise.all(Array.from({ length: 10 }, () =>
      ctx.as(admin, { method: 'DELETE', url: `/api/payment/${paymentId}?refund=1&p_type=card&amount=10&reason=race` })));
    expect(asks.filter((a) => a.statusCode === 200)).toHaveLength(3);
    const ids = (await ctx.database.db.select().from(refunds).where(eq(refunds.payment_id, paymentId))).map((r) => r.ID);
    const confirms = await Promise.all(ids.flatMap((id) => [1, 2, 3].map(() => ctx.as(admin, { method: 'POST', url: `/api/refunds/${id}` }))));
    expect(confirms.filter((c) => c.statusCode === 200)).toHaveLength(3);
    const given = await ctx.database.db.select().from(payments).where(eq(payments.refund, paymentId));
    expect(given.reduce((sum, p) => sum - p.amount, 0)).toBe(3000);
    const simulated = (await ctx.as(admin, { method: 'GET', url: '/api/square/simulator/payments' })).json();
    expect(simulated.find((p: { id: string }) => p.id === paid.json().id).refunded_money.amount).toBe(3000);
  });
});
