import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorToken } from '../../core/square';
import { invoices, payments, refunds } from '../../server/db/schema';
import { insertCustomer } from './support/customers';
import { createTestContext, type TestContext } from './harness';

// A payment carries its invoice's facility and product type (migration 0010's triggers), which the sales
// report reads instead of the invoice: every way a payment is written must copy them, and an invoice's
// change must reach its payments.

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
