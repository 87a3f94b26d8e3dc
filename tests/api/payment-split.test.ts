import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilities, invoices, payments } from '../../server/db/schema';
import { createTestContext, type TestContext } from './harness';
import { insertCustomer } from './support/customers';

// Issue 22 item 5: the sales report splits a payment by its own invoice's tax and fee, not by the
// facility's current rates. A payment keeps the split of its invoice's lines as they stood when it was
// made (migration 0018); a refund or reversal is split as the payment it gives back. Changing the
// facility's tax afterwards leaves last month's figures as they were.

let ctx: TestContext;
let admin: string;
const DAY = 86_400;
const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@touchline.test');
  await ctx.database.db.update(facilities).set({ tax_rate: 0.07, processing_fee: 0.025 }).where(eq(facilities.ID, 2));
});
afterAll(async () => { await ctx?.close(); });

/** An invoice in facility 2 of one $100 line: at the facility's rates, or untaxed. */
async function invoiceOf100(untaxed = false) {
  const customer = await insertCustomer(ctx.database.db, { facility_id: 2 });
  const res = await ctx.api(admin, 'POST', '/invoice', {
    facility_id: 2, product_type_id: 1, customer_id: customer.ID, invoice_items: [{ price: 100, ...(untaxed ? { amount_taxes: 0, amount_fees: 0 } : {}) }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { ID: number; total: number; taxes: number; fees: number };
}
async function pay(invoice_id: number, amount: number) {
  const res = await ctx.api(admin, 'POST', '/payment', { invoice_id, amount, type: 'cash' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ID as number;
}
const split = async (id: number) => {
  const [row] = await ctx.database.db.select({ amount: payments.amount, tax: payments.tax, fee: payments.fee }).from(payments).where(eq(payments.ID, id));
  return row;
};

describe('a payment split by its own invoice', () => {
  it('takes the invoice lines\' tax and fee; a refund and a reversal give back their share', async () => {
    const taxed = await invoiceOf100();
    // 100 + 7 % tax + 2.5 % fee
    expect(taxed).toMatchObject({ taxes: 7, fees: 2.5, total: 109.5 });
    const whole = await pay(taxed.ID, 109.5);
    expect(await split(whole)).toEqual({ amount: 10950, tax: 700, fee: 250 });
    // A refund of a third: round(3650 × 700 / 10950) = 233, round(3650 × 250 / 10950) = 83.
    const refunded = await ctx.api(admin, 'DELETE', `/payment/${whole}?refund=1&p_type=credit&amount=36.5&reason=rain`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const [refund] = await ctx.database.db.select().from(payments).where(eq(payments.refund, whole));
    expect({ amount: refund.amount, tax: refund.tax, fee: refund.fee }).toEqual({ amount: -3650, tax: -233, fee: -83 });

    // An untaxed invoice in the same taxed facility: its payment holds no tax and no fee.
    const untaxed = await invoiceOf100(true);
    const plain = await pay(untaxed.ID, 60);
    expect(await split(plain)).toEqual({ amount: 6000, tax: 0, fee: 0 });
    // A partial payment of the taxed kind, then its reversal: the exact opposite.
    const partial = await pay((await invoiceOf100()).ID, 40);
    expect(await split(partial)).toEqual({ amount: 4000, tax: 256, fee: 91 });
    const reverted = await ctx.api(admin, 'DELETE', `/payment/${partial}?refund=0`);
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(await split(reverted.json().ID)).toEqual({ amount: -4000, tax: -256, fee: -91 });
  });

  it('a change of the facility\'s tax after the sale leaves last month\'s sales report unchanged', async () => {
    const { db } = ctx.database;
    const invoice = await invoiceOf100();
    const paid = await pay(invoice.ID, 109.5);
    // The sale (invoice and payment) was 40 days ago.
    const then = Math.floor(Date.now() / 1000) - 40 * DAY;
    await db.update(payments).set({ CreatedAt: then }).where(eq(payments.ID, paid));
    await db.update(invoices).set({ date: then }).where(eq(invoices.ID, invoice.ID));
    const report = async (basis: 'cash' | 'activity') => {
      const res = await ctx.api(admin, 'POST', '/report/sales/new', { query: {
        start_date: isoDay(then - DAY), end_date: isoDay(then + DAY), facility_ids: [2], basis, summary_only: true,
      } });
      expect(res.statusCode, res.body).toBe(200);
      const { sales, payments: collected } = res.json();
      return { sales, fees: collected.fees };
    };
    const before = await report('cash');
    expect(before).toEqual({
      sales: { gross_sales: 100, refunds: 0, discounts: 0, net_sales: 100, taxes: 7, total_sales: 107 },
      fees: 2.5,
    });

    const changed = await ctx.api(admin, 'PUT', '/facility/2', { tax_rate: 0.1, processing_fee: 0.04 });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    const [facility] = await db.select().from(facilities).where(eq(facilities.ID, 2));
    expect(facility).toMatchObject({ tax_rate: 0.1, processing_fee: 0.04 });
    expect(await report('cash')).toEqual(before);
    expect(await report('activity')).toEqual(before);
  });
});
