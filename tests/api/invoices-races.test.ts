import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, payments } from '../../server/db/schema';
import { insertCustomer } from './support/customers';
import { statusCounts } from './support/races';
import { createTestContext, type TestContext } from './harness';

// Concurrency on a PostgreSQL server (issue 10, reliability): the invoice row is locked before the
// balance check, so concurrent payments cannot overpay; concurrent retries with one Idempotency-Key
// charge once. (PGlite has one connection: nothing runs concurrently there.)

describe.runIf(process.env.TEST_DB === 'postgres')('concurrent payments on PostgreSQL', () => {
  let ctx: TestContext;
  let admin: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.login('admin@touchline.test');
  });
  afterAll(async () => { await ctx?.close(); });

  /** An untaxed invoice of `dollars` for a new customer. */
  async function invoiceOf(dollars: number) {
    const customer = await insertCustomer(ctx.database.db);
    const res = await ctx.as(admin, { method: 'POST', url: '/api/invoice', payload: {
      facility_id: 1, customer_id: customer.ID, invoice_items: [{ price: dollars, amount_taxes: 0, amount_fees: 0 }],
    } });
    return res.json().ID as number;
  }
  /** The database's own record of the invoice: its payments (cents) and its kept paid sum. */
  async function heldPayments(invoiceId: number) {
    const rows = await ctx.database.db.select({ amount: payments.amount }).from(payments).where(eq(payments.invoice_id, invoiceId));
    const [invoice] = await ctx.database.db.select({ paid: invoices.paid }).from(invoices).where(eq(invoices.ID, invoiceId));
    return { payments: rows.map((p) => p.amount), paid: invoice.paid };
  }
  const pay = (invoiceId: number, amount: number, headers?: Record<string, string>) =>
    ctx.as(admin, { method: 'POST', url: '/api/payment', payload: { invoice_id: invoiceId, amount, type: 'cash' }, headers });

  it('100 payments where the balance allows 10: exactly 10 land and the balance ends at 0', async () => {
    const invoiceId = await invoiceOf(100);
    const answers = await Promise.all(Array.from({ length: 100 }, () => pay(invoiceId, 10)));
    expect(statusCounts(answers)).toEqual({ 201: 10, 400: 90 });
    expect(new Set(answers.filter((a) => a.statusCode === 400).map((a) => a.json().message))).toEqual(new Set(['Amount cannot be greater than invoice balance']));
    const view = (await ctx.as(admin, { method: 'GET', url: `/api/invoice/${invoiceId}` })).json();
    expect(view).toMatchObject({ paid: 100, balance: 0 });
    expect(await heldPayments(invoiceId)).toEqual({ payments: Array(10).fill(1000), paid: 10000 });
  });

  it('20 concurrent retries with one Idempotency-Key charge once and all answer the same', async () => {
    const invoiceId = await invoiceOf(100);
    const headers = { 'idempotency-key': 'concurrent-retry-1' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(invoiceId, 10, headers)));
    expect(statusCounts(answers)).toEqual({ 201: 20 });
    expect(new Set(answers.map((a) => a.json().ID)).size).toBe(1);
    expect(await heldPayments(invoiceId)).toEqual({ payments: [1000], paid: 1000 });
  });
});
