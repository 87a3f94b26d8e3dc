import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorToken } from '../../core/square';
import { facilities, invoiceItems, invoices, payments, refunds } from '../../server/db/schema';
import { createTestContext, describeOnPostgres, type TestContext } from './harness';
import { insertCustomer } from './support/customers';
import { expectedSalesDays, salesDaysBoth } from './support/salesDays';
import { statusCounts } from './support/races';

// The cash-basis sales report reads sales_days (migrations 0012, 0018), which the database keeps from the
// payments. After every kind of write that touches payments — payments, reversals, refunds, card
// charges, invoice reversals, an invoice's move, edits and deletes, a facility's new rates or zone —
// and the writes that do not (discounts, item edits, details), sales_days must equal the sums worked
// out here from the payments themselves, and the report must add up the payments it covers.

let ctx: TestContext;
let admin: string;
const at = (iso: string) => Date.parse(iso) / 1000;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@touchline.test');
  const { db } = ctx.database;
  await db.update(facilities).set({ tax_rate: 0.08875, processing_fee: 0.03 }).where(eq(facilities.ID, 1));
  await db.update(facilities).set({ tax_rate: 0.07, processing_fee: 0.025 }).where(eq(facilities.ID, 2));
});
afterAll(async () => { await ctx?.close(); });

const api = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => ctx.api(admin, method, url, payload);

async function invoiceAt(facility_id: number, product_type_id: number, dollars = 100) {
  const customer = await insertCustomer(ctx.database.db, { facility_id });
  const res = await api('POST', '/invoice', {
    facility_id, product_type_id, customer_id: customer.ID, invoice_items: [{ price: dollars, amount_taxes: 0, amount_fees: 0 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ID as number;
}

const DETAILS: Record<string, object> = { cash: {}, check: { number: '1001' }, wire: { transaction_number: 'WT1' } };
async function pay(invoice_id: number, amount: number, type: 'cash' | 'check' | 'wire' = 'cash') {
  const res = await api('POST', '/payment', { invoice_id, amount, type, details: DETAILS[type] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ID as number;
}

async function expectKept() {
  const { stored, expected } = await salesDaysBoth(ctx.database.db);
  expect(stored).toEqual(expected);
  return expected;
}

describe('sales_days', () => {
  it('follows payments, reversals, refunds, card charges and invoice reversals, and ignores discounts, item and detail edits', async () => {
    const first = await invoiceAt(1, 1);
    const cash = await pay(first, 40.01);
    await expectKept();
    expect((await api('DELETE', `/payment/${cash}?refund=0`)).statusCode).toBe(200);
    const again = await pay(first, 50);
    expect((await api('DELETE', `/payment/${again}?refund=1&p_type=credit&amount=10&reason=goodwill`)).statusCode).toBe(200);
    const third = await pay(first, 20, 'check');
    expect((await api('DELETE', `/payment/${third}?refund=1&p_type=cash&amount=5&reason=rain`)).statusCode).toBe(200);
    const [request] = await ctx.database.db.select().from(refunds).where(eq(refunds.payment_id, third));
    expect((await api('POST', `/refunds/${request.ID}`)).statusCode).toBe(200);
    await expectKept();

    const second = await invoiceAt(2, 4, 30);
    const card = await api('POST', '/charge/event', {
      idempotency_key: `sales-days-${Date.now()}`, amount_money: { amount: 1234, currency: 'USD' }, source_id: simulatorToken('4111 1111 1111 1111'),
      invoice_id: second, facility_id: 2,
    });
    expect(card.statusCode, card.body).toBe(200);
    await pay(second, 7.77, 'wire');
    const before = await expectKept();

    // Writes that leave the payments alone leave the sums alone.
    const discount = await api('POST', '/discount/apply', { invoice_id: first, discount_id: -1, amount: 5, comment: 'loyalty' });
    expect(discount.statusCode, discount.body).toBe(201);
    const [item] = await ctx.database.db.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, first));
    expect((await api('PUT', `/invoice/item/${item.ID}`, { price: 150 })).statusCode).toBe(200);
    expect((await api('PUT', `/payment/details/${again}`, { details: { note: 'front desk' } })).statusCode).toBe(200);
    expect(await expectKept()).toEqual(before);

    const reversed = await api('POST', `/invoice/reverse/${second}`);
    expect(reversed.statusCode, reversed.body).toBe(201);
    await expectKept();
  });

  it('follows an invoice\'s move, payments edited and deleted, and a facility\'s new rates and zone', async () => {
    const { db } = ctx.database;
    const invoice = await invoiceAt(1, 1, 500);
    const ids = [await pay(invoice, 100), await pay(invoice, 33.33, 'check'), await pay(invoice, 12.5, 'wire')];
    // Either side of midnight in New York (05:00 UTC in winter): two days.
    await db.update(payments).set({ CreatedAt: at('2026-01-15T04:59:59Z') }).where(eq(payments.ID, ids[0]));
    await db.update(payments).set({ CreatedAt: at('2026-01-15T05:00:00Z') }).where(eq(payments.ID, ids[1]));
    await expectKept();
    await db.update(invoices).set({ facility_id: 2, product_type_id: 5 }).where(eq(invoices.ID, invoice));
    await expectKept();
    await db.update(payments).set({ amount: 4321 }).where(eq(payments.ID, ids[2]));
    await db.delete(payments).where(inArray(payments.ID, ids.slice(0, 2)));
    await expectKept();
    await db.update(facilities).set({ tax_rate: 0.1, processing_fee: 0.035 }).where(eq(facilities.ID, 1));
    await db.update(facilities).set({ time_zone: 'Asia/Tokyo' }).where(eq(facilities.ID, 2));
    await expectKept();
  });

  it('gives the sales report the sums of the payments it covers', async () => {
    const { db } = ctx.database;
    const invoice = await invoiceAt(1, 3, 300);
    await pay(invoice, 99.99);
    await pay(invoice, 25, 'check');
    const expected = await expectKept();
    const res = await api('POST', '/report/sales/new', { query: { start_date: '2000-01-01', end_date: '2099-12-31', facility_ids: [1, 2], summary_only: true } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const sums = expected.map(([, s]) => s).reduce((t, s) => ({ count: t.count + s.count, collected: t.collected + s.collected, tax: t.tax + s.tax, fee: t.fee + s.fee }), { count: 0, collected: 0, tax: 0, fee: 0 });
    const all = await db.select().from(payments);
    expect(sums.count).toBe(all.length);
    expect(body.payments.total_collected).toBe(sums.collected / 100);
    expect(body.sales.taxes).toBe(sums.tax / 100);
    expect(body.payments.fees).toBe(sums.fee / 100);
    expect(body.payments.by_type.reduce((n: number, t: { count: number }) => n + t.count, 0)).toBe(all.length);
  });
});

describeOnPostgres('sales_days under concurrent payments on PostgreSQL', () => {
  it('adds every one of many payments landing at once on the same day, facility and product type', async () => {
    const invoicesToPay = await Promise.all(Array.from({ length: 12 }, () => invoiceAt(1, 2, 50)));
    const answers = await Promise.all(invoicesToPay.flatMap((id) => [
      api('POST', '/payment', { invoice_id: id, amount: 10, type: 'cash' }),
      api('POST', '/payment', { invoice_id: id, amount: 5, type: 'check', details: DETAILS.check }),
    ]));
    expect(statusCounts(answers)).toEqual({ 201: 24 });
    const { stored, expected } = await salesDaysBoth(ctx.database.db);
    expect(stored).toEqual(expected);
    const kept = [...(await expectedSalesDays(ctx.database.db)).entries()].filter(([key]) => key.includes(' 1 2 cash false'));
    expect(kept.reduce((n, [, s]) => n + s.count, 0)).toBeGreaterThanOrEqual(12);
  });
});
