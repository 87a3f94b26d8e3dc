import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorToken } from '../../core/square';
import { discountApplications, invoiceItems, invoices, payments } from '../../server/db/schema';
import { createTestContext, describeOnPostgres, type TestContext } from './harness';
import { insertCustomer } from './support/customers';
import { invoiceTotalsBoth } from './support/invoiceTotals';
import { statusCounts } from './support/races';

// The invoices' sums (invoiced, discounted, paid: migration 0013) are kept by the database from the
// items, discounts and payments. After every kind of write on those — payments, refunds, reversals,
// card charges, discounts applied and removed, items added, re-priced and deleted, rows moved to another
// invoice, bulk edits and deletes — each invoice's columns must equal the sums worked out here from
// the rows themselves.

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@touchline.test');
});
afterAll(async () => { await ctx?.close(); });

const api = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => ctx.api(admin, method, url, payload);

async function invoiceAt(facility_id: number, dollars = 100) {
  const customer = await insertCustomer(ctx.database.db, { facility_id });
  const res = await api('POST', '/invoice', {
    facility_id, product_type_id: 1, customer_id: customer.ID, invoice_items: [{ price: dollars, amount_taxes: 1.25, amount_fees: 0.5 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ID as number;
}

async function pay(invoice_id: number, amount: number) {
  const res = await api('POST', '/payment', { invoice_id, amount, type: 'cash' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ID as number;
}

async function expectKept() {
  const { stored, expected } = await invoiceTotalsBoth(ctx.database.db);
  expect(stored).toEqual(expected);
  return new Map(stored.map(([id, ...sums]) => [id, sums]));
}

describe('invoice totals kept on the invoice row', () => {
  it('follow payments, refunds, reversals, card charges, discounts and item adds, edits and deletes', async () => {
    const first = await invoiceAt(1);
    const [invoiced, ...rest] = (await expectKept()).get(first)!;
    expect(invoiced).toBeGreaterThanOrEqual(10000);
    expect(rest).toEqual([0, 0]);
    const cash = await pay(first, 40.01);
    expect((await expectKept()).get(first)).toEqual([invoiced, 0, 4001]);
    expect((await api('DELETE', `/payment/${cash}?refund=0`)).statusCode).toBe(200);
    const again = await pay(first, 50);
    expect((await api('DELETE', `/payment/${again}?refund=1&p_type=cash&amount=10&reason=rain`)).statusCode).toBe(200);
    await expectKept();

    const discount = await api('POST', '/discount/apply', { invoice_id: first, discount_id: -1, amount: 5, comment: 'loyalty' });
    expect(discount.statusCode, discount.body).toBe(201);
    expect((await expectKept()).get(first)?.[1]).toBe(500);
    const [applied] = await ctx.database.db.select().from(discountApplications).where(eq(discountApplications.invoice_id, first));
    expect((await api('DELETE', `/discount/apply/${applied.ID}`)).statusCode).toBe(200);
    expect((await expectKept()).get(first)?.[1]).toBe(0);

    const second = await invoiceAt(2, 30);
    const added = await api('POST', `/invoice/item/${second}`, { comment: 'towel', price: 2.5, quantity: 3 });
    expect(added.statusCode, added.body).toBe(201);
    const lines = await ctx.database.db.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, second));
    expect((await api('PUT', `/invoice/item/${lines[0].ID}`, { price: 45 })).statusCode).toBe(200);
    await expectKept();
    const towel = lines.find((l) => l.comment === 'towel')!;
    expect((await api('DELETE', `/invoice/item/${towel.ID}`)).statusCode).toBe(200);
    await expectKept();

    const card = await api('POST', '/charge/event', {
      idempotency_key: `invoice-totals-${Date.now()}`, amount_money: { amount: 1234, currency: 'USD' }, source_id: simulatorToken('4111 1111 1111 1111'),
      invoice_id: second, facility_id: 2,
    });
    expect(card.statusCode, card.body).toBe(200);
    expect((await expectKept()).get(second)?.[2]).toBe(1234);

    const reversed = await api('POST', `/invoice/reverse/${second}`);
    expect(reversed.statusCode, reversed.body).toBe(201);
    const kept = await expectKept();
    expect(kept.get(reversed.json().ID)?.[0]).toBe(-(kept.get(second)?.[0] ?? 0));
  });

  it('follow rows moved to another invoice, bulk edits and deletes, and a deleted invoice', async () => {
    const { db } = ctx.database;
    const [from, to] = [await invoiceAt(1, 200), await invoiceAt(1, 10)];
    const ids = [await pay(from, 20), await pay(from, 30), await pay(to, 1)];
    await db.update(payments).set({ invoice_id: to }).where(eq(payments.ID, ids[0]));
    await db.update(invoiceItems).set({ invoice_id: to, quantity: 2 }).where(eq(invoiceItems.invoice_id, from));
    const moved = await expectKept();
    expect(moved.get(from)).toEqual([0, 0, 3000]);
    expect(moved.get(to)?.[2]).toBe(2100);
    // One statement over many rows and invoices: each invoice gets its own delta.
    await db.update(payments).set({ amount: 777 }).where(inArray(payments.ID, ids));
    await expectKept();
    await db.delete(payments).where(inArray(payments.ID, ids));
    await db.delete(invoices).where(eq(invoices.ID, from));
    expect((await expectKept()).get(to)?.[2]).toBe(0);
  });
});

describeOnPostgres('invoice totals under concurrent writes on PostgreSQL', () => {
  it('add every one of many payments landing at once on the same invoices', async () => {
    const chosen = await Promise.all(Array.from({ length: 6 }, () => invoiceAt(1, 500)));
    const answers = await Promise.all(chosen.flatMap((id) => [1, 2, 3].map((n) => api('POST', '/payment', { invoice_id: id, amount: n, type: 'cash' }))));
    expect(statusCounts(answers)).toEqual({ 201: 18 });
    const kept = await expectKept();
    for (const id of chosen) expect(kept.get(id)?.[2]).toBe(600);
  });
});
