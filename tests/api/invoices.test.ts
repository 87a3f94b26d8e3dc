import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../core/time';
import { changelog, customers, discounts, events, invoices, payments, refunds } from '../../server/db/schema';
import { insertCustomer } from './support/customers';
import { createTestContext, type TestContext } from './harness';

// Invoices, payments and discounts (spec 2 §3–§9, issue 10) on both databases: every call, the money
// figures (facility 1: 8.875 % tax, 3 % processing fee), the spec's messages, facility scope, and that
// a refused or failed write leaves nothing behind.

let ctx: TestContext;
let admin: string;
let manager: string;
let manager2: string;
let mod: string;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ admin, manager, manager2, mod } = await ctx.signInStaff());
});
afterAll(async () => { await ctx?.close(); });

const db = () => ctx.database.db;
const api: TestContext['api'] = (...call) => ctx.api(...call);

/** A manual invoice at facility 1 for a new customer: one line of `price` dollars, taxed and with the fee. */
async function manualInvoice(price = 100, values: Partial<typeof customers.$inferInsert> = {}, token = admin) {
  const customer = await insertCustomer(db(), values);
  const res = await api(token, 'POST', '/invoice', {
    facility_id: 1, product_type_id: 1, customer_id: customer.ID, invoice_type_id: 1, comment: 'Test',
    invoice_items: [{ price, comment: 'Manual Invoice' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return { invoice: res.json(), customer };
}

const pay = (invoiceId: number, amount: number, type = 'cash', extra: Record<string, unknown> = {}, token = admin, headers?: Record<string, string>) =>
  api(token, 'POST', '/payment', { invoice_id: invoiceId, amount, type, ...extra }, headers);
const view = async (id: number, token = admin) => (await api(token, 'GET', `/invoice/${id}`)).json();
const paymentCount = async (invoiceId: number) => db().$count(payments, eq(payments.invoice_id, invoiceId));

describe('POST /invoice and GET /invoice/{id}', () => {
  it('computes tax and fee per line, half-up, and answers the totals in dollars', async () => {
    const { invoice, customer } = await manualInvoice(100.1);
    // 100.10 × 8.875 % = 8.883… → 8.88; × 3 % = 3.003 → 3.00
    expect(invoice).toMatchObject({
      customer_id: customer.ID, facility: { ID: 1 }, invoiced: 100.1, taxes: 8.88, fees: 3, total: 111.98, discounted: 0, paid: 0, balance: 111.98,
    });
    expect(invoice.invoice_items).toEqual([expect.objectContaining({ price: 100.1, quantity: 1, comment: 'Manual Invoice', amount_taxes: 8.88, amount_fees: 3 })]);
    const profile = (await api(admin, 'GET', `/customer/${customer.ID}`)).json();
    expect(profile.totals).toEqual({ invoiced: 111.98, paid: 0, balance: 111.98 });
  });

  it('leaves a line untaxed when amount_taxes is 0', async () => {
    const customer = await insertCustomer(db());
    const res = await api(admin, 'POST', '/invoice', { facility_id: 1, customer_id: customer.ID, invoice_items: [{ price: 10, amount_taxes: 0, amount_fees: 0 }] });
    expect(res.json()).toMatchObject({ taxes: 0, fees: 0, total: 10 });
  });

  it('refuses bad input with a message naming the field and writes nothing', async () => {
    const before = await db().$count(invoices);
    for (const [body, message] of [
      [{ facility_id: 1, invoice_items: [{ price: -5 }] }, 'invoice_items.0.price: must be 0 or more'],
      [{ facility_id: 1, invoice_items: [{ price: 1.005 }] }, 'invoice_items.0.price: at most two decimals'],
      [{ facility_id: 1, invoice_items: [{ price: 1_000_001 }] }, 'invoice_items.0.price: must be at most $1,000,000.00'],
      [{ facility_id: 1, invoice_type_id: 3 }, 'invoice_type_id: must be 1 (general) or 2 (team)'],
      [{ facility_id: 999 }, 'facility_id: there is no such facility'],
    ] as const) {
      const res = await api(admin, 'POST', '/invoice', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await db().$count(invoices)).toBe(before);
  });

  it('pins managers to their facility: theirs is created there, another facility’s answers 404', async () => {
    const customer = await insertCustomer(db(), { facility_id: 2 });
    const res = await api(manager2, 'POST', '/invoice', { facility_id: 1, customer_id: customer.ID, invoice_items: [{ price: 20 }] });
    expect(res.statusCode).toBe(201);
    expect(res.json().facility_id).toBe(2);
    expect((await api(manager, 'GET', `/invoice/${res.json().ID}`)).statusCode).toBe(404);
    expect((await pay(res.json().ID, 1, 'cash', {}, manager)).statusCode).toBe(404);
    expect(await paymentCount(res.json().ID)).toBe(0);
    expect((await api(manager2, 'GET', `/invoice/${res.json().ID}`)).statusCode).toBe(200);
  });

  it('refuses coaches and referees', async () => {
    const coach = await ctx.login('coach@touchline.test');
    expect((await api(coach, 'GET', '/invoice/1')).statusCode).toBe(403);
  });

  it('changes the date for admins only, and the comment for the office', async () => {
    const { invoice } = await manualInvoice(10);
    expect((await api(mod, 'PUT', `/invoice/${invoice.ID}`, { date: 1_700_000_000 })).statusCode).toBe(403);
    expect((await api(mod, 'PUT', `/invoice/${invoice.ID}`, { comment: 'Desk note' })).json().comment).toBe('Desk note');
    expect((await api(admin, 'PUT', `/invoice/${invoice.ID}`, { date: 1_700_000_000 })).json().date).toBe(1_700_000_000);
  });
});

describe('search and lists', () => {
  it('POST /invoice/search/new: the 7-day window by default, filters, facility scope, date descending', async () => {
    const { invoice, customer } = await manualInvoice(50);
    await pay(invoice.ID, 10, 'check', { details: { number: '1001' } });
    const old = await manualInvoice(50);
    await api(admin, 'PUT', `/invoice/${old.invoice.ID}`, { date: nowSeconds() - 10 * 86400 });
    const res = await api(admin, 'POST', '/invoice/search/new', { query: {} });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<{ ID: number; date: number }>;
    expect(rows.map((r) => r.ID)).toContain(invoice.ID);
    expect(rows.map((r) => r.ID)).not.toContain(old.invoice.ID);
    expect(rows.map((r) => r.date)).toEqual([...rows.map((r) => r.date)].sort((a, b) => b - a));
    expect(res.headers['content-range']).toMatch(/^invoice 0-\d+\/\d+$/);
    const mine = (await api(admin, 'POST', '/invoice/search/new', { query: { customer_ids: [customer.ID], payment_type: 'check' } })).json();
    expect(mine).toEqual([expect.objectContaining({
      ID: invoice.ID, invoiced: 55.94, discounted: 0, paid: 10, balance: 45.94, customer: expect.objectContaining({ ID: customer.ID }),
    })]);
    expect((await api(admin, 'POST', '/invoice/search/new', { query: { customer_ids: [customer.ID], payment_type: 'wire' } })).json()).toEqual([]);
    const forManager2 = (await api(manager2, 'POST', '/invoice/search/new', { query: { facility_id: 1 } })).json() as Array<{ facility_id: number }>;
    expect(forManager2.every((r) => r.facility_id === 2)).toBe(true);
  });

  it('GET /invoice pages with Content-Range; GET /invoice/customer/{id} lists a customer’s', async () => {
    const { invoice, customer } = await manualInvoice(5);
    const page = await ctx.as(admin, { method: 'GET', url: `/api/invoice?range=${encodeURIComponent('[0,1]')}&sort=${encodeURIComponent('["date","DESC"]')}` });
    expect(page.json()).toHaveLength(2);
    expect(page.headers['content-range']).toMatch(/^invoice 0-1\/\d+$/);
    // The count is the whole selection's, on every page and past the last one; a filter counts its own rows.
    const searchPage = (query: Record<string, unknown>, range: [number, number]) => ctx.as(admin, { method: 'POST', url: '/api/invoice/search/new', payload: { query, range } });
    const all = await searchPage({ start_date: 0 }, [0, 999]);
    const total = all.json().length;
    expect(total).toBeGreaterThan(1);
    expect(all.headers['content-range']).toBe(`invoice 0-${total - 1}/${total}`);
    expect((await searchPage({ start_date: 0 }, [1, 1])).headers['content-range']).toBe(`invoice 1-1/${total}`);
    const past = await searchPage({ start_date: 0 }, [total + 5, total + 9]);
    expect(past.json()).toEqual([]);
    expect(past.headers['content-range']).toBe(`invoice */${total}`);
    expect((await searchPage({ start_date: 0, customer_ids: [customer.ID] }, [0, 49])).headers['content-range']).toBe('invoice 0-0/1');
    const list = (await api(mod, 'GET', `/invoice/customer/${customer.ID}`)).json();
    expect(list).toEqual([expect.objectContaining({ ID: invoice.ID, balance: 5.59 })]);
  });
});

describe('invoice items', () => {
  it('needs an event, merges the same product, event and price, and edits and deletes lines', async () => {
    const { invoice } = await manualInvoice(10);
    const now = nowSeconds();
    const [event] = await db().insert(events).values({ product_type_id: 1, field_id: 1, facility_id: 1, start_date: now, end_date: now + 3600 }).returning();
    const none = await api(mod, 'POST', '/invoice/item', { invoice_id: invoice.ID, price: 30 });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("EventID can't be empty");
    await api(mod, 'POST', '/invoice/item', { invoice_id: invoice.ID, event_id: event.ID, price: 30 });
    const merged = (await api(mod, 'POST', '/invoice/item', { invoice_id: invoice.ID, event_id: event.ID, price: 30, quantity: 2 })).json();
    const line = merged.invoice_items.find((i: { event_id: number | null }) => i.event_id === event.ID);
    // 3 × 30 = 90: tax 7.99 (7.9875 half-up), fee 2.70
    expect(line).toMatchObject({ quantity: 3, price: 30, amount_taxes: 7.99, amount_fees: 2.7, event: { ID: event.ID, start_date: now, end_date: now + 3600 } });
    expect((await api(mod, 'GET', `/invoice/event?event_id=${event.ID}`)).json()).toEqual([expect.objectContaining({ ID: invoice.ID })]);
    expect((await api(mod, 'PUT', `/invoice/item/${line.ID}`, { price: 20 })).statusCode).toBe(403);
    const edited = (await api(manager, 'PUT', `/invoice/item/${line.ID}`, { price: 20 })).json();
    expect(edited.invoice_items.find((i: { ID: number }) => i.ID === line.ID)).toMatchObject({ price: 20, amount_taxes: 5.33, amount_fees: 1.8 });
    await pay(invoice.ID, 1);
    const refused = await api(admin, 'DELETE', `/invoice/item/${line.ID}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Failed to delete invoice item with price 20\.00/);
  });

  it('deletes a line of an invoice without payments (admins)', async () => {
    const { invoice } = await manualInvoice(10);
    const itemId = invoice.invoice_items[0].ID;
    expect((await api(manager, 'DELETE', `/invoice/item/${itemId}`)).statusCode).toBe(403);
    const res = await api(admin, 'DELETE', `/invoice/item/${itemId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ invoice_items: [], total: 0 });
  });
});

describe('POST /payment', () => {
  it('takes cash, check and wire up to the balance; the invoice is paid at 0', async () => {
    const { invoice } = await manualInvoice(100); // 100 + 8.88 + 3 = 111.88
    expect((await pay(invoice.ID, 50)).json()).toMatchObject({ amount: 50, type: 'cash', balance: 61.88 });
    expect((await pay(invoice.ID, 11.88, 'check', { details: { number: '77' } })).statusCode).toBe(201);
    const last = await pay(invoice.ID, 50, 'wire', { details: { transaction_number: 'TX-1' } });
    expect(last.json()).toMatchObject({ balance: 0, paid: 111.88 });
    expect(JSON.parse(last.json().details)).toEqual({ transaction_number: 'TX-1' });
  });

  it('refuses with the spec’s messages and writes nothing', async () => {
    const { invoice } = await manualInvoice(10); // 11.19
    for (const [body, message] of [
      [{ amount: 0 }, 'Amount cannot be 0'],
      [{ amount: -5 }, 'Amount cannot be 0'],
      [{ amount: 11.2 }, 'Amount cannot be greater than invoice balance'],
      [{ amount: 1.001 }, 'amount: at most two decimals'],
      [{ amount: 1_000_001 }, 'amount: must be at most $1,000,000.00'],
      [{ amount: 5, type: 'check' }, 'Please enter the check number'],
      [{ amount: 5, type: 'wire' }, 'Please enter the wire transaction number'],
      [{ amount: 5, type: 'card' }, 'Card must be charged on square'],
      [{ amount: 5, type: 'bitcoin' }, 'type: must be one of cash, check, wire, credit, card, terminal'],
    ] as const) {
      const res = await pay(invoice.ID, body.amount, 'type' in body ? body.type : 'cash');
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await paymentCount(invoice.ID)).toBe(0);
  });

  it('spends the customer’s credits, never more than they have', async () => {
    const { invoice, customer } = await manualInvoice(100, { credits: 2050 });
    const refused = await pay(invoice.ID, 30, 'credit');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Not enough credits, customer has 20.50 in credit.');
    expect((await pay(invoice.ID, 20, 'credit')).statusCode).toBe(201);
    const [row] = await db().select({ credits: customers.credits }).from(customers).where(eq(customers.ID, customer.ID));
    expect(row.credits).toBe(50);
  });

  it('answers a retry with the same Idempotency-Key once, and 409 for the key with another payment', async () => {
    const { invoice } = await manualInvoice(100);
    const headers = { 'idempotency-key': 'retry-key-0001' };
    const first = await pay(invoice.ID, 10, 'cash', {}, admin, headers);
    const again = await pay(invoice.ID, 10, 'cash', {}, admin, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await paymentCount(invoice.ID)).toBe(1);
    const other = await pay(invoice.ID, 11, 'cash', {}, admin, headers);
    expect(other.statusCode).toBe(409);
    expect(await paymentCount(invoice.ID)).toBe(1);
  });

  it('leaves no payment behind when the write fails part-way (its changelog entry)', async () => {
    const { invoice } = await manualInvoice(100);
    await db().execute(sql.raw(`create function fail_payment_log() returns trigger language plpgsql as $$
      begin if new.action = 'payment' and new.object_id = ${invoice.ID} then raise exception 'forced failure'; end if; return new; end $$`));
    await db().execute(sql.raw('create trigger fail_payment_log before insert on changelog for each row execute function fail_payment_log()'));
    try {
      const res = await pay(invoice.ID, 10, 'cash', {}, admin, { 'idempotency-key': 'failing-key-01' });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(await paymentCount(invoice.ID)).toBe(0);
    } finally {
      await db().execute(sql.raw('drop trigger fail_payment_log on changelog'));
      await db().execute(sql.raw('drop function fail_payment_log()'));
    }
    // The failed request's key was not kept: the retry charges once.
    expect((await pay(invoice.ID, 10, 'cash', {}, admin, { 'idempotency-key': 'failing-key-01' })).statusCode).toBe(201);
    expect(await paymentCount(invoice.ID)).toBe(1);
    expect(await db().$count(changelog, sql`${changelog.object_type} = 'invoice' and ${changelog.object_id} = ${invoice.ID} and ${changelog.action} = 'payment'`)).toBe(1);
  });
});

describe('revert, refund, details and transfer', () => {
  it('reverts a payment (admins): the balance returns, and the pair is neither reverted nor refunded again', async () => {
    const { invoice } = await manualInvoice(100);
    const payment = (await pay(invoice.ID, 40)).json();
    expect((await api(manager, 'DELETE', `/payment/${payment.ID}?refund=0&p_type=credit`)).statusCode).toBe(403);
    const reversal = await api(admin, 'DELETE', `/payment/${payment.ID}?refund=0&p_type=credit`);
    expect(reversal.statusCode).toBe(200);
    expect(reversal.json()).toMatchObject({ amount: -40, reversal: payment.ID, balance: 111.88 });
    const again = await api(admin, 'DELETE', `/payment/${payment.ID}?refund=0`);
    expect(again.statusCode).toBe(409);
    expect((await api(admin, 'DELETE', `/payment/${reversal.json().ID}?refund=0`)).statusCode).toBe(409);
    const shown = await view(invoice.ID);
    expect(shown.payments).toEqual([
      expect.objectContaining({ ID: payment.ID, reversed: reversal.json().ID }),
      expect.objectContaining({ ID: reversal.json().ID, reversal: payment.ID }),
    ]);
  });

  it('reverting a credit payment gives the credits back', async () => {
    const { invoice, customer } = await manualInvoice(100, { credits: 5000 });
    const payment = (await pay(invoice.ID, 30, 'credit')).json();
    await api(admin, 'DELETE', `/payment/${payment.ID}?refund=0`);
    const [row] = await db().select({ credits: customers.credits }).from(customers).where(eq(customers.ID, customer.ID));
    expect(row.credits).toBe(5000);
  });

  it('reverts with skip_credit=1 (spec 3 §7, a payment being moved): the balance returns, the credits stay spent; only with refund=0', async () => {
    const { invoice, customer } = await manualInvoice(100, { credits: 5000 });
    const payment = (await pay(invoice.ID, 30, 'credit')).json();
    const refused = await api(admin, 'DELETE', `/payment/${payment.ID}?refund=1&p_type=cash&amount=30&skip_credit=1`);
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'skip_credit applies to a revert (refund=0) only']);
    expect((await api(admin, 'DELETE', `/payment/${payment.ID}?refund=0&skip_credit=2`)).statusCode).toBe(400);
    const reverted = await api(admin, 'DELETE', `/payment/${payment.ID}?refund=0&skip_credit=1`);
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(reverted.json()).toMatchObject({ amount: -30, reversal: payment.ID, balance: 111.88 });
    const [row] = await db().select({ credits: customers.credits }).from(customers).where(eq(customers.ID, customer.ID));
    expect(row.credits).toBe(2000);
  });

  it('records a refund request as Pending, at most the payment; a refund to credit adds the credits', async () => {
    const { invoice, customer } = await manualInvoice(100);
    const payment = (await pay(invoice.ID, 40)).json();
    const bad = await api(manager, 'DELETE', `/payment/${payment.ID}?refund=1&p_type=&amount=10&reason=x`);
    expect(bad.json().message).toBe('Please select a valid payment type');
    const tooMuch = await api(manager, 'DELETE', `/payment/${payment.ID}?refund=1&p_type=cash&amount=40.01&reason=x`);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('Refund amount cant be greater than payment amount');
    const pending = await api(manager, 'DELETE', `/payment/${payment.ID}?refund=1&p_type=cash&amount=25&reason=${encodeURIComponent('Rain')}&creator=2`);
    expect(pending.json()).toMatchObject({ amount: 25, refund_status: 'Pending', refund_reason: 'Rain', type: 'cash' });
    const [stored] = await db().select().from(refunds).where(eq(refunds.payment_id, payment.ID));
    expect(stored).toMatchObject({ amount: 2500, refund_status: 'Pending', facility_id: 1 });
    // 25 asked already: 15.01 more would exceed the 40 paid.
    expect((await api(manager, 'DELETE', `/payment/${payment.ID}?refund=1&p_type=credit&amount=15.01`)).json().message)
      .toBe('Refund amount cant be greater than payment amount');
    const credit = await api(manager, 'DELETE', `/payment/${payment.ID}?refund=1&p_type=credit&amount=15&reason=goodwill`);
    expect(credit.json()).toMatchObject({ refund_status: 'Confirmed', balance: 86.88 });
    const [row] = await db().select({ credits: customers.credits }).from(customers).where(eq(customers.ID, customer.ID));
    expect(row.credits).toBe(1500);
    expect((await api(admin, 'DELETE', `/payment/${payment.ID}?refund=0`)).statusCode).toBe(409);
  });

  it('edits a payment’s details', async () => {
    const { invoice } = await manualInvoice(10);
    const payment = (await pay(invoice.ID, 5, 'check', { details: { number: '1' } })).json();
    const res = await api(mod, 'PUT', `/payment/details/${payment.ID}`, { details: { number: '2', note: 'fixed' } });
    expect(JSON.parse(res.json().details)).toEqual({ number: '2', note: 'fixed' });
  });

  it('PUT /payment/transfer needs every field', async () => {
    const res = await api(manager, 'PUT', '/payment/transfer', { payment_id: 1, team_id: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Fields missing');
  });
});

describe('discounts on invoices', () => {
  it('applies a percentage of the items, a fixed one and a manual one, offers rules first, and removes one', async () => {
    const { invoice } = await manualInvoice(100);
    const [ten] = await db().insert(discounts).values({ name: 'Ten percent', is_percentage: true, value: 10 }).returning();
    const [five] = await db().insert(discounts).values({ name: 'Five off', is_percentage: false, amount: 500 }).returning();
    const offers = (await api(admin, 'GET', `/discount/apply/offers?invoice_id=${invoice.ID}`)).json();
    expect(offers.map((o: { ID: number }) => o.ID)).toEqual(expect.arrayContaining([ten.ID, five.ID]));
    expect((await api(mod, 'POST', '/discount/apply', { invoice_id: invoice.ID, discount_id: ten.ID })).statusCode).toBe(403);
    expect((await api(admin, 'POST', '/discount/apply', { invoice_id: invoice.ID, discount_id: ten.ID })).json()).toMatchObject({ discounted: 10, balance: 101.88 });
    expect((await api(admin, 'POST', '/discount/apply', { invoice_id: invoice.ID, discount_id: five.ID })).json()).toMatchObject({ discounted: 15 });
    const manual = await api(admin, 'POST', '/discount/apply', { invoice_id: invoice.ID, discount_id: -1, amount: 1.88, comment: 'Goodwill' });
    expect(manual.json()).toMatchObject({ discounted: 16.88, balance: 95 });
    expect(manual.json().discounts.at(-1)).toMatchObject({ discount_id: -1, amount: 1.88, comment: 'Goodwill' });
    const incomplete = await api(admin, 'POST', '/discount/apply', { invoice_id: invoice.ID, discount_id: -1, amount: 2 });
    expect(incomplete.json().message).toBe('A manual discount needs an amount and a comment');
    const tooMuch = await api(admin, 'POST', '/discount/apply', { invoice_id: invoice.ID, discount_id: -1, amount: 95.01, comment: 'x' });
    expect(tooMuch.json().message).toBe('The discount cannot be greater than the invoice balance');
    const removed = await api(admin, 'DELETE', `/discount/apply/${manual.json().discounts.at(-1).ID}`);
    expect(removed.json()).toMatchObject({ discounted: 15, balance: 96.88 });
    const profile = (await api(admin, 'GET', `/customer/${invoice.customer_id}`)).json();
    expect(profile.totals).toEqual({ invoiced: 96.88, paid: 0, balance: 96.88 });
  });
});

describe('reversal and delete', () => {
  it('reverses an invoice: the reversal cancels lines and discounts; neither takes payments or discounts', async () => {
    const { invoice, customer } = await manualInvoice(100);
    await api(admin, 'POST', '/discount/apply', { invoice_id: invoice.ID, discount_id: -1, amount: 1.88, comment: 'x' });
    expect((await api(manager, 'POST', `/invoice/reverse/${invoice.ID}`)).statusCode).toBe(403);
    const reversal = await api(admin, 'POST', `/invoice/reverse/${invoice.ID}`);
    expect(reversal.statusCode).toBe(201);
    expect(reversal.json()).toMatchObject({ reversal: invoice.ID, balance: -110 });
    expect((await view(invoice.ID)).reversed).toBe(reversal.json().ID);
    for (const id of [invoice.ID, reversal.json().ID]) {
      const refused = await pay(id, 1);
      expect(refused.statusCode).toBe(409);
      expect((await api(admin, 'POST', '/discount/apply', { invoice_id: id, discount_id: -1, amount: 1, comment: 'x' })).statusCode).toBe(409);
      expect(await paymentCount(id)).toBe(0);
    }
    expect((await api(admin, 'POST', `/invoice/reverse/${invoice.ID}`)).statusCode).toBe(409);
    const profile = (await api(admin, 'GET', `/customer/${customer.ID}`)).json();
    expect(profile.totals).toEqual({ invoiced: 0, paid: 0, balance: 0 });
    const rows = (await api(admin, 'POST', '/invoice/search/new', { query: { customer_ids: [customer.ID] } })).json();
    expect(rows.map((r: { product: string }) => r.product.slice(0, 10)).sort()).toEqual(['[REVERSAL]', '[REVERSED]']);
  });

  it('deletes an invoice only without payments', async () => {
    const { invoice } = await manualInvoice(10);
    expect((await api(mod, 'DELETE', `/invoice/${invoice.ID}`)).statusCode).toBe(403);
    const paid = await manualInvoice(10);
    await pay(paid.invoice.ID, 1);
    expect((await api(manager, 'DELETE', `/invoice/${paid.invoice.ID}`)).statusCode).toBe(409);
    expect((await api(manager, 'DELETE', `/invoice/${invoice.ID}`)).statusCode).toBe(200);
    expect((await api(admin, 'GET', `/invoice/${invoice.ID}`)).statusCode).toBe(404);
  });
});

describe('the customer’s invoice link', () => {
  it('mails a link that opens the invoice without sign-in; re-issuing revokes the old one', async () => {
    const { invoice, customer } = await manualInvoice(10, { email: 'payer@example.com' });
    const linkIn = (text: string) => /\/public\/invoice\?ref=([A-Za-z0-9_-]{43})/.exec(text)![1];
    const sent = await api(mod, 'POST', `/invoice/send/${customer.ID}?invoice=${invoice.ID}`);
    expect(sent.statusCode).toBe(200);
    const mail = ctx.outbox.at(-1)!;
    expect(mail.to).toBe('payer@example.com');
    const first = linkIn(mail.text);
    const open = await ctx.app.inject({ method: 'GET', url: `/api/public/invoice/${first}` });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({ ID: invoice.ID, total: 11.19, balance: 11.19, customer: { first_name: 'Test' } });
    expect(open.json().customer.email).toBeUndefined();
    await api(mod, 'POST', `/invoice/send/${customer.ID}?invoice=${invoice.ID}`);
    const second = linkIn(ctx.outbox.at(-1)!.text);
    expect(second).not.toBe(first);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/invoice/${first}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/invoice/${second}` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/invoice/${String(invoice.ID).padStart(43, 'A')}` })).statusCode).toBe(404);
  });

  it('refuses an invoice without a customer', async () => {
    const res = await api(admin, 'POST', '/invoice', { facility_id: 1, invoice_items: [{ price: 10 }] });
    const customer = await insertCustomer(db());
    const sent = await api(admin, 'POST', `/invoice/send/${customer.ID}?invoice=${res.json().ID}`);
    expect(sent.statusCode).toBe(400);
    expect(sent.json().message).toBe('No customer in invoice');
  });
});
