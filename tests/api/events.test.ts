import dayjs from 'dayjs';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPECIAL_NEW_PRODUCT_ID } from '../../core/constants';
import { EVENT_MESSAGES } from '../../core/validation/event';
import '../../core/time';
import { attendances, contracts, discountApplications, events, fields, healthChecks, leagues, matches, memberships, players, refereeAssignments, invoiceItems, invoices, payments, pickupPlayers, suspensions, teams, users } from '../../server/db/schema';
import { insertCustomer } from './support/customers';
import { statusCounts } from './support/races';
import { createTestContext, describeOnPostgres, type TestContext } from './harness';

// Events and the calendar (spec 2 §7): every call with its role and facility rules, the booking guard,
// split fields, repeat series across daylight-saving changes, and bad input (400, nothing written).

let ctx: TestContext;
let admin: string;
let manager: string;
let manager2: string;
let mod: string;
let coach: string;

const NY = 'America/New_York';
/** Brooklyn (facility 1): fields 1–4; Wembley (2) is split into Wembley A and B. Queens (2): fields 5–7. */
const MARACANA = 1;
const WEMBLEY = 2;
const SAN_SIRO = 3;
let wembleyA: number;
let wembleyB: number;
const QUEENS_FIELD = 5;

/** Unix seconds of a New York wall-clock time. */
const ny = (local: string) => dayjs.tz(local, NY).unix();

beforeAll(async () => {
  ctx = await createTestContext();
  ({ admin, manager, manager2, mod, coach } = await ctx.signInStaff());
  const rows = await ctx.database.db.select().from(fields).where(eq(fields.parent_field_id, WEMBLEY));
  wembleyA = rows.find((f) => f.name === 'Wembley A')!.ID;
  wembleyB = rows.find((f) => f.name === 'Wembley B')!.ID;
});
afterAll(async () => { await ctx?.close(); });

const book = (token: string, payload: Record<string, unknown>, url = '/api/event') => ctx.as(token, { method: 'POST', url, payload });
const rental = (field_id: number, start: string, end: string, extra: Record<string, unknown> = {}) => ({
  field_id, product_type_id: 1, start_date: ny(start), end_date: ny(end), ...extra,
});
const countEvents = async () => (await ctx.database.db.select({ ID: events.ID }).from(events)).length;

describe('POST /event and the booking guard', () => {
  it('books a free slot (201) and refuses an overlapping one (409 naming the event in the way)', async () => {
    const first = await book(manager, rental(MARACANA, '2027-01-11 18:00', '2027-01-11 19:00', { comment: 'Friends' }));
    expect(first.statusCode).toBe(201);
    const { ID, facility_id } = first.json();
    expect(facility_id).toBe(1);
    const second = await book(mod, rental(MARACANA, '2027-01-11 18:30', '2027-01-11 19:30'));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toContain(`event ${ID} (Adult Rental: Friends, 1/11/2027 18:00–19:00)`);
    // Touching ends do not overlap.
    expect((await book(mod, rental(MARACANA, '2027-01-11 19:00', '2027-01-11 20:00'))).statusCode).toBe(201);
  });

  it('saves a conflicting event through POST /event/keep, and the calendar shows both red', async () => {
    const kept = await book(manager, rental(SAN_SIRO, '2027-01-12 18:00', '2027-01-12 19:00'));
    const other = await book(manager, rental(SAN_SIRO, '2027-01-12 18:30', '2027-01-12 19:30'), '/api/event/keep');
    expect(other.statusCode).toBe(201);
    expect(other.json().keep).toBe(true);
    const res = await ctx.as(manager, { method: 'GET', url: `/api/event?start=${ny('2027-01-12 00:00')}&end=${ny('2027-01-13 00:00')}` });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<{ ID: number; conflict: boolean }>;
    expect(rows.filter((r) => r.conflict).map((r) => r.ID).sort()).toEqual([kept.json().ID, other.json().ID].sort());
  });

  it('split fields: the full field blocks its halves and a half blocks the full field, not its sibling', async () => {
    expect((await book(manager, rental(WEMBLEY, '2027-01-13 18:00', '2027-01-13 19:00'))).statusCode).toBe(201);
    expect((await book(manager, rental(wembleyA, '2027-01-13 18:00', '2027-01-13 19:00'))).statusCode).toBe(409);
    expect((await book(manager, rental(wembleyA, '2027-01-13 20:00', '2027-01-13 21:00'))).statusCode).toBe(201);
    expect((await book(manager, rental(wembleyB, '2027-01-13 20:00', '2027-01-13 21:00'))).statusCode).toBe(201);
    const blocked = await book(manager, rental(WEMBLEY, '2027-01-13 20:30', '2027-01-13 21:30'));
    expect(blocked.statusCode).toBe(409);
    // The availability check and the calendar agree.
    const check = await ctx.as(manager, { method: 'POST', url: '/api/event/recurrent', payload: { events: [rental(WEMBLEY, '2027-01-13 20:30', '2027-01-13 21:30')] } });
    expect(check.json().events[0].is_ok).toBe(false);
    expect(check.json().events[0].events_on_spot).toHaveLength(2);
    await book(manager, rental(WEMBLEY, '2027-01-13 20:30', '2027-01-13 21:30'), '/api/event/keep');
    const day = await ctx.as(manager, { method: 'GET', url: `/api/event?start=${ny('2027-01-13 20:00')}&end=${ny('2027-01-13 22:00')}` });
    const rows = day.json() as Array<{ field_id: number; conflict: boolean }>;
    expect(rows.filter((r) => r.conflict).map((r) => r.field_id).sort((a, b) => a - b)).toEqual([WEMBLEY, wembleyA, wembleyB].sort((a, b) => a - b));
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await countEvents();
    const cases: Array<[Record<string, unknown>, string]> = [
      [rental(MARACANA, '2027-02-01 19:00', '2027-02-01 18:00'), EVENT_MESSAGES.endBeforeStart],
      [rental(MARACANA, '2027-02-01 19:00', '2027-02-01 19:00'), EVENT_MESSAGES.endBeforeStart],
      [rental(9999, '2027-02-01 18:00', '2027-02-01 19:00'), 'field_id: unknown field 9999'],
      [rental(MARACANA, '2027-02-01 18:00', '2027-02-01 19:00', { product_type_id: 999 }), 'product_type_id: unknown product type 999'],
      [rental(MARACANA, '2027-02-01 18:00', '2027-02-01 19:00', { customer_id: 999999 }), 'customer_id: unknown customer 999999'],
      [rental(MARACANA, '2027-02-01 18:00', '2027-02-01 19:00', { colour: 'red' }), 'unknown field colour'],
      [rental(MARACANA, '2027-02-01 18:00', '2027-02-01 19:00', { field_id: 'x' }), 'field_id: must be a positive whole number'],
      [rental(MARACANA, '2027-02-01 18:00', '2027-02-01 19:00', { field_id: undefined }), 'field_id: Required'],
      [rental(MARACANA, '2027-02-01 18:00', '2027-02-01 19:00', { product_type_id: 2 ** 31 }), 'product_type_id: must be a positive whole number'],
    ];
    for (const [payload, message] of cases) {
      const res = await book(manager, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    // A manager cannot book on another facility's field.
    const foreign = await book(manager, rental(QUEENS_FIELD, '2027-02-01 18:00', '2027-02-01 19:00'));
    expect(foreign.statusCode).toBe(400);
    expect(await countEvents()).toBe(before);
  });

  it('the field dialog sets a split field: a full field of the same facility only', async () => {
    const put = (token: string, id: number, payload: Record<string, unknown>) => ctx.as(token, { method: 'PUT', url: `/api/field/${id}`, payload });
    expect((await put(manager, wembleyA, { parent_field_id: MARACANA })).statusCode).toBe(200);
    expect((await put(manager, wembleyA, { parent_field_id: WEMBLEY })).json().parent_field_id).toBe(WEMBLEY);
    expect((await put(admin, wembleyA, { parent_field_id: QUEENS_FIELD })).statusCode).toBe(400);
    expect((await put(manager, wembleyA, { parent_field_id: wembleyB })).statusCode).toBe(400);
    expect((await put(manager, WEMBLEY, { parent_field_id: WEMBLEY })).statusCode).toBe(400);
    expect((await put(manager, WEMBLEY, { parent_field_id: MARACANA })).statusCode).toBe(400);
  });

  it('lets coaches read but not book', async () => {
    expect((await book(coach, rental(MARACANA, '2027-02-02 18:00', '2027-02-02 19:00'))).statusCode).toBe(403);
  });
});

describe('GET /event, GET /event/{id}, GET /event/conflicts', () => {
  it('answers the facility\'s events with title, colour, match and invoice status', async () => {
    const customer = await insertCustomer(ctx.database.db, { first_name: 'Paula', last_name: 'Paid' });
    const paid = await book(manager, rental(MARACANA, '2027-03-01 18:00', '2027-03-01 19:00', { customer_id: customer.ID }));
    const owed = await book(manager, rental(SAN_SIRO, '2027-03-01 18:00', '2027-03-01 19:00', { customer_id: customer.ID }));
    const klass = await book(manager, rental(WEMBLEY, '2027-03-01 18:00', '2027-03-01 19:00', { product_type_id: 10, comment: 'U8 skills' }));
    const match = await book(manager, rental(wembleyA, '2027-03-01 20:00', '2027-03-01 21:00', { product_type_id: 3, team_a: 'Lions', team_b: 'Hawks' }));
    const { db } = ctx.database;
    for (const [ev, pay] of [[paid.json().ID, 5000], [owed.json().ID, 1000]] as const) {
      const [invoice] = await db.insert(invoices).values({ facility_id: 1, customer_id: customer.ID, date: ny('2027-03-01 12:00') }).returning();
      await db.insert(invoiceItems).values({ invoice_id: invoice.ID, event_id: ev, price: 5000 });
      await db.insert(payments).values({ invoice_id: invoice.ID, amount: pay, type: 'cash' });
    }
    const res = await ctx.as(manager, { method: 'GET', url: `/api/event?facility_id=2&start=${ny('2027-03-01 00:00')}&end=${ny('2027-03-02 00:00')}` });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<Record<string, any>>;
    // facility_id=2 is ignored for a manager: they read their own facility.
    expect(rows.every((r) => r.facility_id === 1)).toBe(true);
    const byId = new Map(rows.map((r) => [r.ID, r]));
    expect(byId.get(paid.json().ID)).toMatchObject({ title: 'Paula Paid', color: '#4caf50', mark: 'paid', invoice: { amount: 50, paid: 50, balance: 0 }, conflict: false });
    expect(byId.get(owed.json().ID)).toMatchObject({ mark: 'owed', invoice: { amount: 50, paid: 10, balance: 40 } });
    expect(byId.get(klass.json().ID)).toMatchObject({ title: 'U8 skills', mark: null });
    expect(byId.get(match.json().ID)).toMatchObject({ title: 'Lions vs Hawks', color: '#81d4fa' });

    const one = await ctx.as(mod, { method: 'GET', url: `/api/event/${paid.json().ID}` });
    expect(one.json()).toMatchObject({ ID: paid.json().ID, customer: { first_name: 'Paula', last_name: 'Paid' }, field: { ID: MARACANA } });
    expect((await ctx.as(manager2, { method: 'GET', url: `/api/event/${paid.json().ID}` })).statusCode).toBe(404);
  });

  it('titles every kind of event, and counts discounts, refunds and reversed invoices in the invoice status', async () => {
    const { db } = ctx.database;
    const day = '2027-05-03';
    const [contract] = await db.insert(contracts).values({ name: 'Tuesday block', facility_id: 1, product_type_id: 2 }).returning();
    const customer = await insertCustomer(db, { first_name: 'Cora', last_name: 'Cole' });
    let hour = 8;
    const add = async (values: Partial<typeof events.$inferInsert>) => {
      const start = ny(`${day} ${String(hour++).padStart(2, '0')}:00`);
      const [row] = await db.insert(events).values({ product_type_id: 1, field_id: SAN_SIRO, facility_id: 1, start_date: start, end_date: start + 3600, ...values }).returning();
      return row.ID;
    };
    const ids = {
      classComment: await add({ product_type_id: 10, comment: 'Keepers' }),
      classBare: await add({ product_type_id: 10 }),
      custom: await add({ new_product_id: SPECIAL_NEW_PRODUCT_ID, comment: 'Birthday party' }),
      teams: await add({ product_type_id: 3, team_a: 'Owls' }),
      customerComment: await add({ customer_id: customer.ID, comment: 'Lights on' }),
      contract: await add({ product_type_id: 2, contract_id: contract.ID }),
      // A pickup game's comment is its contract's name: said once (issue 22 item 8).
      pickup: await add({ product_type_id: 5, contract_id: contract.ID, comment: 'Tuesday block' }),
      bare: await add({ comment: 'Walk-in' }),
      discounted: await add({ customer_id: customer.ID }),
      refunded: await add({ customer_id: customer.ID }),
      reversed: await add({ customer_id: customer.ID }),
    };
    const bill = async (event_id: number, paid: number[], values: Partial<typeof invoices.$inferInsert> = {}) => {
      const [invoice] = await db.insert(invoices).values({ facility_id: 1, customer_id: customer.ID, date: ny(`${day} 07:00`), ...values }).returning();
      await db.insert(invoiceItems).values({ invoice_id: invoice.ID, event_id, price: 4000, amount_taxes: 350 });
      for (const amount of paid) await db.insert(payments).values({ invoice_id: invoice.ID, amount, type: 'cash' });
      return invoice.ID;
    };
    await db.insert(discountApplications).values({ invoice_id: await bill(ids.discounted, [3000]), amount: 1350 });
    await bill(ids.refunded, [4350, -1000]);
    const reversedId = await bill(ids.reversed, [4350]);
    const [reversal] = await db.insert(invoices).values({ facility_id: 1, customer_id: customer.ID, date: ny(`${day} 07:00`), reversal: reversedId }).returning();
    await db.update(invoices).set({ reversed: reversal.ID }).where(eq(invoices.ID, reversedId));
    const res = await ctx.as(manager, { method: 'GET', url: `/api/event?start=${ny(`${day} 00:00`)}&end=${ny(`${day} 23:00`)}` });
    const byId = new Map((res.json() as Array<Record<string, any>>).map((r) => [r.ID, r]));
    const titles = Object.fromEntries(Object.entries(ids).map(([key, id]) => [key, byId.get(id)?.title]));
    expect(titles).toEqual({
      classComment: 'Keepers', classBare: 'Youth Class', custom: 'Birthday party', teams: 'Owls vs TBD', customerComment: 'Cora Cole - Lights on',
      contract: 'Tuesday block', pickup: 'Tuesday block', bare: 'Adult Rental - Walk-in', discounted: 'Cora Cole', refunded: 'Cora Cole', reversed: 'Cora Cole',
    });
    expect(byId.get(ids.discounted)).toMatchObject({ invoice: { amount: 30, paid: 30, balance: 0 }, mark: 'paid' });
    expect(byId.get(ids.refunded)).toMatchObject({ invoice: { amount: 43.5, paid: 33.5, balance: 10 }, mark: 'owed' });
    expect(byId.get(ids.reversed)).toMatchObject({ invoice: null, mark: null });
    expect(byId.get(ids.teams)).toMatchObject({ color: '#81d4fa', contract: null, match: null, customer: null });
    expect(byId.get(ids.contract)).toMatchObject({ contract: { ID: contract.ID, name: 'Tuesday block' }, contract_variant_price: null });
  });

  it('refuses a range of 10 years, a reversed range and an admin without a facility', async () => {
    const start = ny('2027-01-01 00:00');
    for (const url of [`/api/event?facility_id=1&start=${start}&end=${start + 10 * 365 * 86400}`, `/api/event?facility_id=1&start=${start}&end=${start - 1}`, `/api/event?start=${start}&end=${start + 86400}`, '/api/event?facility_id=1']) {
      expect((await ctx.as(admin, { method: 'GET', url })).statusCode, url).toBe(400);
    }
  });

  it('lists the conflicts of the next 20 days', async () => {
    const start = ny('2027-04-05 18:00');
    await book(manager, rental(MARACANA, '2027-04-10 18:00', '2027-04-10 19:00'));
    const kept = await book(manager, rental(MARACANA, '2027-04-10 18:30', '2027-04-10 19:30'), '/api/event/keep');
    await book(manager, rental(MARACANA, '2027-04-30 18:00', '2027-04-30 19:00'));
    await book(manager, rental(MARACANA, '2027-04-30 18:30', '2027-04-30 19:30'), '/api/event/keep');
    const res = await ctx.as(manager, { method: 'GET', url: `/api/event/conflicts?start=${start}` });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<{ ID: number; start_date: number }>;
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.ID)).toContain(kept.json().ID);
    expect(rows.every((r) => r.start_date < start + 20 * 86400)).toBe(true);
  });
  it('finds an event that started long before the range (the week, the guard, the availability check, the conflicts)', async () => {
    const ANFIELD = 4;
    // Written straight to the table: the booking routes refuse the closed nights a ten-day event spans (a
    // contract's events or an older booking can still be this long).
    const [field] = await ctx.database.db.select({ facility_id: fields.facility_id }).from(fields).where(eq(fields.ID, ANFIELD));
    const [camp] = await ctx.database.db.insert(events).values({
      ...rental(ANFIELD, '2028-03-01 08:00', '2028-03-11 20:00', { comment: 'Ten-day camp' }), facility_id: field.facility_id,
    }).returning({ ID: events.ID });
    const week = await ctx.as(manager, { method: 'GET', url: `/api/event?start=${ny('2028-03-06 00:00')}&end=${ny('2028-03-13 00:00')}` });
    expect((week.json() as Array<{ ID: number }>).map((e) => e.ID)).toContain(camp.ID);
    expect((await book(manager, rental(ANFIELD, '2028-03-08 18:00', '2028-03-08 19:00'))).statusCode).toBe(409);
    const check = await book(manager, { events: [rental(ANFIELD, '2028-03-08 18:00', '2028-03-08 19:00')] }, '/api/event/recurrent');
    expect(check.json().events[0]).toMatchObject({ is_ok: false, events_on_spot: [expect.objectContaining({ ID: camp.ID })] });
    const kept = (await book(manager, rental(ANFIELD, '2028-03-09 18:00', '2028-03-09 19:00'), '/api/event/keep')).json();
    const conflicts = await ctx.as(manager, { method: 'GET', url: `/api/event/conflicts?start=${ny('2028-03-07 00:00')}` });
    // The camp conflicts too, but it starts before the look-ahead: only the kept booking is listed.
    expect((conflicts.json() as Array<{ ID: number; conflict: boolean }>).map((e) => [e.ID, e.conflict])).toEqual([[kept.ID, true]]);
  });
});

describe('PUT /event/{id}, PUT /event/keep/{id}, DELETE /event/{id}', () => {
  it('moves an event (drag) when the slot is free, refuses a taken one, and records the change', async () => {
    const a = (await book(manager, rental(MARACANA, '2027-05-03 18:00', '2027-05-03 19:00'))).json();
    await book(manager, rental(SAN_SIRO, '2027-05-03 18:00', '2027-05-03 19:00'));
    const taken = await ctx.as(mod, { method: 'PUT', url: `/api/event/${a.ID}`, payload: { field_id: SAN_SIRO } });
    expect(taken.statusCode).toBe(409);
    const moved = await ctx.as(mod, { method: 'PUT', url: `/api/event/${a.ID}`, payload: { field_id: WEMBLEY, start_date: ny('2027-05-03 20:00'), end_date: ny('2027-05-03 21:00') } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ field_id: WEMBLEY, start_date: ny('2027-05-03 20:00') });
    // An edit that keeps the slot does not check it again; forcing keeps a conflicting move.
    expect((await ctx.as(mod, { method: 'PUT', url: `/api/event/${a.ID}`, payload: { comment: 'Moved' } })).statusCode).toBe(200);
    const forced = await ctx.as(mod, { method: 'PUT', url: `/api/event/keep/${a.ID}`, payload: { field_id: SAN_SIRO, start_date: ny('2027-05-03 18:00'), end_date: ny('2027-05-03 19:00') } });
    expect(forced.statusCode).toBe(200);
    expect(forced.json().keep).toBe(true);
    const log = await ctx.as(manager, { method: 'GET', url: `/api/changelog?object=event&id=${a.ID}` });
    expect(log.statusCode).toBe(200);
    expect(log.json().map((c: { action: string }) => c.action)).toEqual(['update', 'update', 'update', 'create']);
    expect(log.json()[2].new_value).toContain('field_id: 1 → 2');
  });

  it('answers 404 for another facility\'s event, to read, move or delete', async () => {
    const a = (await book(manager, rental(MARACANA, '2027-05-04 18:00', '2027-05-04 19:00'))).json();
    for (const opts of [
      { method: 'GET' as const, url: `/api/event/${a.ID}` },
      { method: 'PUT' as const, url: `/api/event/${a.ID}`, payload: { comment: 'x' } },
      { method: 'DELETE' as const, url: `/api/event/${a.ID}` },
      { method: 'PUT' as const, url: `/api/event/no_show/${a.ID}?no_show=1` },
    ]) expect((await ctx.as(manager2, opts)).statusCode, opts.method).toBe(404);
    expect((await ctx.as(manager2, { method: 'PUT', url: '/api/events', payload: { event_ids: [a.ID], updates: { comment: 'x' } } })).statusCode).toBe(404);
  });

  it('deletes: never for mods; managers only without payments; admins always', async () => {
    const a = (await book(manager, rental(MARACANA, '2027-05-05 18:00', '2027-05-05 19:00'))).json();
    expect((await ctx.as(mod, { method: 'DELETE', url: `/api/event/${a.ID}` })).statusCode).toBe(403);
    const { db } = ctx.database;
    const [invoice] = await db.insert(invoices).values({ facility_id: 1, date: a.start_date }).returning();
    await db.insert(invoiceItems).values({ invoice_id: invoice.ID, event_id: a.ID, price: 1000 });
    await db.insert(payments).values({ invoice_id: invoice.ID, amount: 1000, type: 'cash' });
    expect((await ctx.as(manager, { method: 'DELETE', url: `/api/event/${a.ID}` })).statusCode).toBe(409);
    expect((await ctx.as(admin, { method: 'DELETE', url: `/api/event/${a.ID}` })).statusCode).toBe(200);
    expect(await db.select().from(events).where(eq(events.ID, a.ID))).toHaveLength(0);
  });
});

describe('opening hours: a booking outside them or on a closed day is refused by the server', () => {
  const ANFIELD = 4;
  const outside = (name: string, date: string) => `${name} is open from 16:00 to 24:00 on ${date}: the booking is outside its opening hours`;

  it('refuses a create, a kept create, a move and a series row outside the hours (400, nothing written)', async () => {
    const before = await countEvents();
    // Thursday 14 January 2027: Brooklyn's fields open 16:00–24:00 on weekdays.
    for (const url of ['/api/event', '/api/event/keep']) {
      const res = await book(manager, rental(MARACANA, '2027-01-14 10:00', '2027-01-14 11:00'), url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(outside('Maracanã', '1/14/2027'));
    }
    // Past midnight into a weekday that opens at 16:00.
    expect((await book(manager, rental(MARACANA, '2027-01-14 23:00', '2027-01-15 01:00'))).json().message).toBe(outside('Maracanã', '1/15/2027'));
    expect(await countEvents()).toBe(before);
    // Saturday opens at 8:00; an event up to midnight is inside.
    const saturday = await book(manager, rental(MARACANA, '2027-01-16 10:00', '2027-01-16 11:00'));
    expect(saturday.statusCode).toBe(201);
    expect((await book(manager, rental(MARACANA, '2027-01-14 23:00', '2027-01-15 00:00'))).statusCode).toBe(201);
    // Dragging the Saturday event to Monday morning snaps back with the reason; the event stays.
    const { ID } = saturday.json();
    const moved = await ctx.as(mod, { method: 'PUT', url: `/api/event/${ID}`, payload: { start_date: ny('2027-01-18 10:00'), end_date: ny('2027-01-18 11:00') } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(outside('Maracanã', '1/18/2027'));
    expect((await ctx.as(mod, { method: 'PUT', url: `/api/event/keep/${ID}`, payload: { start_date: ny('2027-01-18 10:00'), end_date: ny('2027-01-18 11:00') } })).statusCode).toBe(400);
    const [row] = await ctx.database.db.select().from(events).where(eq(events.ID, ID));
    expect(row.start_date).toBe(ny('2027-01-16 10:00'));
    // The availability check marks such a row (not keepable), and a series holding it is refused.
    const rows = [rental(MARACANA, '2027-01-19 18:00', '2027-01-19 19:00'), rental(MARACANA, '2027-01-20 12:00', '2027-01-20 13:00')];
    const check = await ctx.as(manager, { method: 'POST', url: '/api/event/recurrent', payload: { events: rows.map(({ field_id, start_date, end_date }) => ({ field_id, start_date, end_date })) } });
    expect(check.json().events.map((r: { is_ok: boolean; closed: string | null }) => [r.is_ok, r.closed])).toEqual([[true, null], [false, outside('Maracanã', '1/20/2027')]]);
    const count = await countEvents();
    const series = await ctx.as(manager, { method: 'POST', url: '/api/event/series', payload: { product_type_id: 2, events: rows.map(({ field_id, start_date, end_date }) => ({ field_id, start_date, end_date, keep: true })) } });
    expect(series.statusCode).toBe(400);
    expect(await countEvents()).toBe(count);
  });

  it('refuses any time on a day the field is closed (close time 0)', async () => {
    const { db } = ctx.database;
    const [anfield] = await db.select().from(fields).where(eq(fields.ID, ANFIELD));
    await db.update(fields).set({ weekday_close_time: 0 }).where(eq(fields.ID, ANFIELD));
    try {
      const res = await book(manager, rental(ANFIELD, '2027-01-18 18:00', '2027-01-18 19:00'));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Anfield is closed on 1/18/2027');
      expect((await book(manager, rental(ANFIELD, '2027-01-23 18:00', '2027-01-23 19:00'))).statusCode).toBe(201);
    } finally {
      await db.update(fields).set({ weekday_close_time: anfield.weekday_close_time }).where(eq(fields.ID, ANFIELD));
    }
  });
});

describe('repeat series', () => {
  it('a weekly series keeps 19:00 in New York across the March change (POST /event/recurrent)', async () => {
    const res = await ctx.as(manager, {
      method: 'POST', url: '/api/event/recurrent',
      payload: { field_id: MARACANA, start_date: ny('2027-03-01 19:00'), end_date: ny('2027-03-01 20:00'), repeat: { method: 'weekly', frequency: 1, end_method: 'count', count: 4, weekday: 1 } },
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().events as Array<{ start_date: number; end_date: number; is_ok: boolean; events_on_spot: unknown[] }>;
    expect(rows.map((r) => dayjs.unix(r.start_date).tz(NY).format('YYYY-MM-DD HH:mm'))).toEqual(['2027-03-01 19:00', '2027-03-08 19:00', '2027-03-15 19:00', '2027-03-22 19:00']);
    // 14 March 2027: clocks go forward, so the unix gap of that week is one hour short.
    expect(rows[2].start_date - rows[1].start_date).toBe(7 * 86400 - 3600);
    expect(rows.every((r) => r.end_date - r.start_date === 3600)).toBe(true);
    // 1 March 18:00–19:00 is booked above: that row is in the way only if it overlaps 19:00–20:00 — it does not.
    expect(rows[0].is_ok).toBe(true);
  });

  it('books a series across the November change, keeps a conflicted row, and deletes it by scope and token', async () => {
    const check = await ctx.as(manager, {
      method: 'POST', url: '/api/event/recurrent',
      payload: { field_id: SAN_SIRO, start_date: ny('2027-10-25 19:00'), end_date: ny('2027-10-25 20:00'), repeat: { method: 'weekly', frequency: 1, end_method: 'until', until: ny('2027-11-15 12:00'), weekday: 1 } },
    });
    const rows = check.json().events as Array<{ field_id: number; start_date: number; end_date: number; is_ok: boolean }>;
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => dayjs.unix(r.start_date).tz(NY).format('HH:mm'))).toEqual(['19:00', '19:00', '19:00', '19:00']);
    expect(rows[2].start_date - rows[1].start_date).toBe(7 * 86400 + 3600);
    // Someone books the third slot: the series cannot be saved unless that row is kept.
    const inTheWay = (await book(mod, { field_id: SAN_SIRO, product_type_id: 1, start_date: rows[2].start_date, end_date: rows[2].end_date })).json();
    const again = await ctx.as(manager, { method: 'POST', url: '/api/event/recurrent', payload: { events: rows } });
    expect(again.json().events.map((r: { is_ok: boolean }) => r.is_ok)).toEqual([true, true, false, true]);
    expect(again.json().events_on_spots[0].ID).toBe(inTheWay.ID);
    const before = await countEvents();
    const refused = await ctx.as(manager, { method: 'POST', url: '/api/event/series', payload: { product_type_id: 2, events: rows } });
    expect(refused.statusCode).toBe(409);
    expect(await countEvents()).toBe(before);
    const saved = await ctx.as(manager, { method: 'POST', url: '/api/event/series', payload: { product_type_id: 2, comment: 'League night', events: rows.map((r, i) => ({ ...r, keep: i === 2 })) } });
    expect(saved.statusCode).toBe(201);
    const { block_token, events: series } = saved.json() as { block_token: string; events: Array<{ ID: number; keep: boolean; block_token: string }> };
    expect(series).toHaveLength(4);
    expect(series.every((e) => e.block_token === block_token)).toBe(true);
    // Moving the whole series by an hour keeps the wall-clock time on both sides of the change.
    const moved = await ctx.as(manager, {
      method: 'PUT', url: `/api/event/${series[1].ID}?scope=following`,
      payload: { start_date: ny('2027-11-01 20:00'), end_date: ny('2027-11-01 21:00') },
    });
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as Array<{ start_date: number }>).map((e) => dayjs.unix(e.start_date).tz(NY).format('YYYY-MM-DD HH:mm')))
      .toEqual(['2027-11-01 20:00', '2027-11-08 20:00', '2027-11-15 20:00']);
    // Delete "this and following" from the third, then the rest of the series by its token.
    const del = await ctx.as(manager, { method: 'DELETE', url: `/api/event/${series[2].ID}?scope=following` });
    expect(del.json().deleted).toHaveLength(2);
    expect((await ctx.as(manager2, { method: 'DELETE', url: `/api/event/block/${block_token}` })).statusCode).toBe(404);
    const rest = await ctx.as(manager, { method: 'DELETE', url: `/api/event/block/${block_token}` });
    expect(rest.json().deleted).toHaveLength(2);
  });

  it('answers Missing fields when a repeat lacks its field, start or end', async () => {
    for (const payload of [
      { events: [{ start_date: ny('2027-06-01 18:00'), end_date: ny('2027-06-01 19:00') }] },
      { start_date: ny('2027-06-01 18:00'), end_date: ny('2027-06-01 19:00'), repeat: { method: 'daily', end_method: 'count', count: 3 } },
      { field_id: MARACANA, start_date: ny('2027-06-01 18:00'), end_date: ny('2027-06-01 19:00'), repeat: { method: 'daily', end_method: 'count' } },
      {},
    ]) {
      const res = await ctx.as(manager, { method: 'POST', url: '/api/event/recurrent', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(EVENT_MESSAGES.missingFields);
    }
  });

  it('checks moving rows without counting their own events (recurrent/{id} and recurrent/ids)', async () => {
    const a = (await book(manager, rental(MARACANA, '2027-06-07 18:00', '2027-06-07 19:00'))).json();
    const shifted = { field_id: MARACANA, start_date: ny('2027-06-07 18:30'), end_date: ny('2027-06-07 19:30') };
    expect((await ctx.as(manager, { method: 'POST', url: '/api/event/recurrent', payload: { events: [shifted] } })).json().events[0].is_ok).toBe(false);
    expect((await ctx.as(manager, { method: 'POST', url: `/api/event/recurrent/${a.ID}`, payload: { events: [shifted] } })).json().events[0].is_ok).toBe(true);
    expect((await ctx.as(manager, { method: 'POST', url: '/api/event/recurrent/ids', payload: { events: [{ ...shifted, ID: a.ID }] } })).json().events[0].is_ok).toBe(true);
  });
});

describe('PUT /events (bulk)', () => {
  it('changes several events at once, guarded, all or nothing', async () => {
    const a = (await book(manager, rental(MARACANA, '2027-07-05 18:00', '2027-07-05 19:00'))).json();
    const b = (await book(manager, rental(MARACANA, '2027-07-06 18:00', '2027-07-06 19:00'))).json();
    await book(manager, rental(SAN_SIRO, '2027-07-06 18:00', '2027-07-06 19:00'));
    const refused = await ctx.as(manager, { method: 'PUT', url: '/api/events', payload: { event_ids: [a.ID, b.ID], updates: { field_id: SAN_SIRO, comment: 'moved' } } });
    expect(refused.statusCode).toBe(409);
    const [stillA] = await ctx.database.db.select().from(events).where(eq(events.ID, a.ID));
    expect(stillA.field_id).toBe(MARACANA);
    const ok = await ctx.as(manager, { method: 'PUT', url: '/api/events', payload: { event_ids: [a.ID, b.ID], updates: { comment: 'Team night' } } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().map((e: { comment: string }) => e.comment)).toEqual(['Team night', 'Team night']);
    expect((await ctx.as(manager, { method: 'PUT', url: '/api/events', payload: { event_ids: [a.ID], updates: {} } })).statusCode).toBe(400);
  });
});

describe('switches, coach, video, people, email', () => {
  it('no show only for types 1, 2, 11; video visible; coach from GET /coaches', async () => {
    const a = (await book(manager, rental(MARACANA, '2027-08-02 18:00', '2027-08-02 19:00'))).json();
    const noShow = await ctx.as(mod, { method: 'PUT', url: `/api/event/no_show/${a.ID}?no_show=1` });
    expect(noShow.json().no_show).toBe(true);
    const block = (await book(manager, rental(SAN_SIRO, '2027-08-02 18:00', '2027-08-02 19:00', { product_type_id: 13 }))).json();
    expect((await ctx.as(mod, { method: 'PUT', url: `/api/event/no_show/${block.ID}?no_show=1` })).statusCode).toBe(400);
    expect((await ctx.as(mod, { method: 'PUT', url: `/api/event/video/${a.ID}`, payload: { video_visible: true } })).json().video_visible).toBe(true);
    const coaches = (await ctx.as(mod, { method: 'GET', url: '/api/coaches' })).json() as Array<{ ID: number; first_name: string }>;
    expect(coaches.map((c) => c.first_name)).toContain('Carla');
    const set = await ctx.as(mod, { method: 'PUT', url: `/api/event/coach/${a.ID}?coach_id=${coaches[0].ID}` });
    expect(set.json().coach_id).toBe(coaches[0].ID);
    const [modUser] = await ctx.database.db.select().from(users).where(eq(users.email, 'mod@touchline.test'));
    expect((await ctx.as(mod, { method: 'PUT', url: `/api/event/coach/${a.ID}?coach_id=${modUser.ID}` })).statusCode).toBe(400);
    // The coach's schedule holds the event.
    const schedule = await ctx.as(coach, { method: 'GET', url: '/api/schedule' });
    expect(schedule.statusCode).toBe(200);
  });

  it('GET /video/event/{id}: 404 with a clear message until a recording is stored', async () => {
    const a = (await book(manager, rental(MARACANA, '2027-08-03 18:00', '2027-08-03 19:00'))).json();
    const none = await ctx.as(mod, { method: 'GET', url: `/api/video/event/${a.ID}` });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No video was recorded for this event');
    await ctx.database.db.update(events).set({ video_url: 'https://video.example/1.mp4' }).where(eq(events.ID, a.ID));
    expect((await ctx.as(mod, { method: 'GET', url: `/api/video/event/${a.ID}` })).json().url).toBe('https://video.example/1.mp4');
  });

  it('participants, health checks, pickup players with check-in, attendance', async () => {
    const a = (await book(manager, rental(MARACANA, '2027-08-04 18:00', '2027-08-04 19:00', { product_type_id: 5 }))).json();
    const c = await insertCustomer(ctx.database.db, { first_name: 'Pia', last_name: 'Player', waiver_signed: true });
    const { db } = ctx.database;
    const [player] = await db.insert(pickupPlayers).values({ event_id: a.ID, customer_id: c.ID, facility_id: 1, start_date: a.start_date, end_date: a.end_date }).returning();
    await db.insert(healthChecks).values({ event_id: a.ID, customer_id: c.ID, facility_id: 1 });
    const players = await ctx.as(mod, { method: 'GET', url: `/api/pickup/players/${a.ID}` });
    expect(players.json()).toEqual([expect.objectContaining({ ID: player.ID, first_name: 'Pia', checked_in: false })]);
    expect((await ctx.as(mod, { method: 'PUT', url: `/api/pickup/checkin/${player.ID}?present=1` })).json().checked_in).toBe(true);
    expect((await ctx.as(manager2, { method: 'PUT', url: `/api/pickup/checkin/${player.ID}?present=0` })).statusCode).toBe(404);
    expect((await ctx.as(mod, { method: 'GET', url: `/api/event/health/${a.ID}` })).json()).toEqual([expect.objectContaining({ first_name: 'Pia', email: c.email })]);
    const att = await ctx.as(coach, { method: 'POST', url: '/api/attendance', payload: { event_id: a.ID, customer_id: c.ID, attended: true } });
    expect(att.statusCode).toBe(200);
    await ctx.as(coach, { method: 'POST', url: '/api/attendance', payload: { event_id: a.ID, customer_id: c.ID, attended: false } });
    expect(await db.select().from(attendances).where(eq(attendances.event_id, a.ID))).toEqual([expect.objectContaining({ attended: false })]);
    const participants = await ctx.as(mod, { method: 'GET', url: `/api/event/participants/${a.ID}` });
    expect(participants.json()).toEqual([expect.objectContaining({ first_name: 'Pia', waiver_signed: true, attended: false })]);
  });

  it('POST /event/email/{id} mails the booking in the facility\'s zone with an .ics', async () => {
    const c = await insertCustomer(ctx.database.db, { first_name: 'Eve', email: 'eve@example.com' });
    const a = (await book(manager, rental(MARACANA, '2027-08-05 18:00', '2027-08-05 19:30', { customer_id: c.ID }))).json();
    const sentBefore = ctx.outbox.length;
    const res = await ctx.as(mod, { method: 'POST', url: `/api/event/email/${a.ID}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Email confirmation sent');
    const mail = ctx.outbox[sentBefore];
    expect(mail.to).toBe('eve@example.com');
    expect(mail.text).toContain('8/5/2027 18:00 – 19:30 (America/New_York)');
    expect(mail.attachments?.[0].content).toContain(`DTSTART:20270805T220000Z`);
    const none = (await book(manager, rental(MARACANA, '2027-08-06 18:00', '2027-08-06 19:00'))).json();
    expect((await ctx.as(mod, { method: 'POST', url: `/api/event/email/${none.ID}` })).statusCode).toBe(400);
  });
});

describe('league matches: colour, scores, the referee\'s schedule', () => {
  it('draws a match in its league colour, saves scores (PUT /match/score/{id}) and marks both scores with a check', async () => {
    const { db } = ctx.database;
    const start = Math.floor(Date.now() / 1000) + 2 * 86400;
    const [league] = await db.insert(leagues).values({ name: 'Test League', facility_id: 1, start_date: start, end_date: start + 60 * 86400, color: '#123456' }).returning();
    const [match] = await db.insert(matches).values({ league_id: league.ID, date: start }).returning();
    const [event] = await db.insert(events).values({ product_type_id: 3, field_id: SAN_SIRO, facility_id: 1, start_date: start, end_date: start + 3600, match_id: match.ID }).returning();
    const [referee] = await db.select().from(users).where(eq(users.email, 'referee@touchline.test'));
    await db.insert(refereeAssignments).values({ match_id: match.ID, referee_id: referee.ID });

    const read = async () => (await ctx.as(mod, { method: 'GET', url: `/api/event/${event.ID}` })).json();
    expect(await read()).toMatchObject({ color: '#123456', title: 'TBD vs TBD', mark: null, match: { league: { ID: league.ID } } });
    expect((await ctx.as(manager2, { method: 'PUT', url: `/api/match/score/${match.ID}`, payload: { home_score: 1, away_score: 0 } })).statusCode).toBe(404);
    expect((await ctx.as(mod, { method: 'PUT', url: `/api/match/score/${match.ID}`, payload: { home_score: -1, away_score: 0 } })).statusCode).toBe(400);
    expect((await ctx.as(mod, { method: 'PUT', url: `/api/match/score/${match.ID}`, payload: { home_score: 3, away_score: null } })).statusCode).toBe(200);
    expect((await read()).mark).toBe(null);
    await ctx.as(mod, { method: 'PUT', url: `/api/match/score/${match.ID}`, payload: { home_score: 3, away_score: 2 } });
    expect(await read()).toMatchObject({ mark: 'scored', match: { home_score: 3, away_score: 2 } });

    const referee_token = await ctx.login('referee@touchline.test');
    const schedule = await ctx.as(referee_token, { method: 'GET', url: '/api/schedule' });
    expect(schedule.json().map((e: { ID: number }) => e.ID)).toEqual([event.ID]);
    expect((await ctx.as(coach, { method: 'GET', url: '/api/schedule' })).json().map((e: { ID: number }) => e.ID)).not.toContain(event.ID);
  });
});

describe('GET /match/{id}: the rosters the League tab prints', () => {
  it('answers both teams\' players with membership, waiver and suspension on the match date, and their marks', async () => {
    const { db } = ctx.database;
    const date = ny('2027-04-20 19:00');
    const [league] = await db.insert(leagues).values({ name: 'Roster League', facility_id: 1, start_date: date - 86400, end_date: date + 60 * 86400 }).returning();
    const [lions, hawks] = await db.insert(teams).values([{ name: 'Lions', facility_id: 1 }, { name: 'Hawks', facility_id: 1 }]).returning();
    const ok = await insertCustomer(db, { first_name: 'Ada', last_name: 'Able', waiver_signed: true });
    const bare = await insertCustomer(db, { first_name: 'Ben', last_name: 'Bare' });
    const banned = await insertCustomer(db, { first_name: 'Cy', last_name: 'Carded', waiver_signed: true });
    await db.update(teams).set({ captain_id: ok.ID }).where(eq(teams.ID, lions.ID));
    await db.insert(players).values([
      { team_id: lions.ID, customer_id: ok.ID, registration_date: date - 86400 },
      { team_id: lions.ID, customer_id: bare.ID, registration_date: date - 86400 },
      { team_id: hawks.ID, customer_id: banned.ID, registration_date: date - 86400 },
    ]);
    await db.insert(memberships).values([
      { sub_customer_id: ok.ID, member_customer_id: ok.ID, valid_until: date + 86400 },
      // Expired before the match: no valid membership.
      { sub_customer_id: bare.ID, member_customer_id: bare.ID, valid_until: date - 86400 },
      { sub_customer_id: banned.ID, member_customer_id: banned.ID, valid_until: date + 86400 },
    ]);
    await db.insert(suspensions).values([
      { customer_id: banned.ID, from: date - 7 * 86400, until: date + 7 * 86400, foul: 'Red card' },
      // Over before the match: not suspended for it.
      { customer_id: ok.ID, from: date - 30 * 86400, until: date - 20 * 86400 },
    ]);
    const [match] = await db.insert(matches).values({ league_id: league.ID, date, home_team_id: lions.ID, away_team_id: hawks.ID }).returning();

    expect((await ctx.as(manager2, { method: 'GET', url: `/api/match/${match.ID}` })).statusCode).toBe(404);
    expect((await ctx.as(mod, { method: 'GET', url: '/api/match/987654' })).statusCode).toBe(404);
    const res = await ctx.as(mod, { method: 'GET', url: `/api/match/${match.ID}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.league).toMatchObject({ ID: league.ID, name: 'Roster League' });
    const marks = (team: { players: Array<{ first_name: string; marks: string[]; is_captain: boolean }> }) => team.players.map((p) => [p.first_name, p.marks.join(' '), p.is_captain]);
    expect(body.home_team.name).toBe('Lions');
    expect(marks(body.home_team)).toEqual([['Ada', '', true], ['Ben', 'xM xW', false]]);
    expect(marks(body.away_team)).toEqual([['Cy', '-SUS-', false]]);
    expect(body.away_team.players[0].suspension).toMatchObject({ foul: 'Red card' });
    expect(body.referee).toBeNull();
  });

  it('GET /event/{id} names the event\'s contract (the event page\'s banner)', async () => {
    const { db } = ctx.database;
    const [contract] = await db.insert(contracts).values({ name: 'Sunday league block', facility_id: 1, product_type_id: 2 }).returning();
    const [event] = await db.insert(events).values({ product_type_id: 2, field_id: SAN_SIRO, facility_id: 1, start_date: ny('2027-04-25 18:00'), end_date: ny('2027-04-25 19:00'), contract_id: contract.ID }).returning();
    expect((await ctx.as(mod, { method: 'GET', url: `/api/event/${event.ID}` })).json().contract).toEqual({ ID: contract.ID, name: 'Sunday league block' });
  });
});

describe('the product a booking takes (issue 22 item 1)', () => {
  const LA = 'America/Los_Angeles';
  const quote = (token: string, query: Record<string, number>) =>
    ctx.as(token, { method: 'GET', url: `/api/event/product?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` });

  it('an Adult Rental takes the type\'s product for the field\'s type, priced peak and off-peak like GET /product/prices, and invoices at that price', async () => {
    // Wednesday 17:30–19:00 in Brooklyn: 30 minutes off-peak at $120/h, 60 peak at $180/h.
    const booking = { product_type_id: 1, field_id: MARACANA, start: ny('2027-02-03 17:30'), end: ny('2027-02-03 19:00') };
    const res = await quote(mod, booking);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ priced: true, product: { new_product_id: 5, name: 'Adult Field Rental', price: 240, peak_minutes: 60, off_peak_minutes: 30 }, choices: [] });
    const { product_id, price } = res.json().product;
    const listed = await ctx.as(mod, { method: 'GET', url: `/api/product/prices/5?facility_id=1&booking_date=1&start=${booking.start}&end=${booking.end}&field_id=${MARACANA}` });
    expect(listed.json()).toMatchObject({ product_id, price });

    const customer = await insertCustomer(ctx.database.db, { first_name: 'Rita', last_name: 'Rental' });
    const created = await book(mod, rental(MARACANA, '2027-02-03 17:30', '2027-02-03 19:00', { customer_id: customer.ID }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ new_product_id: 5, product_id });
    const invoice = await ctx.as(manager, { method: 'POST', url: '/api/invoice', payload: {
      facility_id: 1, customer_id: customer.ID, product_type_id: 1,
      invoice_items: [{ event_id: created.json().ID, product_id, new_product_id: 5, price, quantity: 1 }],
    } });
    expect(invoice.statusCode).toBe(201);
    const [drawn] = (await ctx.as(mod, { method: 'GET', url: `/api/event?start=${booking.start}&end=${booking.end}` })).json()
      .filter((e: { ID: number }) => e.ID === created.json().ID);
    expect(drawn).toMatchObject({ mark: 'owed', invoice: { paid: 0 } });
    expect(drawn.invoice.amount).toBeGreaterThanOrEqual(240);
  });

  it('where no product fits (an Adult Rental on an outdoor field) it says so and offers the facility\'s products; a picked one is saved', async () => {
    const [outdoor] = await ctx.database.db.select().from(fields).where(eq(fields.new_field_type_id, 3)).limit(1);
    const la = (local: string) => dayjs.tz(local, LA).unix();
    const booking = { product_type_id: 1, field_id: outdoor.ID, start: la('2027-02-03 19:00'), end: la('2027-02-03 20:00') };
    const res = await quote(admin, booking);
    expect(res.json()).toMatchObject({ priced: true, product: null });
    const choices = res.json().choices as Array<{ product_id: number; new_product_id: number; product_type_id: number }>;
    expect(choices.map((c) => c.new_product_id)).toContain(9);
    // The type's own products first (none is sold for this field's type, but the user may still pick one).
    expect(choices.findIndex((c) => c.product_type_id === 1)).toBe(0);
    const payload = { field_id: outdoor.ID, product_type_id: 1, start_date: booking.start, end_date: booking.end };
    const plain = await book(admin, payload);
    expect(plain.json()).toMatchObject({ new_product_id: null, product_id: null });
    const picked = await book(admin, { ...payload, start_date: la('2027-02-04 19:00'), end_date: la('2027-02-04 20:00'), new_product_id: 9 });
    expect(picked.statusCode).toBe(201);
    expect(picked.json()).toMatchObject({ new_product_id: 9, product_id: choices.find((c) => c.new_product_id === 9)!.product_id });
    const unknown = await book(admin, { ...payload, start_date: la('2027-02-05 19:00'), end_date: la('2027-02-05 20:00'), new_product_id: 9999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('new_product_id: product 9999 is not sold at this facility');
  });

  it('a blocker takes no product; made an Adult Rental by an edit it takes one, and a series takes one per row', async () => {
    expect((await quote(manager, { product_type_id: 13, field_id: SAN_SIRO, start: ny('2027-02-08 18:00'), end: ny('2027-02-08 19:00') })).json())
      .toEqual({ priced: false, product: null, choices: [] });
    const block = await book(manager, rental(SAN_SIRO, '2027-02-08 18:00', '2027-02-08 19:00', { product_type_id: 13 }));
    expect(block.json()).toMatchObject({ new_product_id: null });
    const edited = await ctx.as(manager, { method: 'PUT', url: `/api/event/${block.json().ID}`, payload: { product_type_id: 1 } });
    expect(edited.json()).toMatchObject({ product_type_id: 1, new_product_id: 5 });
    const series = await ctx.as(manager, { method: 'POST', url: '/api/event/series', payload: {
      product_type_id: 1, events: [rental(SAN_SIRO, '2027-02-09 18:00', '2027-02-09 19:00'), rental(MARACANA, '2027-02-10 18:00', '2027-02-10 19:00')]
        .map(({ field_id, start_date, end_date }) => ({ field_id, start_date, end_date })),
    } });
    expect(series.statusCode).toBe(201);
    expect(series.json().events.map((e: { new_product_id: number }) => e.new_product_id)).toEqual([5, 5]);
    expect((await quote(coach, { product_type_id: 1, field_id: SAN_SIRO, start: ny('2027-02-08 18:00'), end: ny('2027-02-08 19:00') })).statusCode).toBe(403);
    expect((await quote(manager, { product_type_id: 1, field_id: SAN_SIRO, start: ny('2027-02-08 19:00'), end: ny('2027-02-08 18:00') })).statusCode).toBe(400);
  });
});

describeOnPostgres('no double booking by race', () => {
  /** The events the database holds on these fields overlapping the slot. */
  const heldIn = async (fieldIds: number[], slot: { start_date: number; end_date: number }) =>
    (await ctx.database.db.select({ ID: events.ID }).from(events)
      .where(and(inArray(events.field_id, fieldIds), lt(events.start_date, slot.end_date), gt(events.end_date, slot.start_date)))).map((e) => e.ID);

  it('50 concurrent POSTs for one slot: one 201 and 49 × 409 naming the event, one event held', async () => {
    const slot = rental(MARACANA, '2027-09-06 18:00', '2027-09-06 19:00');
    const results = await Promise.all(Array.from({ length: 50 }, () => book(manager, slot)));
    expect(statusCounts(results)).toEqual({ 201: 1, 409: 49 });
    const winner = results.find((r) => r.statusCode === 201)!.json().ID;
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().message.includes(`event ${winner} `))).toBe(true);
    expect(await heldIn([MARACANA], slot)).toEqual([winner]);
  });

  it('a full field and its half booked at once: one 201 and 19 × 409, one event held', async () => {
    const slot = rental(WEMBLEY, '2027-09-07 18:00', '2027-09-07 19:00');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      book(manager, rental(i % 2 ? WEMBLEY : wembleyA, '2027-09-07 18:00', '2027-09-07 19:00'))));
    expect(statusCounts(results)).toEqual({ 201: 1, 409: 19 });
    expect(await heldIn([WEMBLEY, wembleyA], slot)).toEqual([results.find((r) => r.statusCode === 201)!.json().ID]);
  });
});
