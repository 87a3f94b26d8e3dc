import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dateWindow, lastDays } from '../../core/reports';
import { attendees, classes, discountApplications, events, facilities, fields, healthChecks, invoiceItems, invoices, leagues, payments, teamSignups, teams, trialAssistants } from '../../server/db/schema';
import { matchPayments } from '../../server/routes/reports/reconciliation';
import { createTestContext, type TestContext } from './harness';
import { insertCustomer } from './support/customers';

// The reports against a small fixture network whose figures are worked out here, by hand and in
// plain TypeScript, independently of the server's SQL: cents, refunds, a reversal, discounts, taxes,
// processing fees, and 2026-03-08 — the spring daylight-saving day, 23 hours long — read in each
// facility's own zone (New York for facility 1, Los Angeles for facility 6).

let ctx: TestContext;
let admin: string;
let manager: string;
let mod: string;
const DAY = '2026-03-08';
const at = (iso: string) => Date.parse(iso) / 1000;
const RATES = { 1: { tax: 0.08875, fee: 0.03 }, 6: { tax: 0.095, fee: 0 } } as const;

/** Half away from zero, like PostgreSQL's round(numeric). */
const round = (x: number) => Math.sign(x) * Math.round(Math.abs(x) + 1e-9);
/** The fixture's invoices' lines, in cents: their total (price + tax + fee), tax and fee. */
const LINES = { A: { whole: 8950, tax: 710, fee: 240 }, B: { whole: 5001, tax: 0, fee: 0 }, C: { whole: 1095, tax: 95, fee: 0 }, D: { whole: 177600, tax: 0, fee: 0 } };

interface Pay {
  facility: 1 | 6; invoice: keyof typeof LINES; amount: number; type: 'cash' | 'card' | 'check' | 'terminal'; at: number; inside: boolean;
  /** The payment (index) a refund or reversal gives back. */
  of?: number;
}
/** Every payment of the fixture, and whether it falls inside 2026-03-08 in its facility's zone. */
const PAYS: Pay[] = [
  { facility: 1, invoice: 'A', amount: 10000, type: 'cash', at: at('2026-03-08T05:00:00Z'), inside: true }, // 00:00 EST, the first second
  { facility: 1, invoice: 'B', amount: 5001, type: 'card', at: at('2026-03-09T03:59:59Z'), inside: true }, // 23:59:59 EDT, the last second
  { facility: 1, invoice: 'A', amount: -2000, type: 'cash', at: at('2026-03-08T12:00:00Z'), inside: true, of: 0 }, // a refund
  { facility: 1, invoice: 'B', amount: 3000, type: 'check', at: at('2026-03-08T10:00:00Z'), inside: true },
  { facility: 1, invoice: 'B', amount: -3000, type: 'check', at: at('2026-03-08T11:00:00Z'), inside: true, of: 3 }, // its reversal
  { facility: 1, invoice: 'D', amount: 99900, type: 'cash', at: at('2026-03-09T04:00:00Z'), inside: false }, // 00:00 EDT next day
  { facility: 1, invoice: 'D', amount: 77700, type: 'cash', at: at('2026-03-08T04:59:59Z'), inside: false },
  { facility: 6, invoice: 'C', amount: 1000, type: 'terminal', at: at('2026-03-08T08:00:00Z'), inside: true }, // 00:00 PST
  { facility: 6, invoice: 'C', amount: 500, type: 'cash', at: at('2026-03-08T07:59:59Z'), inside: false }, // inside New York's day, not LA's
];

/**
 * A payment's tax and fee (the sales report's definition): shares of its invoice's lines, not of the
 * facility's rates (the bar invoice B is untaxed in a taxed facility); a refund or reversal is split as
 * the payment it gives back.
 */
function split(p: Pay): { tax: number; fee: number; sale: number } {
  const base = p.of === undefined ? LINES[p.invoice] : (() => { const o = PAYS[p.of]; const s = split(o); return { whole: o.amount, tax: s.tax, fee: s.fee }; })();
  const tax = round((p.amount * base.tax) / base.whole);
  const fee = round((p.amount * base.fee) / base.whole);
  return { tax, fee, sale: p.amount - tax - fee };
}
const DISCOUNT = 500;
let invoiceA: number;
let customerId: number;

async function seedFixture() {
  const { db } = ctx.database;
  await db.update(facilities).set({ tax_rate: RATES[1].tax, processing_fee: RATES[1].fee }).where(eq(facilities.ID, 1));
  await db.update(facilities).set({ tax_rate: RATES[6].tax, processing_fee: RATES[6].fee }).where(eq(facilities.ID, 6));
  const customer = await insertCustomer(db);
  customerId = customer.ID;
  const [field1] = await db.select().from(fields).where(and(eq(fields.facility_id, 1), isNull(fields.parent_field_id))).orderBy(fields.ID).limit(1);
  // An adult rental of 2 hours (billed), an uninvoiced youth contract event, a block (never reported).
  const [rental] = await db.insert(events).values({ product_type_id: 1, field_id: field1.ID, facility_id: 1, start_date: at('2026-03-08T15:00:00Z'), end_date: at('2026-03-08T17:00:00Z'), customer_id: customer.ID }).returning();
  await db.insert(events).values({ product_type_id: 7, field_id: field1.ID, facility_id: 1, start_date: at('2026-03-08T18:00:00Z'), end_date: at('2026-03-08T19:30:00Z') });
  await db.insert(events).values({ product_type_id: 13, field_id: field1.ID, facility_id: 1, start_date: at('2026-03-08T20:00:00Z'), end_date: at('2026-03-08T21:00:00Z') });
  await db.insert(healthChecks).values([
    { event_id: rental.ID, customer_id: customer.ID, facility_id: 1, CreatedAt: at('2026-03-08T15:05:00Z') },
    { event_id: rental.ID, customer_id: customer.ID, facility_id: 1, CreatedAt: at('2026-03-09T05:00:00Z') }, // the next day in New York
  ]);
  // Invoice A (facility 1, adult rental): 2 × $40.00, tax 8.875 %, fee 3 %, a $5.00 discount.
  const [a] = await db.insert(invoices).values({ facility_id: 1, customer_id: customer.ID, product_type_id: 1, date: at('2026-03-08T06:00:00Z') }).returning();
  invoiceA = a.ID;
  await db.insert(invoiceItems).values({ invoice_id: a.ID, event_id: rental.ID, price: 4000, quantity: 2, taxes: 8.875, fees: 3, amount_taxes: 710, amount_fees: 240 });
  await db.insert(discountApplications).values({ invoice_id: a.ID, amount: DISCOUNT, CreatedAt: at('2026-03-08T15:00:00Z') });
  // Invoice B (facility 1, bar), dated the day before; invoice C (facility 6, adult rental) in LA's day.
  const [b] = await db.insert(invoices).values({ facility_id: 1, customer_id: customer.ID, product_type_id: 15, date: at('2026-03-07T12:00:00Z') }).returning();
  await db.insert(invoiceItems).values({ invoice_id: b.ID, price: 5001, quantity: 1 });
  const [c] = await db.insert(invoices).values({ facility_id: 6, product_type_id: 1, date: at('2026-03-08T09:00:00Z') }).returning();
  await db.insert(invoiceItems).values({ invoice_id: c.ID, price: 1000, quantity: 1, taxes: 9.5, amount_taxes: 95 });
  // Invoice D (facility 1, dated later) takes the payments outside the day.
  const [d] = await db.insert(invoices).values({ facility_id: 1, customer_id: customer.ID, product_type_id: 1, date: at('2026-03-20T12:00:00Z') }).returning();
  await db.insert(invoiceItems).values({ invoice_id: d.ID, price: 177600, quantity: 1 });
  const ids = { A: a.ID, B: b.ID, C: c.ID, D: d.ID };
  const rows = PAYS.map((p) => ({ invoice_id: ids[p.invoice], amount: p.amount, type: p.type, CreatedAt: p.at }));
  const inserted = await db.insert(payments).values(rows).returning();
  // The reversal and the refund point at what they undo.
  await db.update(payments).set({ reversal: inserted[3].ID }).where(eq(payments.ID, inserted[4].ID));
  await db.update(payments).set({ refund: inserted[0].ID }).where(eq(payments.ID, inserted[2].ID));
}

beforeAll(async () => {
  ctx = await createTestContext();
  await seedFixture();
  ({ admin, manager, mod } = await ctx.signInStaff());
});
afterAll(async () => { await ctx?.close(); });

const post = (token: string, url: string, query: Record<string, unknown>) => ctx.as(token, { method: 'POST', url, payload: { query } });
const dollars = (cents: number) => cents / 100;

describe('sales report', () => {
  it('adds up the day of each facility to the cent, in its own zone across the DST change', async () => {
    const res = await post(admin, '/api/report/sales/new', { start_date: DAY, end_date: DAY, facility_ids: [1, 6] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const inside = PAYS.filter((p) => p.inside);
    const parts = inside.map((p) => ({ ...p, ...split(p) }));
    const positive = parts.filter((p) => p.amount > 0).reduce((s, p) => s + p.sale, 0);
    const refunds = parts.filter((p) => p.amount < 0).reduce((s, p) => s + p.sale, 0);
    const taxes = parts.reduce((s, p) => s + p.tax, 0);
    const fees = parts.reduce((s, p) => s + p.fee, 0);
    const collected = inside.reduce((s, p) => s + p.amount, 0);
    expect(collected).toBe(10000 + 5001 - 2000 + 3000 - 3000 + 1000);
    expect(body.sales).toEqual({
      gross_sales: dollars(positive + DISCOUNT), refunds: dollars(refunds), discounts: dollars(DISCOUNT),
      net_sales: dollars(positive + refunds), taxes: dollars(taxes), total_sales: dollars(positive + refunds + taxes),
    });
    expect(body.payments.total_collected).toBe(dollars(collected));
    expect(body.payments.fees).toBe(dollars(fees));
    expect(body.payments.net_total).toBe(dollars(collected - fees));
    expect(body.payments.by_type).toEqual([
      { type: 'card', amount: 50.01, count: 1 },
      { type: 'cash', amount: 80, count: 2 },
      { type: 'check', amount: 0, count: 2 },
      { type: 'terminal', amount: 10, count: 1 },
    ]);
    const location = (id: 1 | 6) => body.by_location.find((l: { facility_id: number }) => l.facility_id === id).net_sales;
    const sumOf = (id: 1 | 6) => parts.filter((p) => p.facility === id).reduce((s, p) => s + p.sale + p.tax, 0);
    expect(location(1)).toBe(dollars(sumOf(1)));
    expect(location(6)).toBe(dollars(sumOf(6)));
    expect(body.transactions.total).toBe(inside.length);
    const dates = body.transactions.rows.map((r: { date: number }) => r.date);
    expect(dates).toEqual([...dates].sort((x, y) => y - x));
  });

  it('shows amounts without taxes when asked', async () => {
    const res = await post(admin, '/api/report/sales/new', { start_date: DAY, end_date: DAY, facility_ids: [6], exclude_tax: true });
    const body = res.json();
    const { sale } = split(PAYS[7]);
    expect(body.by_location).toEqual([{ facility_id: 6, location: expect.any(String), net_sales: dollars(sale) }]);
    expect(body.transactions.rows[0].amount).toBe(dollars(sale));
  });

  it('keeps a manager to their facility whatever facility_ids say', async () => {
    const res = await post(manager, '/api/report/sales/new', { start_date: DAY, end_date: DAY, facility_ids: [6] });
    expect(res.statusCode).toBe(200);
    const ids = res.json().by_location.map((l: { facility_id: number }) => l.facility_id);
    expect(ids).toEqual([1]);
    expect(res.json().payments.total_collected).toBe(dollars(PAYS.filter((p) => p.inside && p.facility === 1).reduce((s, p) => s + p.amount, 0)));
  });

  it('refuses missing dates with the spec messages', async () => {
    expect((await post(admin, '/api/report/sales/new', { end_date: DAY })).json().message).toBe('Missing start date');
    expect((await post(admin, '/api/report/sales/new', { start_date: DAY })).json().message).toBe('Missing end date');
    const bar = await ctx.as(admin, { method: 'POST', url: `/api/report/bar?start=${DAY}` });
    expect(bar.statusCode).toBe(400);
    expect(bar.json().message).toBe('Please enter a start and an end date');
  });

  it('refuses a moderator a range beyond the last 30 days, on the server', async () => {
    const old = await post(mod, '/api/report/sales/new', { start_date: DAY, end_date: DAY });
    expect(old.statusCode).toBe(403);
    const { from, to } = lastDays(7, 'America/New_York');
    expect((await post(mod, '/api/report/sales/new', { start_date: from, end_date: to })).statusCode).toBe(200);
    expect((await post(mod, '/api/report/trials', { start_date: DAY, end_date: DAY })).statusCode).toBe(200);
  });
});

describe('invoice, outstanding and events reports', () => {
  // Invoice A: 2 × 40.00 + 7.10 tax + 2.40 fee = 89.50; discounted 5.00; paid 100 − 20 = 80.00.
  const A = { invoiced: 8950, discounted: 500, paid: 8000, balance: 450 };

  it('sums the invoices dated in the day with the invoice list definitions', async () => {
    const res = await post(admin, '/api/report/invoices', { event_start_date: DAY, event_end_date: DAY, facility_ids: [1] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totals).toEqual({ count: 1, invoiced: dollars(A.invoiced), discounted: dollars(A.discounted), paid: dollars(A.paid), balance: dollars(A.balance) });
    expect(body.invoices.rows.map((r: { ID: number }) => r.ID)).toEqual([invoiceA]);
    expect(body.by_status).toEqual([expect.objectContaining({ status: 'partially paid', count: 1 })]);
  });

  it('lists what each customer owes', async () => {
    const res = await post(admin, '/api/report/invoice/outstanding', { invoice_start_date: '2026-03-01', invoice_end_date: '2026-03-31', facility_ids: [1] });
    const rows = res.json();
    // Invoice B (bar, 50.01) was paid 50.01 + 30 − 30: balance 0, left out of the customer's invoices.
    expect(rows).toEqual([{ customer: expect.objectContaining({ ID: customerId }), balance: dollars(A.balance), invoices: [expect.objectContaining({ ID: invoiceA, balance: dollars(A.balance) })] }]);
  });

  it('orders customers by what they owe, most first, and leaves out those at even', async () => {
    const { db } = ctx.database;
    const owing = async (cents: number, paid: number) => {
      const customer = await insertCustomer(db);
      const [invoice] = await db.insert(invoices).values({ facility_id: 1, customer_id: customer.ID, product_type_id: 1, date: at('2026-04-10T16:00:00Z') }).returning();
      await db.insert(invoiceItems).values({ invoice_id: invoice.ID, price: cents, quantity: 1 });
      if (paid) await db.insert(payments).values({ invoice_id: invoice.ID, amount: paid, type: 'cash', CreatedAt: at('2026-04-10T17:00:00Z') });
      return customer.ID;
    };
    const [little, much] = [await owing(1000, 0), await owing(5000, 2000)];
    await owing(2500, 2500);
    const res = await post(admin, '/api/report/invoice/outstanding', { invoice_start_date: '2026-04-01', invoice_end_date: '2026-04-30', facility_ids: [1] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((r: { customer: { ID: number }; balance: number; invoices: unknown[] }) => [r.customer.ID, r.balance, r.invoices.length])).toEqual([[much, 30, 1], [little, 10, 1]]);
  });

  it('reports the events with their invoice status, blocks left out', async () => {
    const res = await post(admin, '/api/report/events', { start_date: DAY, end_date: DAY, facility_id: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totals).toEqual({ count: 2, hours: 3.5, amount: dollars(A.invoiced - A.discounted), paid: dollars(A.paid), balance: dollars(A.balance) });
    const rental = body.events.rows.find((r: { product_type: { ID: number } }) => r.product_type.ID === 1);
    expect(rental).toMatchObject({ duration: 120, status: 'invoiced unpaid', hourly_yield: dollars(round((A.invoiced - A.discounted) / 2)) });
    const uninvoiced = await post(admin, '/api/report/events', { start_date: DAY, end_date: DAY, facility_id: 1, invoiced_paid: false, invoiced_unpaid: false });
    expect(uninvoiced.json().totals.count).toBe(1);
  });
});

describe('the rows of an export', () => {
  it('answers a page of the table without the figures, for each server-paged report', async () => {
    const inside = PAYS.filter((p) => p.inside && p.facility === 1);
    const full = (await post(admin, '/api/report/sales/new', { start_date: DAY, end_date: DAY, facility_ids: [1] })).json();
    const page = await post(admin, '/api/report/sales/new', { start_date: DAY, end_date: DAY, facility_ids: [1], rows_only: true, range: [1, 2] });
    expect(page.statusCode, page.body).toBe(200);
    expect(Object.keys(page.json())).toEqual(['transactions']);
    expect(page.json().transactions).toEqual({ total: inside.length, rows: full.transactions.rows.slice(1, 3) });
    const payments = (await post(admin, '/api/report/payments', { start_date: DAY, end_date: DAY, facility_ids: [1], rows_only: true })).json();
    expect(payments.transactions.rows).toEqual(full.transactions.rows);
    const invoices = (await post(admin, '/api/report/invoices', { start_date: DAY, end_date: DAY, facility_ids: [1], rows_only: true })).json();
    expect(invoices).toEqual({ invoices: { rows: [expect.objectContaining({ ID: invoiceA })] } });
    const events = (await post(admin, '/api/report/events', { start_date: DAY, end_date: DAY, facility_id: 1, rows_only: true, range: [1, 1] })).json();
    expect(Object.keys(events)).toEqual(['events']);
    expect(events.events.rows).toHaveLength(1);
    // The bar report's page and rows come in its query string: invoice B's three payments.
    const bar = await ctx.as(admin, { method: 'POST', url: `/api/report/bar?start=${DAY}&end=${DAY}&facility_id=1&range=0,1&rows_only=1` });
    expect(bar.statusCode, bar.body).toBe(200);
    expect(bar.json().transactions.total).toBe(3);
    expect(bar.json().transactions.rows).toHaveLength(2);
    expect(bar.json().sales).toBeUndefined();
    expect((await ctx.as(admin, { method: 'POST', url: `/api/report/bar?start=${DAY}&end=${DAY}&range=all` })).statusCode).toBe(400);
  });
});

describe('health, daily and the other reports', () => {
  it('lists the check-ins of the day in the facility zone, and needs a real facility', async () => {
    const res = await post(admin, '/api/report/health', { start_date: DAY, end_date: DAY, facility_id: 1 });
    expect(res.json()).toHaveLength(1);
    const six = await post(admin, '/api/report/health', { start_date: DAY, end_date: DAY, facility_id: 6 });
    expect(six.statusCode).toBe(400);
    expect(six.json().message).toBe('Missing facility');
  });

  it('runs the daily report from 4:00 to 4:00 in the facility zone', async () => {
    const res = await ctx.as(admin, { method: 'GET', url: `/api/report/daily?facility_ids=1&start=${DAY}&end=${DAY}` });
    expect(res.statusCode, res.body).toBe(200);
    const [day] = res.json();
    // At 4:00 daylight-saving time has begun: the day runs 08:00Z to 08:00Z. The 05:00Z payment belongs
    // to the day before; the 03:59:59Z payment and the 05:00Z check-in of the 9th to this one.
    const window = { start: at('2026-03-08T08:00:00Z'), end: at('2026-03-09T08:00:00Z') };
    const inDay = PAYS.filter((p) => p.facility === 1 && p.at >= window.start && p.at < window.end);
    const onBar = (p: Pay) => [1, 3, 4].includes(PAYS.indexOf(p)); // invoice B
    const soccer = inDay.filter((p) => !onBar(p)).reduce((s, p) => s + split(p).sale, 0);
    const bar = inDay.filter(onBar).reduce((s, p) => s + split(p).sale, 0);
    expect(inDay).toHaveLength(5);
    // The youth contract event is a rental of youth: 1.5 hours; two events (the block is not one).
    expect(day).toMatchObject({ AdultBookings: 2, YouthBookings: 1.5, YouthContracts: 1, HealthChecks: 2, HealthChecksPerEvent: 1, Date: window.start });
    expect(day.SoccerSales).toBe(dollars(soccer));
    expect(day.BarIncomeTotal).toBe(dollars(bar));
    expect(day.BarOfSoccer).toBe(dollars(round(bar / 2)));
    const missing = await ctx.as(admin, { method: 'GET', url: `/api/report/daily?start=${DAY}&end=${DAY}` });
    expect(missing.json().message).toBe('Missing facility');
  });

  it('matches the card payments of the day against the card processor', async () => {
    const rec = await ctx.as(admin, { method: 'GET', url: `/api/payment/reconciliation?start=${DAY}&end=${DAY}&facility_id=1` });
    expect(rec.statusCode, rec.body).toBe(200);
    expect(rec.json().by_source[0]).toEqual({ source: 'touchline', count: 1, amount: 50.01 });
    expect(rec.json().unmatched_recorded).toHaveLength(1);
  });

  it("lists yesterday's unrecorded events per field, blocks and recorded ones left out, within the facility scope", async () => {
    const { db } = ctx.database;
    const firstField = async (facility: number) => (await db.select().from(fields)
      .where(and(eq(fields.facility_id, facility), isNull(fields.parent_field_id))).orderBy(fields.ID).limit(2));
    const [field1, field2] = await firstField(1);
    const [la] = await firstField(6);
    // Besides the fixture's rental and youth contract on field 1 (and its block): a recorded event there,
    // a no-show alone on another field (possibly a false alarm), and an event in Los Angeles.
    await db.insert(events).values({ product_type_id: 1, field_id: field1.ID, facility_id: 1, start_date: at('2026-03-08T22:00:00Z'), end_date: at('2026-03-08T23:00:00Z'), video_url: 'https://video.test/1' });
    const [noShow] = await db.insert(events).values({ product_type_id: 1, field_id: field2.ID, facility_id: 1, start_date: at('2026-03-08T14:00:00Z'), end_date: at('2026-03-08T15:00:00Z'), no_show: true }).returning();
    const [west] = await db.insert(events).values({ product_type_id: 1, field_id: la.ID, facility_id: 6, start_date: at('2026-03-08T20:00:00Z'), end_date: at('2026-03-08T21:00:00Z') }).returning();
    const fixture = await db.select().from(events).where(and(eq(events.facility_id, 1), eq(events.field_id, field1.ID), isNull(events.video_url)));
    const expected = (e: typeof events.$inferSelect) => ({ ID: e.ID, start_date: e.start_date, end_date: e.end_date, no_show: e.no_show });
    const rowOf = (facility: 1 | 6, field: typeof field1, list: Array<typeof events.$inferSelect>) => ({
      facility_id: facility, facility: expect.any(String), date: DAY, time_zone: facility === 1 ? 'America/New_York' : 'America/Los_Angeles',
      field: { ID: field.ID, name: field.name }, missing: list.length, possibly_false: list.every((e) => e.no_show), events: list.map(expected),
    });
    const newYork = [rowOf(1, field1, fixture.filter((e) => e.product_type_id !== 13 && e.start_date >= at('2026-03-08T05:00:00Z')).sort((a, b) => a.start_date - b.start_date)), rowOf(1, field2, [noShow])]
      .sort((a, b) => a.field.name.localeCompare(b.field.name));
    expect(newYork[0].missing + newYork[1].missing).toBe(3);
    // "Yesterday" is 2026-03-08 in both zones at 20:00Z on the 9th.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-09T20:00:00Z'));
    try {
      const cameras = (token: string, query = '') => ctx.as(token, { method: 'GET', url: `/api/report/cameras${query}` });
      const all = await cameras(admin);
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json()).toEqual([...newYork, rowOf(6, la, [west])]);
      expect((await cameras(admin, '?facility_id=6')).json()).toEqual([rowOf(6, la, [west])]);
      // A manager reads their own facility whatever facility_id says.
      expect((await cameras(manager, '?facility_id=6')).json()).toEqual(newYork);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists the free trials of the period with their enrollment, within the facility scope', async () => {
    const { db } = ctx.database;
    const TRIAL_DAY = '2026-03-07';
    const trialOf = async (facility: 1 | 6, start: string, enrolledAt: number | null) => {
      const [field] = await db.select().from(fields).where(and(eq(fields.facility_id, facility), isNull(fields.parent_field_id))).orderBy(fields.ID).limit(1);
      const child = await insertCustomer(db, { facility_id: facility });
      const [klass] = await db.insert(classes).values({ name: `Trial class ${facility}`, facility_id: facility, start_date: at('2026-03-01T00:00:00Z'), end_date: at('2026-05-01T00:00:00Z'), accepts_free_trial: true }).returning();
      const [event] = await db.insert(events).values({ product_type_id: 10, field_id: field.ID, facility_id: facility, class_id: klass.ID, start_date: at(start), end_date: at(start) + 3600 }).returning();
      const [trial] = await db.insert(trialAssistants).values({ class_id: klass.ID, customer_id: child.ID, event_id: event.ID }).returning();
      if (enrolledAt !== null) await db.insert(attendees).values({ class_id: klass.ID, customer_id: child.ID, CreatedAt: enrolledAt });
      return {
        ID: trial.ID, facility: expect.any(String), time_zone: facility === 1 ? 'America/New_York' : 'America/Los_Angeles', class: { ID: klass.ID, name: klass.name },
        customer: { ID: child.ID, first_name: child.first_name, last_name: child.last_name }, trial_date: event.start_date, enrolled_at: enrolledAt, event_id: event.ID,
      };
    };
    const enrolled = await trialOf(1, '2026-03-07T15:00:00Z', at('2026-03-10T12:00:00Z'));
    const west = await trialOf(6, '2026-03-07T20:00:00Z', null);
    // Outside the period in Los Angeles (still the 7th in New York): left out.
    await trialOf(6, '2026-03-07T07:30:00Z', null);
    const trials = (token: string, query: Record<string, unknown>) => post(token, '/api/report/trials', { start_date: TRIAL_DAY, end_date: TRIAL_DAY, ...query });
    const all = await trials(admin, {});
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ total: 2, rows: [west, enrolled] });
    expect((await trials(admin, { facility_ids: [6] })).json()).toEqual({ total: 1, rows: [west] });
    expect((await trials(manager, { facility_ids: [6] })).json()).toEqual({ total: 1, rows: [enrolled] });
  });

  it('offers the teams report\'s leagues by name, of the facilities read, without tournaments', async () => {
    const { db } = ctx.database;
    const dates = { start_date: at('2026-01-01T00:00:00Z'), end_date: at('2026-06-01T00:00:00Z') };
    const [season] = await db.insert(leagues).values({ name: 'Spring season', facility_id: 1, is_container: true, ...dates }).returning();
    const [division] = await db.insert(leagues).values({ name: 'Spring season Adult', facility_id: 1, parent_league_id: season.ID, ...dates }).returning();
    const [cup] = await db.insert(leagues).values({ name: 'Cup', facility_id: 1, is_tournament: true, ...dates }).returning();
    await db.insert(leagues).values({ name: 'Cup Open', facility_id: 1, tournament_id: cup.ID, ...dates });
    const [other] = await db.insert(leagues).values({ name: 'LA league', facility_id: 6, ...dates }).returning();
    const ids = (res: { json(): Array<{ ID: number }> }) => res.json().map((l) => l.ID).sort();
    const expected = (list: number[]) => [...list].sort();
    // A manager gets their own facility's whatever they ask; an admin the facilities asked.
    const own = await ctx.as(manager, { method: 'GET', url: '/api/report/leagues?facility_ids=6' });
    expect(own.statusCode, own.body).toBe(200);
    expect(ids(own)).toEqual(expected([season.ID, division.ID]));
    expect(own.json()).toContainEqual({ ID: division.ID, name: 'Spring season Adult', facility_id: 1 });
    expect(ids(await ctx.as(admin, { method: 'GET', url: '/api/report/leagues?facility_ids=6' }))).toEqual([other.ID]);
    expect((await ctx.as(admin, { method: 'GET', url: '/api/report/leagues?facility_ids=one' })).statusCode).toBe(400);
    const none = await post(admin, '/api/report/teams', { facility_ids: [987654] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Missing facility');
  });

  it('sums each team entry of the leagues from its invoices, within the facility scope', async () => {
    const { db } = ctx.database;
    const league = async (name: string, facility: 1 | 6, end: string) => (await db.insert(leagues).values({ name, facility_id: facility, start_date: at('2026-01-01T00:00:00Z'), end_date: at(end) }).returning())[0];
    const signUp = async (name: string, entered: typeof leagues.$inferSelect) => {
      const [team] = await db.insert(teams).values({ name, facility_id: entered.facility_id }).returning();
      return { team, signup: (await db.insert(teamSignups).values({ team_id: team.ID, league_id: entered.ID, source: name === 'Hawks' ? 'online' : 'staff' }).returning())[0] };
    };
    const brooklyn = await league('Brooklyn Tuesday', 1, '2027-06-01T00:00:00Z');
    const angeles = await league('LA Sunday', 6, '2027-07-01T00:00:00Z');
    const lions = await signUp('Lions', brooklyn);
    const hawks = await signUp('Hawks', brooklyn);
    const surf = await signUp('Surf', angeles);
    // The Lions' entry: $300 invoiced, $100 paid, $20 discounted; the Hawks' none; Surf's $50 unpaid.
    const invoice = async (facility: 1 | 6, signupId: number, price: number) => {
      const [row] = await db.insert(invoices).values({ facility_id: facility, product_type_id: 4, date: at('2026-02-01T12:00:00Z') }).returning();
      await db.insert(invoiceItems).values({ invoice_id: row.ID, price, quantity: 1, team_signup_id: signupId });
      return row.ID;
    };
    const lionsInvoice = await invoice(1, lions.signup.ID, 30000);
    await db.insert(payments).values({ invoice_id: lionsInvoice, amount: 10000, type: 'cash', CreatedAt: at('2026-02-02T12:00:00Z') });
    await db.insert(discountApplications).values({ invoice_id: lionsInvoice, amount: 2000, CreatedAt: at('2026-02-02T12:00:00Z') });
    await invoice(6, surf.signup.ID, 5000);
    const row = (entry: typeof lions, entered: typeof brooklyn, cents: { invoiced: number; paid: number; discounted: number }) => ({
      ID: entry.signup.ID, season: { ID: entered.ID, name: entered.name }, league: { ID: entered.ID, name: entered.name }, facility: expect.any(String),
      end_date: entered.end_date, team: { ID: entry.team.ID, name: entry.team.name }, source: entry.signup.source, invoiced: dollars(cents.invoiced), paid: dollars(cents.paid),
      discounted: dollars(cents.discounted), balance: dollars(cents.invoiced - cents.paid - cents.discounted),
    });
    const own = [row(hawks, brooklyn, { invoiced: 0, paid: 0, discounted: 0 }), row(lions, brooklyn, { invoiced: 30000, paid: 10000, discounted: 2000 })];
    // The Hawks registered from the families' portal.
    expect(own.map((r) => r.source)).toEqual(['online', 'staff']);
    const west = row(surf, angeles, { invoiced: 5000, paid: 0, discounted: 0 });
    const all = await post(admin, '/api/report/teams', { facility_ids: [1, 6] });
    expect(all.statusCode, all.body).toBe(200);
    // Latest ending league first, then by team name.
    expect(all.json()).toEqual({ totals: { teams: 3, invoiced: 350, paid: 100, discounted: 20, balance: 230 }, rows: [west, ...own] });
    const managers = await post(manager, '/api/report/teams', { facility_ids: [6] });
    expect(managers.json()).toEqual({ totals: { teams: 2, invoiced: 300, paid: 100, discounted: 20, balance: 180 }, rows: own });
  });

  it('reads whole days in the facility zone', () => {
    expect(dateWindow(DAY, DAY, 'America/New_York')).toEqual({ start: at('2026-03-08T05:00:00Z'), end: at('2026-03-09T04:00:00Z') });
  });
});

describe('reconciliation matching', () => {
  it('pairs recorded payments with the provider by id, amount and amount refunded, and calls out the rest on both sides', () => {
    const recorded = [
      { ID: 1, amount: 1000, refunded: 0, square_id: 'sq-1' }, { ID: 2, amount: 2000, refunded: 0, square_id: 'sq-2' }, { ID: 3, amount: 500, refunded: 0, square_id: null },
      { ID: 4, amount: 800, refunded: 300, square_id: 'sq-4' }, { ID: 5, amount: 900, refunded: 0, square_id: 'sq-5' },
    ];
    const provider = [
      { id: 'sq-1', amount: 1000, refunded: 0, created_at: 0 }, { id: 'sq-2', amount: 1999, refunded: 0, created_at: 0 }, { id: 'sq-9', amount: 700, refunded: 0, created_at: 0 },
      // Refunded to the card on both sides; refunded on the card but recorded as given back in cash.
      { id: 'sq-4', amount: 800, refunded: 300, created_at: 0 }, { id: 'sq-5', amount: 900, refunded: 900, created_at: 0 },
    ];
    const { matched, unmatchedRecorded, unmatchedProvider } = matchPayments(recorded, provider);
    expect(matched).toBe(2);
    expect(unmatchedRecorded.map((r) => r.ID)).toEqual([2, 3, 5]);
    expect(unmatchedProvider.map((p) => p.id)).toEqual(['sq-2', 'sq-9', 'sq-5']);
  });
});
