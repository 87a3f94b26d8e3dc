import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorToken } from '../../core/square';
import { discountApplications, invoices, payments, refunds } from '../../server/db/schema';
import { insertCustomer } from './support/customers';
import { createTestContext, type TestContext } from './harness';

// A payment carries its invoice's facility and product type (migration 0010's triggers), and so does a
// discount applied (migration 0025), which the sales report reads instead of the invoice: every way one
// is written must copy them, and an invoice's change must reach them.

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@touchline.test');
});
afterAll(async () => { await ctx?.close(); });

const api = (method: 'POST' | 'DELETE', url: string, payload?: object) => ctx.api(admin, method, url, payload);

async function invoiceAt(facility_id: number, product_type_id: number) {
  const customer = await insertCustomer(ctx.database.db, { facility_id });
  const res = await api('POST', '/invoice', {
    facility_id, product_type_id, customer_id: customer.ID, invoice_items: [{ price: 100, amount_taxes: 0, amount_fees: 0 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ID as number;
}

/** Each payment of the invoices with its invoice's facility and product type beside its own. */
async function copies(invoiceIds: number[]) {
  const rows = await ctx.database.db.select({
    type: payments.type, amount: payments.amount, facility_id: payments.facility_id, product_type_id: payments.product_type_id,
    invoice_facility: invoices.facility_id, invoice_product_type: invoices.product_type_id,
  }).from(payments).innerJoin(invoices, eq(invoices.ID, payments.invoice_id)).where(inArray(payments.invoice_id, invoiceIds));
  return rows;
}

describe('payments.facility_id and product_type_id', () => {
  it('copies the invoice\'s on cash, card, reversal and refund payments, and follows the invoice\'s change', async () => {
    const cashInvoice = await invoiceAt(2, 3);
    const cash = (await api('POST', '/payment', { invoice_id: cashInvoice, amount: 40, type: 'cash' })).json();
    const reversal = await api('DELETE', `/payment/${cash.ID}?refund=0`);
    expect(reversal.statusCode, reversal.body).toBe(200);
    const again = (await api('POST', '/payment', { invoice_id: cashInvoice, amount: 50, type: 'cash' })).json();
    const credit = await api('DELETE', `/payment/${again.ID}?refund=1&p_type=credit&amount=10&reason=goodwill`);
    expect(credit.statusCode, credit.body).toBe(200);
    const third = (await api('POST', '/payment', { invoice_id: cashInvoice, amount: 20, type: 'cash' })).json();
    const pending = await api('DELETE', `/payment/${third.ID}?refund=1&p_type=cash&amount=5&reason=rain`);
    expect(pending.statusCode, pending.body).toBe(200);
    const [request] = await ctx.database.db.select().from(refunds).where(eq(refunds.payment_id, third.ID));
    const approved = await api('POST', `/refunds/${request.ID}`);
    expect(approved.statusCode, approved.body).toBe(200);

    const cardInvoice = await invoiceAt(1, 4);
    const card = await api('POST', '/charge/event', {
      idempotency_key: `copy-${Date.now()}`, amount_money: { amount: 1200, currency: 'USD' }, source_id: simulatorToken('4111 1111 1111 1111'),
      invoice_id: cardInvoice, facility_id: 1,
    });
    expect(card.statusCode, card.body).toBe(200);

    const rows = await copies([cashInvoice, cardInvoice]);
    expect(rows.map((r) => [r.type, r.amount]).sort()).toEqual([
      ['card', 1200], ['cash', -4000], ['cash', -500], ['cash', 2000], ['cash', 4000], ['cash', 5000], ['credit', -1000],
    ].sort());
    for (const row of rows) expect([row.facility_id, row.product_type_id]).toEqual([row.invoice_facility, row.invoice_product_type]);
    expect(rows.filter((r) => r.facility_id === 2 && r.product_type_id === 3)).toHaveLength(6);

    // A contract's change of product type moves its invoices' (and so their payments'); a facility likewise.
    await ctx.database.db.update(invoices).set({ product_type_id: 5, facility_id: 1 }).where(eq(invoices.ID, cashInvoice));
    const moved = await copies([cashInvoice]);
    expect(moved.map((r) => [r.facility_id, r.product_type_id])).toEqual(moved.map(() => [1, 5]));
  });
});

describe('discount_applications.facility_id and product_type_id', () => {
  it("copy the invoice's and follow its change; the sales report counts the discount where it belongs, on both bases", async () => {
    const { db } = ctx.database;
    const invoice = await invoiceAt(2, 3);
    const applied = await api('POST', '/discount/apply', { invoice_id: invoice, discount_id: -1, amount: 5, comment: 'loyalty' });
    expect(applied.statusCode, applied.body).toBe(201);
    // A day of its own, far from the demo's ledger: the report's figures are this discount's alone.
    const day = '2031-05-05';
    const noon = Date.parse(`${day}T16:00:00Z`) / 1000;
    await db.update(discountApplications).set({ CreatedAt: noon }).where(eq(discountApplications.invoice_id, invoice));
    await db.update(invoices).set({ date: noon }).where(eq(invoices.ID, invoice));
    const discounts = async (query: object) => {
      const res = await ctx.as(admin, { method: 'POST', url: '/api/report/sales/new', payload: { query: { start_date: day, end_date: day, summary_only: true, ...query } } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().sales.discounts as number;
    };
    const copied = async () => (await db.select({ facility_id: discountApplications.facility_id, product_type_id: discountApplications.product_type_id })
      .from(discountApplications).where(eq(discountApplications.invoice_id, invoice)));
    expect(await copied()).toEqual([{ facility_id: 2, product_type_id: 3 }]);
    expect([await discounts({ facility_ids: [2] }), await discounts({ facility_ids: [2], basis: 'activity' })]).toEqual([5, 5]);
    expect([await discounts({ facility_ids: [2], product_type_ids: [3] }), await discounts({ facility_ids: [2], product_type_ids: [4] })]).toEqual([5, 0]);
    expect(await discounts({ facility_ids: [1] })).toBe(0);

    await db.update(invoices).set({ product_type_id: 5, facility_id: 1 }).where(eq(invoices.ID, invoice));
    expect(await copied()).toEqual([{ facility_id: 1, product_type_id: 5 }]);
    expect([await discounts({ facility_ids: [2] }), await discounts({ facility_ids: [1], product_type_ids: [5] }), await discounts({ facility_ids: [1], basis: 'activity' })]).toEqual([0, 5, 5]);
  });
});
