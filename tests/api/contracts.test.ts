import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRate } from '../../core/money';
import '../../core/time';
import { CONTRACT_MESSAGES, eventHours, eventPrice } from '../../core/validation/contract';
import { contracts, events, facilities, invoiceItems, payments, pickupPlayers, productVariations } from '../../server/db/schema';
import { insertCustomer } from './support/customers';
import { createTestContext, type TestContext } from './harness';

// Contracts and pickup (spec 2 §7 "Contracts" and "Pickup", issue 12): roles and the facility wall,
// validation with the spec's messages, the invoice following every event change to the cent, the
// History rows, the all-or-nothing bulk edit, the document's states and its public signing link.

let ctx: TestContext;
let admin: string;
let manager: string;
let manager2: string;
let mod: string;
let coach: string;
let customerId: number;
let rates: { tax_rate: number; processing_fee: number };

const NY = 'America/New_York';
const ny = (local: string) => dayjs.tz(local, NY).unix();
const MARACANA = 1;
const SAN_SIRO = 3;
const QUEENS_FIELD = 5;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ admin, manager, manager2, mod, coach } = await ctx.signInStaff());
  customerId = (await insertCustomer(ctx.database.db, { first_name: 'Carla', last_name: 'Contract', email: 'carla@example.com' })).ID;
  [rates] = await ctx.database.db.select({ tax_rate: facilities.tax_rate, processing_fee: facilities.processing_fee }).from(facilities).where(eq(facilities.ID, 1));
});
afterAll(async () => { await ctx?.close(); });

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.as(token, { method, url, ...(payload !== undefined && { payload: payload as object }) });

async function newContract(token = manager, extra: Record<string, unknown> = {}) {
  const res = await call(token, 'POST', '/api/contract', { facility_id: 1, product_type_id: 2, name: 'Thursday league', customer_id: customerId, ...extra });
  expect(res.statusCode).toBe(201);
  return res.json().ID as number;
}

/** Weekly Monday events, 19:00–20:30 New York time, from 2027-03-01. */
const weekly = (n: number, field = MARACANA, hour = 19, from = '2027-03-01') =>
  Array.from({ length: n }, (_, i) => {
    const day = dayjs.tz(`${from} 00:00`, NY).add(i, 'week').format('YYYY-MM-DD');
    return { field_id: field, start_date: ny(`${day} ${hour}:00`), end_date: ny(`${day} ${hour + 1}:30`) };
  });

/** Expected invoice total of events priced `prices` (cents each), taxed and charged the fee per line. */
const expectedTotal = (prices: number[], fee = true) =>
  prices.reduce((s, p) => s + p + applyRate(p, rates.tax_rate) + (fee ? applyRate(p, rates.processing_fee) : 0), 0);

const detail = async (id: number, token = manager) => (await call(token, 'GET', `/api/contract/${id}`)).json();

describe('creating and reading contracts', () => {
  it('creates a contract with its invoice, the defaults of spec 2 §9, and the facility of a manager whatever was sent', async () => {
    const res = await call(manager, 'POST', '/api/contract', { facility_id: 2, product_type_id: 7, name: 'Youth club', customer_id: customerId });
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({ facility_id: 1, fee: 100, percentage: 50, ApplyProcessingFee: true, doc_state: 'none' });
    const d = await detail(c.ID);
    expect(d.invoice).toMatchObject({ total: 0, balance: 0, contract_id: c.ID });
    expect(d.has_payments).toBe(false);
    expect(d.customer.ID).toBe(customerId);
  });

  it('answers the spec sentence when a required field is missing, and refuses types not for contracts', async () => {
    for (const body of [{ product_type_id: 2, name: 'x' }, { facility_id: 1, name: 'x' }, { facility_id: 1, product_type_id: 2, name: '  ' }]) {
      const res = await call(manager, 'POST', '/api/contract', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CONTRACT_MESSAGES.required);
    }
    expect((await call(manager, 'POST', '/api/contract', { facility_id: 1, product_type_id: 1, name: 'x' })).statusCode).toBe(400);
    expect((await call(coach, 'POST', '/api/contract', { facility_id: 1, product_type_id: 2, name: 'x' })).statusCode).toBe(403);
  });

  it('keeps another facility\'s contract and its document out of reach (404)', async () => {
    const id = await newContract();
    for (const url of [`/api/contract/${id}`, `/api/contract/doc/${id}`, `/api/contract/changelog/${id}`]) {
      expect((await call(manager2, 'GET', url)).statusCode).toBe(404);
    }
    expect((await call(manager2, 'POST', `/api/contract/doc/${id}`)).statusCode).toBe(404);
    expect((await call(manager2, 'PUT', `/api/contract/${id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/api/contract/${id}`)).statusCode).toBe(200);
    const list = (await call(manager2, 'POST', '/api/contract/search', { facility_ids: [1] })).json();
    expect(list.every((c: { facility_id: number }) => c.facility_id === 2)).toBe(true);
  });

  it('lists with filters, paging and Content-Range; admins search every facility', async () => {
    const id = await newContract(manager, { name: 'Zebra crossing FC' });
    const res = await call(manager, 'GET', `/api/contract?filter=${encodeURIComponent(JSON.stringify({ q: 'zebra', product_type_id: 2 }))}&range=[0,19]`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { ID: number }) => c.ID)).toEqual([id]);
    expect(res.headers['content-range']).toBe('contract 0-0/1');
    const byCustomer = (await call(admin, 'POST', '/api/contract/search', { query: 'Contract', search_by: 'customer' })).json();
    expect(byCustomer.length).toBeGreaterThan(1);
    expect((await call(admin, 'POST', '/api/contract/search', { query: 'Contract', search_by: 'contract' })).json()).toEqual([]);
    expect((await call(manager, 'POST', '/api/contract/search', { only_active: true, query: 'zebra' })).json()).toEqual([]);
  });
});

describe('events and the invoice', () => {
  it('follows every add, reprice, move and delete to the cent, with History rows', async () => {
    const id = await newContract();
    const add = await call(manager, 'POST', `/api/contract/events/${id}`, { events: weekly(12) });
    expect(add.statusCode).toBe(201);
    let d = await detail(id);
    expect(d.summary).toMatchObject({ count: 12, hours: 18, total: 1800 });
    expect(d.invoice.total * 100).toBe(expectedTotal(Array(12).fill(15000)));

    // Bulk: 4 events at $80/h.
    const four = d.events.slice(0, 4).map((e: { ID: number }) => e.ID);
    const bulk = await call(manager, 'PUT', `/api/contract/events/${id}`, { event_ids: four, price: 80 });
    expect(bulk.statusCode).toBe(200);
    d = await detail(id);
    expect(d.invoice.total * 100).toBe(expectedTotal([...Array(4).fill(12000), ...Array(8).fill(15000)]));
    expect(d.events.filter((e: { custom_price: boolean }) => e.custom_price)).toHaveLength(4);

    // The main fee: only the 8 events at the main fee change.
    const fee = await call(manager, 'PUT', `/api/contract/fee/${id}?fee=110.5`);
    expect(fee.json()).toMatchObject({ events_repriced: 8 });
    d = await detail(id);
    expect(d.invoice.total * 100).toBe(expectedTotal([...Array(4).fill(12000), ...Array(8).fill(16575)]));

    // One event an hour longer, then deleted.
    const one = d.events[11];
    expect((await call(manager, 'PUT', `/api/contract/events/${id}`, { event_ids: [one.ID], end_date: one.end_date + 3600 })).statusCode).toBe(200);
    d = await detail(id);
    expect(d.summary.hours).toBe(19);
    expect((await call(manager, 'POST', `/api/contract/events/delete/${id}`, { event_ids: [one.ID] })).statusCode).toBe(200);
    d = await detail(id);
    expect(d.invoice.total * 100).toBe(expectedTotal([...Array(4).fill(12000), ...Array(7).fill(16575)]));
    expect(d.price_mismatch).toBe(false);

    const history = (await call(manager, 'GET', `/api/contract/changelog/${id}`)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(['delete_event', 'edit_events', 'update_base_fee', 'edit_events', 'add_events']);
    expect(history[4]).toMatchObject({ number_modified_events: 12, quantity_variation: 18, total_price_variation: 1800 });
    expect(history[3]).toMatchObject({ number_modified_events: 4, total_price_variation: -120 });
    expect(history[2]).toMatchObject({ number_modified_events: 8, total_price_variation: 126 });
    expect(history[1]).toMatchObject({ number_modified_events: 1, quantity_variation: 1 });
    expect(history[0]).toMatchObject({ number_modified_events: 1, quantity_variation: -2.5 });
  });

  it('answers the spec messages for bad event input', async () => {
    const id = await newContract();
    const [row] = weekly(1, MARACANA, 19, '2027-04-05');
    const cases: Array<[unknown, string]> = [
      [{ events: [{ ...row, end_date: row.start_date - 60 }] }, CONTRACT_MESSAGES.endAfterStart],
      [{ events: [row], price: 0 }, CONTRACT_MESSAGES.priceWeird],
      [{ events: [{ start_date: row.start_date, end_date: row.end_date }] }, CONTRACT_MESSAGES.selectField],
      [{ events: [{ field_id: MARACANA }] }, CONTRACT_MESSAGES.selectTimes],
    ];
    for (const [body, message] of cases) {
      const res = await call(manager, 'POST', `/api/contract/events/${id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await call(manager, 'POST', `/api/contract/events/${id}`, { events: [{ ...row, field_id: QUEENS_FIELD }] })).statusCode).toBe(400);
    expect(await ctx.database.db.select().from(events).where(eq(events.contract_id, id))).toEqual([]);
  });

  it('prices odd-length events in the detail as core does, to the cent and the hundredth of an hour', async () => {
    const id = await newContract();
    // 1 h 11 min 6 s (1.185 h: a half hundredth) and 1 h 20 min, at a custom $100.01 an hour, then at the contract's $100.
    const rows = weekly(4, MARACANA, 19, '2028-01-03').map((r, i) => ({ ...r, end_date: r.start_date + (i % 2 ? 4800 : 4266) }));
    expect((await call(manager, 'POST', `/api/contract/events/${id}`, { events: rows.slice(0, 2), price: 100.01 })).statusCode).toBe(201);
    expect((await call(manager, 'POST', `/api/contract/events/${id}`, { events: rows.slice(2) })).statusCode).toBe(201);
    type Row = { start_date: number; end_date: number; custom_price: boolean; hourly: number; price: number; hours: number };
    const d = await detail(id);
    const cents = d.events.map((e: Row) => eventPrice(e.custom_price ? 10001 : 10000, e.start_date, e.end_date));
    expect(d.events.map((e: Row) => [e.hourly, e.price, e.hours])).toEqual(
      d.events.map((e: Row, i: number) => [e.custom_price ? 100.01 : 100, cents[i] / 100, eventHours(e.start_date, e.end_date)]),
    );
    expect(d.events.map((e: Row) => [e.custom_price, e.hours])).toEqual([[true, 1.19], [true, 1.33], [false, 1.19], [false, 1.33]]);
    const total = cents.reduce((s: number, c: number) => s + c, 0);
    expect(d.summary).toEqual({ start: rows[0].start_date, end: rows[3].end_date, count: 4, hours: 5.04, total: total / 100 });
    expect(d.invoice.invoiced * 100).toBe(total);
    expect(d.price_mismatch).toBe(false);
  });

  it('keeps new and moved events within the field\'s opening hours, whatever keep says', async () => {
    const id = await newContract();
    // Maracanã opens at 16:00 on weekdays (New York): a Monday 9:00 game is outside its hours.
    const [morning] = weekly(1, MARACANA, 9, '2028-02-07');
    const reason = 'Maracanã is open from 16:00 to 24:00 on 2/7/2028: the booking is outside its opening hours';
    const check = (await call(manager, 'POST', `/api/contract/events/check/${id}`, { events: [morning] })).json();
    expect(check.events[0]).toMatchObject({ is_ok: false, closed: reason, events_on_spot: [] });
    const refused = await call(manager, 'POST', `/api/contract/events/${id}`, { events: [{ ...morning, keep: true }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(reason);

    const [evening] = weekly(1, MARACANA, 19, '2028-02-07');
    expect((await call(manager, 'POST', `/api/contract/events/${id}`, { events: [evening] })).statusCode).toBe(201);
    const [event] = (await detail(id)).events;
    const moved = await call(manager, 'PUT', `/api/contract/events/${id}`, { event_ids: [event.ID], ...morning, keep_ids: [event.ID] });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(reason);
    const rows = await ctx.database.db.select({ start_date: events.start_date }).from(events).where(eq(events.contract_id, id));
    expect(rows).toEqual([{ start_date: evening.start_date }]);
    expect((await call(manager, 'GET', `/api/contract/changelog/${id}`)).json().map((h: { action: string }) => h.action)).toEqual(['add_events']);
  });

  it('refuses a bulk move of 20 events onto a taken slot whole, unless the conflicting ones are kept', async () => {
    const id = await newContract();
    await call(manager, 'POST', `/api/contract/events/${id}`, { events: weekly(20, MARACANA, 19, '2027-06-07') });
    // Someone else books San Siro on the 5th and 12th Monday.
    const taken = [weekly(20, SAN_SIRO, 19, '2027-06-07')[4], weekly(20, SAN_SIRO, 19, '2027-06-07')[11]];
    for (const slot of taken) expect((await call(manager, 'POST', '/api/event', { ...slot, product_type_id: 1 })).statusCode).toBe(201);
    const before = await detail(id);
    const ids = before.events.map((e: { ID: number }) => e.ID);

    const check = (await call(manager, 'POST', `/api/contract/events/check/${id}`, { events: before.events.map((e: { ID: number; start_date: number; end_date: number }) => ({ ID: e.ID, field_id: SAN_SIRO, start_date: e.start_date, end_date: e.end_date })) })).json();
    const conflicts = check.events.filter((r: { is_ok: boolean }) => !r.is_ok);
    expect(conflicts).toHaveLength(2);
    expect(conflicts[0].events_on_spot[0]).toMatchObject({ field_id: SAN_SIRO, start_date: taken[0].start_date });

    const refused = await call(manager, 'PUT', `/api/contract/events/${id}`, { event_ids: ids, field_id: SAN_SIRO });
    expect(refused.statusCode).toBe(409);
    const after = await ctx.database.db.select({ field_id: events.field_id }).from(events).where(eq(events.contract_id, id));
    expect(after.every((e) => e.field_id === MARACANA)).toBe(true);
    expect((await call(manager, 'GET', `/api/contract/changelog/${id}`)).json()).toHaveLength(1);

    const kept = conflicts.map((r: { ID: number }) => r.ID);
    const moved = await call(manager, 'PUT', `/api/contract/events/${id}`, { event_ids: ids, field_id: SAN_SIRO, keep_ids: kept });
    expect(moved.statusCode).toBe(200);
    const rows = await ctx.database.db.select({ field_id: events.field_id, keep: events.keep, ID: events.ID }).from(events).where(eq(events.contract_id, id));
    expect(rows.every((e) => e.field_id === SAN_SIRO)).toBe(true);
    expect(rows.filter((e) => e.keep).map((e) => e.ID).sort()).toEqual([...kept].sort());
  });

  it('warns when event prices and the invoice differ by more than $10', async () => {
    const id = await newContract();
    await call(manager, 'POST', `/api/contract/events/${id}`, { events: weekly(2, MARACANA, 19, '2027-10-04') });
    const d = await detail(id);
    expect(d.price_mismatch).toBe(false);
    await ctx.database.db.update(invoiceItems).set({ price: 20000 }).where(eq(invoiceItems.event_id, d.events[0].ID));
    expect((await detail(id)).price_mismatch).toBe(true);
  });

  it('refuses deleting events or the contract once paid; deletes all of it otherwise', async () => {
    const id = await newContract();
    await call(manager, 'POST', `/api/contract/events/${id}`, { events: weekly(3, MARACANA, 19, '2027-11-01') });
    const d = await detail(id);
    expect((await call(mod, 'POST', `/api/contract/events/delete/${id}`, { all: true })).statusCode).toBe(403);
    await ctx.database.db.insert(payments).values({ invoice_id: d.invoice.ID, amount: 1000, type: 'cash' });
    expect(await detail(id)).toMatchObject({ has_payments: true, invoice: { paid: 10, balance: d.invoice.balance - 10 } });
    for (const res of [await call(admin, 'POST', `/api/contract/events/delete/${id}`, { all: true }), await call(admin, 'DELETE', `/api/contract/${id}`)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(CONTRACT_MESSAGES.hasPayments);
    }
    await ctx.database.db.delete(payments).where(eq(payments.invoice_id, d.invoice.ID));
    expect((await call(manager, 'POST', `/api/contract/events/delete/${id}`, { all: true })).json()).toMatchObject({ modified: 3, count: 0 });
    expect((await detail(id)).invoice.total).toBe(0);
    expect((await call(manager, 'DELETE', `/api/contract/${id}`)).statusCode).toBe(200);
    expect((await call(manager, 'GET', `/api/contract/${id}`)).statusCode).toBe(404);
  });

  it('changes the product type of the contract and its events', async () => {
    const id = await newContract();
    await call(manager, 'POST', `/api/contract/events/${id}`, { events: weekly(2, MARACANA, 19, '2027-12-06') });
    expect((await call(manager, 'PUT', `/api/contract/${id}`, { ID: id, product_type_id: 7 })).statusCode).toBe(200);
    const rows = await ctx.database.db.select({ t: events.product_type_id }).from(events).where(eq(events.contract_id, id));
    expect(rows.map((r) => r.t)).toEqual([7, 7]);
    expect((await detail(id)).product_type.ID).toBe(7);
  });
});

describe('the document and its signature', () => {
  it('goes none → generated → sent → signed; the mailed link signs signed out and records name, time and address', async () => {
    const id = await newContract();
    await call(manager, 'POST', `/api/contract/events/${id}`, { events: weekly(2, MARACANA, 17) });
    expect((await call(manager, 'POST', `/api/contract/doc/send/${id}`)).statusCode).toBe(409);
    const gen = await call(manager, 'POST', `/api/contract/doc/${id}`);
    expect(gen.json()).toMatchObject({ message: 'New document generated', contract: { doc_state: 'generated' } });
    const pdf = await call(manager, 'GET', `/api/contract/doc/${id}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(manager, 'POST', `/api/contract/doc/${id}`)).statusCode).toBe(409);

    const sent = await call(manager, 'POST', `/api/contract/doc/send/${id}`);
    expect(sent.json()).toMatchObject({ message: 'Contract sent via email', to: 'carla@example.com', contract: { doc_state: 'sent' } });
    const mail = ctx.outbox.at(-1)!;
    const ref = /\/public\/contract\?ref=([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
    const [stored] = await ctx.database.db.select().from(contracts).where(eq(contracts.ID, id));
    expect(stored.sign_link_hash).not.toContain(ref);

    const page = await ctx.app.inject({ method: 'GET', url: `/api/public/contract/${ref}` });
    expect(page.json()).toMatchObject({ ID: id, signed: false, events: 2, time_zone: expect.stringMatching(/^America\//) });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/public/contract/${ref}/sign`, payload: { name: 'Carla Contract' } })).statusCode).toBe(400);
    const signed = await ctx.app.inject({ method: 'POST', url: `/api/public/contract/${ref}/sign`, payload: { name: 'Carla Contract', accept: true }, remoteAddress: '203.0.113.9' });
    expect(signed.statusCode).toBe(200);
    const d = await detail(id);
    expect(d).toMatchObject({ signed: true, signed_name: 'Carla Contract', signed_address: '203.0.113.9', doc_state: 'signed' });
    expect(d.signed_at).toBeGreaterThan(0);
    const signedPdf = await ctx.app.inject({ method: 'GET', url: `/api/public/contract/${ref}/pdf` });
    expect(signedPdf.rawPayload.length).toBeGreaterThan(pdf.rawPayload.length);
    expect((await call(manager, 'POST', `/api/contract/doc/void/${id}`)).statusCode).toBe(409);
    const history = (await call(manager, 'GET', `/api/contract/changelog/${id}`)).json();
    expect(history[0]).toMatchObject({ action: 'document', actions: ['generate_doc', 'send_doc', 'sign_doc'] });
  });

  it('kills the signing link on void (404)', async () => {
    const id = await newContract();
    await call(manager, 'POST', `/api/contract/doc/${id}`);
    await call(manager, 'POST', `/api/contract/doc/send/${id}`);
    const ref = /ref=([A-Za-z0-9_-]{43})/.exec(ctx.outbox.at(-1)!.text)![1];
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/contract/${ref}` })).statusCode).toBe(200);
    expect((await call(manager, 'POST', `/api/contract/doc/void/${id}`)).json().contract.doc_state).toBe('none');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/contract/${ref}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/public/contract/${ref}/sign`, payload: { name: 'Carla', accept: true } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/public/contract/not-a-link' })).statusCode).toBe(400);
  });
});

describe('pickup', () => {
  it('creates a session with its contract, events and invoice in one go, refusing a taken slot whole', async () => {
    const [variation] = await ctx.database.db.select().from(productVariations).where(eq(productVariations.facility_id, 1)).limit(1);
    const rows = weekly(4, MARACANA, 21, '2027-09-06');
    const body = { facility_id: 1, field_id: MARACANA, product_id: variation.ID, day: 1, time: 21, duration: 90, events: rows };
    expect((await call(manager, 'POST', '/api/pickup', body)).statusCode).toBe(403);
    expect((await call(admin, 'POST', '/api/pickup', { ...body, events: [] })).json().message).toBe(CONTRACT_MESSAGES.checkFirst);
    expect((await call(admin, 'POST', '/api/pickup', { ...body, product_id: undefined })).json().message).toBe(CONTRACT_MESSAGES.validFee);

    const before = (await ctx.database.db.select().from(contracts)).length;
    // A game outside the field's opening hours is refused, kept or not.
    const early = weekly(1, MARACANA, 9, '2027-09-06').map((r) => ({ ...r, keep: true }));
    const closed = await call(admin, 'POST', '/api/pickup', { ...body, time: 9, events: early });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toMatch(/^Maracanã is open from 16:00 to 24:00 on 9\/6\/2027/);

    await call(manager, 'POST', '/api/event', { ...rows[2], product_type_id: 1 });
    expect((await call(admin, 'POST', '/api/pickup', body)).statusCode).toBe(409);
    expect((await ctx.database.db.select().from(contracts)).length).toBe(before);

    const res = await call(admin, 'POST', '/api/pickup', { ...body, events: rows.map((r, i) => ({ ...r, keep: i === 2 })) });
    expect(res.statusCode).toBe(201);
    const session = res.json();
    expect(session.contract).toMatchObject({ product_type_id: 5, deposit: 0, name: 'Pickup session @Brooklyn', fee: variation.full_price / 100 });
    const invoice = (await call(manager, 'GET', `/api/invoice/contract/${session.contract.ID}`)).json();
    expect(invoice).toHaveLength(1);
    expect(invoice[0]).toMatchObject({ product_type_id: 5, customer: null });

    const list = (await call(manager, 'GET', '/api/pickup')).json();
    expect(list.find((s: { ID: number }) => s.ID === session.ID)).toMatchObject({ slots: 4, slot: { day: 1, time: 21 }, field: { ID: MARACANA } });
    expect((await call(manager2, 'GET', `/api/pickup/${session.ID}`)).statusCode).toBe(404);
    const one = (await call(mod, 'GET', `/api/pickup/${session.ID}`)).json();
    expect(one.events).toHaveLength(4);
  });

  it('lists players in a date range and checks one in', async () => {
    const [s] = (await call(admin, 'GET', '/api/pickup?facility_id=1')).json();
    const one = (await call(admin, 'GET', `/api/pickup/${s.ID}`)).json();
    const event = one.events[0];
    const [player] = await ctx.database.db.insert(pickupPlayers).values({ event_id: event.ID, customer_id: customerId, facility_id: 1, start_date: event.start_date, end_date: event.end_date }).returning();
    const players = (await call(mod, 'GET', `/api/slot/sessions?start=${event.start_date - 60}`)).json();
    expect(players.map((p: { ID: number }) => p.ID)).toEqual([player.ID]);
    expect(players[0].facility).toMatchObject({ ID: 1, time_zone: 'America/New_York' }); // the zone its time is shown in
    expect((await call(manager2, 'GET', `/api/slot/sessions?start=${event.start_date - 60}&facility_id=1`)).json()).toEqual([]);
    expect((await call(mod, 'PUT', `/api/pickup/checkin/${player.ID}?present=1`)).json().checked_in).toBe(true);
    expect((await call(mod, 'GET', `/api/slot/sessions?start=${event.start_date - 60}&customer_id=${customerId}`)).json()[0].checked_in).toBe(true);
  });

  it('answers the marketing list of a pickup contract: each player once, a child at its parent\'s address, within the facility', async () => {
    const [s] = (await call(admin, 'GET', '/api/pickup?facility_id=1')).json();
    const { events: games } = (await call(admin, 'GET', `/api/pickup/${s.ID}`)).json();
    const kid = await insertCustomer(ctx.database.db, { first_name: 'Kit', last_name: 'Aaron', is_kid: true, email: 'pa@example.com##1', parent_email: 'pa@example.com' });
    for (const [game, who] of [[games[1], customerId], [games[2], customerId], [games[2], kid.ID]] as const) {
      await ctx.database.db.insert(pickupPlayers).values({ event_id: game.ID, customer_id: who, facility_id: 1, start_date: game.start_date, end_date: game.end_date });
    }
    const res = await call(mod, 'GET', `/api/contract/marketing/${s.contract.ID}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { ID: kid.ID, first_name: 'Kit', last_name: 'Aaron', email: 'pa@example.com', phone: kid.phone },
      { ID: customerId, first_name: 'Carla', last_name: 'Contract', email: 'carla@example.com', phone: expect.anything() },
    ]);
    expect((await call(manager2, 'GET', `/api/contract/marketing/${s.contract.ID}`)).statusCode).toBe(404);
    // A block-booking contract's list is its customer.
    const id = await newContract();
    expect((await call(manager, 'GET', `/api/contract/marketing/${id}`)).json().map((c: { ID: number }) => c.ID)).toEqual([customerId]);
  });
});
