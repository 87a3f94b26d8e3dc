import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyRate } from '../../core/money';
import { nowSeconds } from '../../core/time';
import { ONE_PARTICIPANT, type TrialTarget } from '../../core/api/classes';
import { CLASS_MESSAGES } from '../../core/validation/classes';
import { attendees, changelog, classes, customers, events, facilities, families, invoiceItems, invoices, jobs, payments, trialAssistants, waitlists } from '../../server/db/schema';
import { WAITLIST_MAIL } from '../../server/domain/classes/promotionMail';
import { PRODUCT } from '../../server/db/seed/catalog';
import { createTestContext, type StaffTokens, type TestContext } from './harness';
import { classBody, createClass, DAY, family, MARACANA, registration, slot } from './support/classes';
import { insertCustomer } from './support/customers';

// Classes and camps (spec 3 §2.15–2.16, §4–§9, issue 26): the role table (admins create, admins and
// managers choose coaches, the office the rest), the facility wall, the spec's messages word for
// word, registrations with their invoices at the facility's tax and fee, the prorated price, the
// deletion windows, the waitlist and its promotions (invoice, changelog, e-mail), free trials, the
// class's events through the calendar's guard. Both databases; races in classes-races.test.ts.

let ctx: TestContext;
let t: StaffTokens;

beforeAll(async () => {
  ctx = await createTestContext();
  t = await ctx.signInStaff();
});
afterAll(async () => { await ctx?.close(); });

const page = async (id: number, token = t.admin) => {
  const res = await ctx.api(token, 'GET', `/class/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const register = (token: string, body: Record<string, unknown>) => ctx.api(token, 'POST', '/class/registration', body);
const addEvent = async (classId: number, weeksAhead: number, hour = 17) => {
  const res = await ctx.api(t.admin, 'POST', '/class/event', { class_id: classId, field_id: MARACANA, ...slot(weeksAhead, hour) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { ID: number; start_date: number };
};

describe('classes: the role table, the form and the facility wall', () => {
  it('lets admins alone create classes; every office role reads them; coaches and referees are refused', async () => {
    for (const who of ['manager', 'mod'] as const) expect((await ctx.api(t[who], 'POST', '/class', classBody())).statusCode).toBe(403);
    for (const who of ['coach', 'referee'] as const) expect((await ctx.api(t[who], 'GET', '/class')).statusCode).toBe(403);
    const created = await createClass(ctx, t.admin);
    const detail = await page(created.ID, t.mod);
    expect(detail).toMatchObject({ max_kids: 8, available_online: true, accepts_free_trial: false, class_type: 2, facility: { ID: 1 } });
    // A new class gets the spec's property keys, all empty.
    expect(detail.properties.map((p: { key: string }) => p.key)).toEqual(['Season Name', 'Division Name', 'Type', 'Category', 'Level', 'Gender', 'Age Category', 'Year', 'Season', 'Start Date', 'End Date']);
    expect(detail.properties.every((p: { value: string }) => p.value === '')).toBe(true);
  });

  it('checks the form: required fields, dates in order, a class product, an integer max_kids', async () => {
    const missing = await ctx.api(t.admin, 'POST', '/class', { ...classBody(), name: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(CLASS_MESSAGES.required);
    expect((await ctx.api(t.admin, 'POST', '/class', classBody({ end_date: 1 }))).json().message).toBe(CLASS_MESSAGES.datesOrder);
    expect((await ctx.api(t.admin, 'POST', '/class', classBody({ max_kids: 2.5 }))).statusCode).toBe(400);
    expect((await ctx.api(t.admin, 'POST', '/class', classBody({ new_product_id: PRODUCT.ADULT_LEAGUE }))).statusCode).toBe(400);
  });

  it('reads the class type from is_camp and the GL (141 is Lil\' Kickers, 140 a class unless a camp)', async () => {
    expect((await page((await createClass(ctx, t.admin, { new_product_id: PRODUCT.LIL_KICKERS })).ID)).class_type).toBe(3);
    expect((await page((await createClass(ctx, t.admin, { new_product_id: PRODUCT.CAMP, is_camp: true })).ID)).class_type).toBe(1);
    expect((await page((await createClass(ctx, t.admin, { new_product_id: PRODUCT.CAMP })).ID)).class_type).toBe(2);
  });

  it("walls another facility's class off (404) and pins non-admins' lists to their facility", async () => {
    const queens = await createClass(ctx, t.admin, { facility_id: 2, name: 'Queens Kickers' });
    expect((await ctx.api(t.manager, 'GET', `/class/${queens.ID}`)).statusCode).toBe(404);
    expect((await ctx.api(t.mod, 'PUT', `/class/${queens.ID}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await ctx.api(t.mod, 'DELETE', `/class/${queens.ID}`)).statusCode).toBe(404);
    expect((await ctx.api(t.manager2, 'GET', `/class/${queens.ID}`)).statusCode).toBe(200);
    const list = await ctx.api(t.manager, 'GET', '/class?facility_ids=2&limit=100');
    // Their own facility's classes, none of facility 2's.
    expect(list.json().classes.length).toBeGreaterThan(0);
    expect(list.json().classes.every((c: { facility_id: number }) => c.facility_id === 1)).toBe(true);
    const admins = await ctx.api(t.admin, 'GET', '/class?facility_ids=2&query=Queens');
    expect(admins.json().classes.map((c: { ID: number }) => c.ID)).toEqual([queens.ID]);
  });

  it('lists top-level classes with paging, dates, words, counts and money', async () => {
    const tag = `Zed${Date.now()}`;
    const season = await createClass(ctx, t.admin, { name: `${tag} Season`, is_container: true });
    const division = await createClass(ctx, t.admin, { name: `${tag} Division`, class_parent_id: season.ID });
    for (let i = 0; i < 2; i++) await createClass(ctx, t.admin, { name: `${tag} ${i}` });
    const { parent, child } = await family(ctx.database.db);
    expect((await register(t.mod, { ...registration(division.ID, child.ID), parent_id: parent.ID })).statusCode).toBe(201);
    const res = await ctx.api(t.mod, 'GET', `/class?query=${tag}&limit=2&offset=0`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.nb_classes).toBe(3);
    expect(body.participants).toBe(1);
    expect(body.classes).toHaveLength(2);
    const all = (await ctx.api(t.mod, `GET`, `/class?query=${tag}&limit=10`)).json().classes;
    const row = all.find((c: { ID: number }) => c.ID === season.ID);
    expect(row).toMatchObject({ participants: 1, is_container: true });
    expect(row.invoiced).toBeGreaterThan(240);
    expect(row.balance).toBe(row.invoiced);
    expect((await ctx.api(t.mod, 'GET', `/class?query=${tag}&container_only=true`)).json().nb_classes).toBe(1);
    // A range that ends before the classes start finds none; one that overlaps them finds them.
    const now = nowSeconds();
    expect((await ctx.api(t.mod, 'GET', `/class?query=${tag}&start=${now - 100 * DAY}&end=${now - 50 * DAY}`)).json().nb_classes).toBe(0);
    expect((await ctx.api(t.mod, 'GET', `/class?query=${tag}&start=${now}&end=${now + DAY}`)).json().nb_classes).toBe(3);
    expect((await ctx.api(t.mod, 'GET', '/class?limit=0')).statusCode).toBe(400);
  });

  it('deletes a class without participants with the spec\'s message; refuses a season with divisions or a class with participants', async () => {
    const season = await createClass(ctx, t.admin, { is_container: true });
    const division = await createClass(ctx, t.admin, { class_parent_id: season.ID });
    expect((await ctx.api(t.mod, 'DELETE', `/class/${season.ID}`)).json().message).toBe(CLASS_MESSAGES.hasDivisions);
    const { child } = await family(ctx.database.db);
    const reg = (await register(t.mod, registration(division.ID, child.ID))).json();
    const refused = await ctx.api(t.mod, 'DELETE', `/class/${division.ID}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CLASS_MESSAGES.hasAttendees);
    expect((await ctx.api(t.mod, 'DELETE', `/class/registration/${reg.ID}`)).statusCode).toBe(200);
    await addEvent(division.ID, 30);
    const deleted = await ctx.api(t.mod, 'DELETE', `/class/${division.ID}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe('Class deleted successfully');
    expect(await ctx.database.db.$count(events, eq(events.class_id, division.ID))).toBe(0);
    expect((await ctx.api(t.mod, 'DELETE', `/class/${season.ID}`)).statusCode).toBe(200);
  });

  it('updates the name alone, the fee product, and refuses max_kids below the participants', async () => {
    const cls = await createClass(ctx, t.admin, { max_kids: 1 });
    expect((await ctx.api(t.mod, 'PUT', `/class/${cls.ID}`, { name: 'Renamed' })).json()).toMatchObject({ name: 'Renamed', max_kids: 1 });
    const fee = await ctx.api(t.mod, 'PUT', `/class/${cls.ID}`, { new_product_id: PRODUCT.LIL_KICKERS });
    expect(fee.json().product_id).not.toBeNull();
    expect((await page(cls.ID)).class_type).toBe(3);
    const { child } = await family(ctx.database.db);
    await register(t.mod, registration(cls.ID, child.ID, 180));
    expect((await ctx.api(t.mod, 'PUT', `/class/${cls.ID}`, { max_kids: 0 })).statusCode).toBe(400);
    expect((await ctx.api(t.mod, 'PUT', `/class/${cls.ID}`, { name: 'Renamed again' })).json().max_kids).toBe(1);
    const season = await createClass(ctx, t.admin, { is_container: true });
    expect((await ctx.api(t.mod, 'PUT', `/class/${season.ID}`, { max_kids: 1 })).statusCode).toBe(200);
  });
});

describe('registrations and their invoices', () => {
  it('registers a child with an invoice at the price plus the facility\'s tax and fee, to the parent', async () => {
    const cls = await createClass(ctx, t.admin);
    const { parent, child } = await family(ctx.database.db);
    const res = await register(t.mod, { ...registration(cls.ID, child.ID, 199.99), attendee: { class_id: cls.ID, customer_id: child.ID, uniform_size: 'M' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ waitlisted: false, price: 199.99, class_id: cls.ID });
    const [bill] = await ctx.database.db.select().from(invoices).where(eq(invoices.ID, res.json().invoice_id));
    const [facility] = await ctx.database.db.select().from(facilities).where(eq(facilities.ID, 1));
    expect(bill).toMatchObject({ customer_id: parent.ID, class_id: cls.ID, product_type_id: 10, facility_id: 1 });
    expect(bill.invoiced).toBe(19999 + applyRate(19999, Number(facility.tax_rate)) + applyRate(19999, Number(facility.processing_fee)));
    const [line] = await ctx.database.db.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, bill.ID));
    expect(line).toMatchObject({ price: 19999, new_product_id: PRODUCT.YOUTH_CLASS, quantity: 1 });
    const detail = await page(cls.ID, t.mod);
    expect(detail.attendees[0]).toMatchObject({ uniform_size: 'M', parent: { ID: parent.ID }, customer: { ID: child.ID }, has_active_membership: false, invoice: { paid: 0 } });
    expect(detail.invoiced).toBe(detail.attendees[0].invoice.invoiced);
    // The same child twice: 409.
    expect((await register(t.mod, registration(cls.ID, child.ID))).statusCode).toBe(409);
  });

  it("says the spec's messages: a price above 0, a child with a parent on record, no season", async () => {
    const cls = await createClass(ctx, t.admin);
    const { child } = await family(ctx.database.db);
    for (const price of [0, -5, 'x', 1.234]) {
      const bad = await register(t.mod, registration(cls.ID, child.ID, price as number));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Please enter a valid price');
    }
    const orphan = await insertCustomer(ctx.database.db, { is_kid: true, email: 'nobody@example.com##1' });
    const noParent = await register(t.mod, registration(cls.ID, orphan.ID));
    expect(noParent.statusCode).toBe(400);
    expect(noParent.json().message).toBe('The selected child appears to have no parent on our records');
    // A family link whose parent's e-mail is not the child's before '#' is no parent either.
    const stranger = await insertCustomer(ctx.database.db);
    const { child: other } = await family(ctx.database.db);
    const season = await createClass(ctx, t.admin, { is_container: true });
    expect((await register(t.mod, { ...registration(cls.ID, other.ID), parent_id: stranger.ID })).statusCode).toBe(201);
    expect((await register(t.mod, registration(season.ID, child.ID))).json().message).toBe(CLASS_MESSAGES.season);
  });

  it('is idempotent: a repeat with the same key answers the first registration', async () => {
    const cls = await createClass(ctx, t.admin);
    const { child } = await family(ctx.database.db);
    const headers = { 'Idempotency-Key': `class-reg-${Date.now()}` };
    const first = await ctx.api(t.mod, 'POST', '/class/registration', registration(cls.ID, child.ID), headers);
    const again = await ctx.api(t.mod, 'POST', '/class/registration', registration(cls.ID, child.ID), headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await ctx.database.db.$count(invoices, eq(invoices.class_id, cls.ID))).toBe(1);
  });

  it('prorates: per-event price × events left, never above the base price; fixed when equal', async () => {
    const cls = await createClass(ctx, t.admin);
    // Youth Class Season at Brooklyn: $240 base, $30 an event, prorated.
    expect((await page(cls.ID)).price).toMatchObject({ price: 0, base: 240, per_event: 30, events_left: 0, fixed: false, prorate: true });
    for (let w = 0; w < 3; w++) await addEvent(cls.ID, 40 + w);
    expect((await page(cls.ID)).price).toMatchObject({ price: 90, events_left: 3, fixed: false });
    for (let w = 3; w < 10; w++) await addEvent(cls.ID, 40 + w);
    expect((await page(cls.ID)).price).toMatchObject({ price: 240, events_left: 10, fixed: true });
    // A camp (not prorated): its base price, fixed.
    const camp = await createClass(ctx, t.admin, { new_product_id: PRODUCT.CAMP, is_camp: true });
    expect((await page(camp.ID)).price).toMatchObject({ price: 300, fixed: true, prorate: false });
    // The class's own fee replaces the product's base price.
    const feeClass = await createClass(ctx, t.admin, { new_product_id: PRODUCT.CAMP, fee: 125.5 });
    expect((await page(feeClass.ID)).price.price).toBe(125.5);
  });

  it('counts the events left at the time of each request, not when the page\'s statement was prepared', async () => {
    const cls = await createClass(ctx, t.admin);
    const [soon, later] = [await addEvent(cls.ID, 80), await addEvent(cls.ID, 81)];
    const now = nowSeconds();
    await ctx.database.db.update(events).set({ start_date: now + 60, end_date: now + 3600 }).where(eq(events.ID, soon.ID));
    expect((await page(cls.ID)).price).toMatchObject({ events_left: 2, price: 60 });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Two minutes on, the first event has started: one left.
      vi.setSystemTime((now + 120) * 1000);
      expect((await page(cls.ID)).price).toMatchObject({ events_left: 1, price: 30 });
    } finally {
      vi.useRealTimers();
    }
    expect(later.start_date).toBeGreaterThan(now + 120);
  });

  it('deletes a registration only when nothing was paid; its untouched invoice goes with it', async () => {
    const cls = await createClass(ctx, t.admin);
    const a = await family(ctx.database.db);
    const b = await family(ctx.database.db);
    const free = (await register(t.mod, registration(cls.ID, a.child.ID))).json();
    const paid = (await register(t.mod, registration(cls.ID, b.child.ID))).json();
    await ctx.database.db.insert(payments).values({ invoice_id: paid.invoice_id, amount: 1000, type: 'cash' });
    const refused = await ctx.api(t.mod, 'DELETE', `/class/registration/${paid.ID}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CLASS_MESSAGES.paid);
    const done = await ctx.api(t.mod, 'DELETE', `/class/registration/${free.ID}`);
    expect(done.statusCode, done.body).toBe(200);
    expect(await ctx.database.db.$count(invoices, eq(invoices.ID, free.invoice_id))).toBe(0);
    expect(await ctx.database.db.$count(attendees, eq(attendees.class_id, cls.ID))).toBe(1);
  });

  it('changes the uniform size among XXS–XL', async () => {
    const cls = await createClass(ctx, t.admin);
    const { child } = await family(ctx.database.db);
    const reg = (await register(t.mod, registration(cls.ID, child.ID))).json();
    expect((await ctx.api(t.mod, 'PUT', `/attendee/${reg.ID}`, { uniform_size: 'XXS' })).json().uniform_size).toBe('XXS');
    expect((await ctx.api(t.mod, 'PUT', `/attendee/${reg.ID}`, { uniform_size: 'XXL' })).statusCode).toBe(400);
  });

  it('moves a participant to another class; a price higher by more than $10 updates the invoice', async () => {
    const cheap = await createClass(ctx, t.admin, { new_product_id: PRODUCT.CAMP, fee: 100 });
    const near = await createClass(ctx, t.admin, { new_product_id: PRODUCT.CAMP, fee: 109 });
    const dear = await createClass(ctx, t.admin, { new_product_id: PRODUCT.CAMP, fee: 150 });
    const full = await createClass(ctx, t.admin, { max_kids: 1 });
    const other = await family(ctx.database.db);
    await register(t.mod, registration(full.ID, other.child.ID));
    const { child } = await family(ctx.database.db);
    const reg = (await register(t.mod, registration(cheap.ID, child.ID, 100))).json();
    const move = (from: number, to: number) => ctx.api(t.mod, 'PUT', `/class/registration/${reg.ID}?new_class_id=${to}&old_class_id=${from}`);
    const line = async () => (await ctx.database.db.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, reg.invoice_id)))[0];
    expect((await move(cheap.ID, full.ID)).json().message).toBe(CLASS_MESSAGES.full);
    expect((await move(cheap.ID, near.ID)).statusCode).toBe(200);
    expect((await line()).price).toBe(10000);
    const moved = await move(near.ID, dear.ID);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().class_id).toBe(dear.ID);
    expect((await line()).price).toBe(15000);
    const [bill] = await ctx.database.db.select().from(invoices).where(eq(invoices.ID, reg.invoice_id));
    expect(bill.class_id).toBe(dear.ID);
    // Another facility's class is not a target.
    const queens = await createClass(ctx, t.admin, { facility_id: 2 });
    const foreign = await ctx.api(t.admin, 'PUT', `/class/registration/${reg.ID}?new_class_id=${queens.ID}&old_class_id=${dear.ID}`);
    expect(foreign.json().message).toBe(CLASS_MESSAGES.otherFacility);
    expect((await ctx.api(t.mod, 'PUT', `/class/registration/${reg.ID}?new_class_id=${queens.ID}&old_class_id=${dear.ID}`)).statusCode).toBe(404);
  });
});

describe('Add Participant with a new family (issue 41 item 7)', () => {
  const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const newFamily = (tag: string) => ({
    customer: { first_name: 'Nia', last_name: `Orphan${tag}`, is_kid: true, gender: 'Girl', birthdate: Date.UTC(2019, 4, 1) / 1000 },
    parent: { first_name: 'Omar', last_name: `Orphan${tag}`, email: `omar.${tag}@example.com`, phone: '2125550123' },
  });
  const named = (tag: string) => ctx.database.db.$count(customers, eq(customers.last_name, `Orphan${tag}`));

  it('creates the parent, the child and their link with the registration, in one transaction', async () => {
    const cls = await createClass(ctx, t.admin, { name: 'New Family Class' });
    const tag = stamp();
    const res = await register(t.mod, { price: 240, attendee: { class_id: cls.ID }, new_participant: newFamily(tag) });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer).toMatchObject({ class_id: cls.ID, waitlisted: false });
    const [child] = await ctx.database.db.select().from(customers).where(eq(customers.ID, answer.customer_id));
    const [parent] = await ctx.database.db.select().from(customers).where(eq(customers.email, `omar.${tag}@example.com`));
    expect(child).toMatchObject({ is_kid: true, facility_id: 1, email: `omar.${tag}@example.com##${child.ID}`, parent_email: parent.email });
    expect(await ctx.database.db.$count(families, and(eq(families.parent_id, parent.ID), eq(families.child_id, child.ID)))).toBe(1);
    const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.ID, answer.invoice_id));
    expect(invoice.customer_id).toBe(parent.ID);
  });

  it('leaves no customer behind when the registration is refused (a full class, a bad price), and creates them with the waitlist entry', async () => {
    const cls = await createClass(ctx, t.admin, { max_kids: 1, name: 'Full Family Class' });
    const taken = await family(ctx.database.db);
    expect((await register(t.mod, registration(cls.ID, taken.child.ID))).statusCode).toBe(201);
    const tag = stamp();
    const full = await register(t.mod, { price: 240, attendee: { class_id: cls.ID }, new_participant: newFamily(tag) });
    expect([full.statusCode, full.json().message]).toEqual([409, CLASS_MESSAGES.full]);
    expect(await named(tag)).toBe(0);
    const badPrice = await register(t.mod, { price: 0, attendee: { class_id: cls.ID }, new_participant: newFamily(tag) });
    expect(badPrice.statusCode).toBe(400);
    expect(await named(tag)).toBe(0);
    const waiting = await register(t.mod, { price: 240, attendee: { class_id: cls.ID }, new_participant: newFamily(tag), waitlist: true });
    expect(waiting.statusCode, waiting.body).toBe(201);
    expect(waiting.json()).toMatchObject({ waitlisted: true, invoice_id: null });
    expect(await named(tag)).toBe(2);
  });

  it('takes an existing parent for a new child, and refuses a participant named twice or not at all', async () => {
    const cls = await createClass(ctx, t.admin, { name: 'Known Parent Class' });
    const { parent } = await family(ctx.database.db);
    const tag = stamp();
    const { customer } = newFamily(tag);
    const res = await register(t.mod, { price: 240, parent_id: parent.ID, attendee: { class_id: cls.ID }, new_participant: { customer } });
    expect(res.statusCode, res.body).toBe(201);
    expect(await ctx.database.db.$count(families, and(eq(families.parent_id, parent.ID), eq(families.child_id, res.json().customer_id)))).toBe(1);
    for (const body of [{ price: 240, attendee: { class_id: cls.ID } }, { price: 240, attendee: { class_id: cls.ID, customer_id: parent.ID }, new_participant: { customer } }]) {
      const refused = await register(t.mod, body);
      expect([refused.statusCode, refused.json().message]).toEqual([400, ONE_PARTICIPANT]);
    }
    expect(await named(tag)).toBe(1);
  });
});

describe('the waitlist', () => {
  it('refuses a full class (409) unless waitlist: true, then promotes the oldest entry when a place frees', async () => {
    const cls = await createClass(ctx, t.admin, { max_kids: 1, name: 'Tiny Class', fee: 150 });
    const first = await family(ctx.database.db);
    const second = await family(ctx.database.db);
    const third = await family(ctx.database.db);
    const taken = (await register(t.mod, registration(cls.ID, first.child.ID))).json();
    const full = await register(t.mod, registration(cls.ID, second.child.ID));
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(CLASS_MESSAGES.full);
    const waiting = await register(t.mod, registration(cls.ID, second.child.ID, 240, { waitlist: true }));
    expect(waiting.statusCode, waiting.body).toBe(201);
    expect(waiting.json()).toMatchObject({ waitlisted: true, invoice_id: null });
    await register(t.mod, registration(cls.ID, third.child.ID, 240, { waitlist: true }));
    expect((await page(cls.ID)).waitlists.map((w: { customer_id: number }) => w.customer_id)).toEqual([second.child.ID, third.child.ID]);

    // Events to come, so that the promotion's price (prorated by the events left) is not nothing.
    const soon = Math.floor(Date.now() / 1000) + 7 * 86_400;
    await ctx.database.db.insert(events).values(Array.from({ length: 8 }, (_, week) => ({
      field_id: MARACANA, product_type_id: 10, start_date: soon + week * 7 * 86_400, end_date: soon + week * 7 * 86_400 + 3600, facility_id: 1, class_id: cls.ID,
    })));
    ctx.outbox.length = 0;
    expect((await ctx.api(t.mod, 'DELETE', `/class/registration/${taken.ID}`)).statusCode).toBe(200);
    const after = await page(cls.ID);
    expect(after.attendees.map((a: { customer_id: number }) => a.customer_id)).toEqual([second.child.ID]);
    expect(after.waitlists.map((w: { customer_id: number }) => w.customer_id)).toEqual([third.child.ID]);
    expect(after.attendees[0].invoice).not.toBeNull();
    expect(after.promotions[0]).toMatchObject({ customer_id: second.child.ID, invoice_id: after.attendees[0].invoice.ID });
    // The parent's e-mail is a durable job of the promotion (domain/classes/promotionMail.ts), sent by the worker.
    await expect.poll(() => ctx.outbox.map((m) => m.to)).toEqual([second.parent.email]);
    const [job] = (await ctx.database.db.select().from(jobs).where(eq(jobs.kind, WAITLIST_MAIL))).filter((j) => (j.payload as { to: string }).to === second.parent.email.split('#')[0]);
    expect(job).toMatchObject({ attempts: 1, failed_at: null });
    await expect.poll(async () => (await ctx.database.db.select().from(jobs).where(eq(jobs.ID, job.ID)))[0].done_at).not.toBeNull();
    expect(ctx.outbox[0].subject).toContain('Tiny Class');
    // The mail says the amount due, tax and fees included, and links the invoice's page to view and pay it (issue 41 m22).
    const invoiceId = after.attendees[0].invoice.ID;
    const invoice = (await ctx.api(t.admin, 'GET', `/invoice/${invoiceId}`)).json();
    expect(invoice.balance).toBeGreaterThan(invoice.invoice_items[0].price);
    const due = `$${invoice.balance.toFixed(2)}`;
    expect(ctx.outbox[0].text).toContain(`Invoice ${invoiceId} was issued: ${due} is due, tax and fees included.`);
    const link = /View and pay the invoice: (\S+)/.exec(ctx.outbox[0].text)![1];
    expect(ctx.outbox[0].html).toContain(`<a href="${link}">View and pay invoice ${invoiceId}</a>`);
    const ref = new URL(link).searchParams.get('ref')!;
    expect(new URL(link).pathname).toBe('/public/invoice');
    const shown = await ctx.app.inject({ method: 'GET', url: `/api/public/invoice/${encodeURIComponent(ref)}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ ID: invoiceId, balance: invoice.balance });
    expect(await ctx.database.db.$count(changelog, and(eq(changelog.object_type, 'class'), eq(changelog.object_id, cls.ID), eq(changelog.action, 'waitlist_promote')))).toBe(1);
  });

  it('promotes as many entries as max_kids rises, in order', async () => {
    const cls = await createClass(ctx, t.admin, { max_kids: 1 });
    const kids = [];
    for (let i = 0; i < 4; i++) kids.push(await family(ctx.database.db));
    await register(t.mod, registration(cls.ID, kids[0].child.ID));
    for (const k of kids.slice(1)) await register(t.mod, registration(cls.ID, k.child.ID, 240, { waitlist: true }));
    expect((await ctx.api(t.mod, 'PUT', `/class/${cls.ID}`, { max_kids: 3 })).statusCode).toBe(200);
    const after = await page(cls.ID);
    expect(after.attendees.map((a: { customer_id: number }) => a.customer_id)).toEqual(kids.slice(0, 3).map((k) => k.child.ID));
    expect(after.waitlists).toHaveLength(1);
    expect((await ctx.api(t.mod, 'PUT', `/class/${cls.ID}`, { max_kids: 2 })).json().message).toBe(CLASS_MESSAGES.maxBelowAttendees);
  });

  it('converts an entry by hand when a place is free, and deletes one', async () => {
    const cls = await createClass(ctx, t.admin, { max_kids: 1 });
    const a = await family(ctx.database.db);
    const b = await family(ctx.database.db);
    const c = await family(ctx.database.db);
    await register(t.mod, registration(cls.ID, a.child.ID));
    const wb = (await register(t.mod, registration(cls.ID, b.child.ID, 240, { waitlist: true }))).json();
    const wc = (await register(t.mod, registration(cls.ID, c.child.ID, 240, { waitlist: true }))).json();
    const refused = await ctx.api(t.mod, 'PUT', `/waitlist/${wb.ID}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CLASS_MESSAGES.fullConvert);
    expect((await ctx.api(t.mod, 'DELETE', `/waitlist/${wc.ID}`)).statusCode).toBe(200);
    expect(await ctx.database.db.$count(waitlists, eq(waitlists.class_id, cls.ID))).toBe(1);
    // Room by hand: the size rises by one, which promotes b at once; nothing is left to convert.
    await ctx.api(t.mod, 'PUT', `/class/${cls.ID}`, { max_kids: 2 });
    expect((await ctx.api(t.mod, 'PUT', `/waitlist/${wb.ID}`)).statusCode).toBe(404);
    const d = await family(ctx.database.db);
    const wd = (await register(t.mod, registration(cls.ID, d.child.ID, 240, { waitlist: true }))).json();
    await ctx.database.db.delete(attendees).where(eq(attendees.customer_id, a.child.ID));
    const converted = await ctx.api(t.mod, 'PUT', `/waitlist/${wd.ID}`);
    expect(converted.statusCode, converted.body).toBe(200);
    expect(converted.json()).toMatchObject({ waitlisted: false, customer_id: d.child.ID });
    expect(converted.json().invoice_id).toBeGreaterThan(0);
  });
});

describe('free trials on the class page', () => {
  it('deletes a trial of the last 3 weeks only, and moves one to an upcoming event of a class accepting trials', async () => {
    const cls = await createClass(ctx, t.admin, { accepts_free_trial: true });
    const closed = await createClass(ctx, t.admin);
    const upcoming = await addEvent(cls.ID, 60);
    const later = await addEvent(cls.ID, 61);
    const elsewhere = await addEvent(closed.ID, 62);
    const { parent, child } = await family(ctx.database.db);
    const trial = await ctx.api(t.mod, 'POST', '/class/trial', { class_id: cls.ID, event_id: upcoming.ID, customer_id: child.ID });
    expect(trial.statusCode, trial.body).toBe(201);
    const id = trial.json().ID;
    expect((await page(cls.ID)).events.find((e: { ID: number }) => e.ID === upcoming.ID).assistents[0]).toMatchObject({ ID: id, parent: { ID: parent.ID } });

    const noTrials = await ctx.api(t.mod, 'PUT', `/assistant/${id}`, { class_id: closed.ID, event_id: elsewhere.ID });
    expect(noTrials.json().message).toBe(CLASS_MESSAGES.noTrials);
    const moved = await ctx.api(t.mod, 'PUT', `/assistant/${id}`, { class_id: cls.ID, event_id: later.ID });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().event_id).toBe(later.ID);

    // A trial whose event started more than 3 weeks ago is history.
    const old = nowSeconds() - 22 * DAY;
    const [past] = await ctx.database.db.insert(events).values({ field_id: MARACANA, product_type_id: 10, start_date: old, end_date: old + 3600, facility_id: 1, class_id: cls.ID }).returning();
    const [oldTrial] = await ctx.database.db.insert(trialAssistants).values({ class_id: cls.ID, event_id: past.ID, customer_id: child.ID, parent_id: parent.ID }).returning();
    const refused = await ctx.api(t.mod, 'DELETE', `/assistant/${oldTrial.ID}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CLASS_MESSAGES.trialTooOld);
    expect((await ctx.api(t.mod, 'PUT', `/assistant/${id}`, { class_id: cls.ID, event_id: past.ID })).json().message).toBe(CLASS_MESSAGES.trialNotFuture);
    expect((await ctx.api(t.mod, 'DELETE', `/assistant/${id}`)).statusCode).toBe(200);
    // Converting a trial is a registration; the trial stays for the trials report.
    expect((await register(t.mod, registration(cls.ID, child.ID, 50))).statusCode).toBe(201);
    expect(await ctx.database.db.$count(trialAssistants, eq(trialAssistants.ID, oldTrial.ID))).toBe(1);
  });
});

describe('where a free trial may move (M3 of issue 41)', () => {
  it('offers the trial\'s own class and division first, with their upcoming dates, as the division accepts trials though its season does not', async () => {
    // The demo's shape: the season does not accept free trials, its divisions do.
    const season = await createClass(ctx, t.admin, { is_container: true, name: 'Fall Youth Classes', accepts_free_trial: false });
    const u6 = await createClass(ctx, t.admin, { class_parent_id: season.ID, name: 'Fall Youth Classes U6', accepts_free_trial: true });
    const u8 = await createClass(ctx, t.admin, { class_parent_id: season.ID, name: 'Fall Youth Classes U8', accepts_free_trial: false });
    const walk = await createClass(ctx, t.admin, { name: 'Walk Tuesday Juniors', accepts_free_trial: true });
    const [first, second, third] = [await addEvent(u6.ID, 63), await addEvent(u6.ID, 64), await addEvent(u6.ID, 65)];
    const other = await addEvent(u8.ID, 66);
    const tuesday = await addEvent(walk.ID, 67);
    const old = nowSeconds() - 2 * DAY;
    await ctx.database.db.insert(events).values({ field_id: MARACANA, product_type_id: 10, start_date: old, end_date: old + 3600, facility_id: 1, class_id: u6.ID });
    const { child } = await family(ctx.database.db);
    const trial = await ctx.api(t.mod, 'POST', '/class/trial', { class_id: u6.ID, event_id: first.ID, customer_id: child.ID });
    expect(trial.statusCode, trial.body).toBe(201);
    const id = trial.json().ID as number;

    const res = await ctx.api(t.mod, 'GET', `/assistant/${id}/targets`);
    expect(res.statusCode, res.body).toBe(200);
    const targets = res.json() as TrialTarget[];
    expect(targets.length).toBeGreaterThanOrEqual(2);
    // Its own season first, with the division that takes trials (not U8), and that division's dates to come (not the past one).
    expect(targets[0]).toEqual({
      ID: season.ID, name: 'Fall Youth Classes', is_container: true,
      divisions: [{ ID: u6.ID, name: 'Fall Youth Classes U6', events: [first, second, third].map((e) => ({ ID: e.ID, start_date: e.start_date, end_date: e.start_date + 3600 })) }],
    });
    const standalone = targets.find((c) => c.ID === walk.ID)!;
    expect(standalone).toEqual({ ID: walk.ID, name: 'Walk Tuesday Juniors', is_container: false, divisions: [{ ID: walk.ID, name: 'Walk Tuesday Juniors', events: [expect.objectContaining({ ID: tuesday.ID })] }] });
    expect(targets.flatMap((c) => c.divisions.map((d) => d.ID))).not.toContain(u8.ID);

    // The dialog's move: to a later date of its own division; to U8 it is refused.
    const moved = await ctx.api(t.mod, 'PUT', `/assistant/${id}`, { class_id: u6.ID, event_id: third.ID });
    expect([moved.statusCode, moved.json().event_id]).toEqual([200, third.ID]);
    expect((await ctx.api(t.mod, 'PUT', `/assistant/${id}`, { class_id: u8.ID, event_id: other.ID })).json().message).toBe(CLASS_MESSAGES.noTrials);
    // Another facility's staff do not see it; a coach may not ask.
    expect((await ctx.api(t.manager2, 'GET', `/assistant/${id}/targets`)).statusCode).toBe(404);
    expect((await ctx.api(t.mod, 'GET', '/assistant/999999/targets')).statusCode).toBe(404);
    expect((await ctx.api(t.coach, 'GET', `/assistant/${id}/targets`)).statusCode).toBe(403);
  });

  it('keeps the trial\'s own class on offer even when neither it nor its season accepts trials any more', async () => {
    const cls = await createClass(ctx, t.admin, { accepts_free_trial: true, name: 'Closing Class' });
    const [now1, later] = [await addEvent(cls.ID, 68), await addEvent(cls.ID, 69)];
    const { child } = await family(ctx.database.db);
    const id = (await ctx.api(t.mod, 'POST', '/class/trial', { class_id: cls.ID, event_id: now1.ID, customer_id: child.ID })).json().ID as number;
    expect((await ctx.api(t.admin, 'PUT', `/class/${cls.ID}`, { accepts_free_trial: false })).statusCode).toBe(200);
    const targets = (await ctx.api(t.mod, 'GET', `/assistant/${id}/targets`)).json() as TrialTarget[];
    expect(targets[0]).toMatchObject({ ID: cls.ID, divisions: [{ ID: cls.ID, events: [{ ID: now1.ID }, { ID: later.ID }] }] });
    expect((await ctx.api(t.mod, 'PUT', `/assistant/${id}`, { class_id: cls.ID, event_id: later.ID })).statusCode).toBe(200);
  });
});

describe("the class's events and coaches", () => {
  it('books events through the calendar guard: a conflict answers 409, keep books it anyway; edits and deletes', async () => {
    const cls = await createClass(ctx, t.admin);
    const first = await addEvent(cls.ID, 70);
    const clash = { class_id: cls.ID, field_id: MARACANA, ...slot(70) };
    const refused = await ctx.api(t.mod, 'POST', '/class/event', clash);
    expect(refused.statusCode).toBe(409);
    const kept = await ctx.api(t.mod, 'POST', '/class/event/keep', clash);
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json()).toMatchObject({ keep: true, quota: 8 });
    const queensField = await ctx.api(t.admin, 'POST', '/class/event', { ...clash, field_id: 5 });
    expect(queensField.json().message).toBe(CLASS_MESSAGES.fieldFacility);
    const moved = await ctx.api(t.mod, 'PUT', `/class/event/${first.ID}`, { ...slot(71), comment: 'Moved', quota: 6 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ comment: 'Moved', quota: 6, start_date: slot(71).start_date });
    expect((await ctx.api(t.mod, 'PUT', `/class/event/${first.ID}`, slot(70))).statusCode).toBe(409);
    expect((await ctx.api(t.mod, 'DELETE', `/class/event/${kept.json().ID}`)).statusCode).toBe(200);
    expect((await page(cls.ID)).events.map((e: { ID: number }) => e.ID)).toEqual([first.ID]);
  });

  it('lets admins and managers choose at most 2 coaches of the facility; a coach sees the events on /schedule', async () => {
    const cls = await createClass(ctx, t.admin);
    const event = await addEvent(cls.ID, 1, 20);
    const options = (await ctx.api(t.mod, 'GET', '/facility/1/coaches')).json();
    const coachId = options[0].id;
    expect(options[0]).toMatchObject({ name: 'Carla Coach', title: 'Coach' });
    expect((await ctx.api(t.mod, 'GET', '/facility/2/coaches')).statusCode).toBe(404);
    expect((await ctx.api(t.mod, 'PUT', '/class/coaches', { class_id: cls.ID, coaches: [coachId] })).statusCode).toBe(403);
    expect((await ctx.api(t.manager, 'PUT', '/class/coaches', { class_id: cls.ID, coaches: [coachId, 1, 2] })).json().message).toBe(CLASS_MESSAGES.tooManyCoaches);
    expect((await ctx.api(t.manager, 'PUT', '/class/coaches', { class_id: cls.ID, coaches: [1] })).json().message).toBe(CLASS_MESSAGES.notCoach);
    const saved = await ctx.api(t.manager, 'PUT', '/class/coaches', { class_id: cls.ID, coaches: [coachId] });
    expect(saved.json()).toEqual([{ worker_id: coachId, position: 0, name: 'Carla Coach' }]);
    const schedule = await ctx.api(t.coach, 'GET', '/schedule');
    expect(schedule.json().map((e: { ID: number }) => e.ID)).toContain(event.ID);
  });
});

describe('a season and its divisions', () => {
  it("shows a season's divisions and the union of their attendees and money", async () => {
    const season = await createClass(ctx, t.admin, { is_container: true, name: 'Spring Season' });
    const a = await createClass(ctx, t.admin, { class_parent_id: season.ID, name: 'Spring U6' });
    const b = await createClass(ctx, t.admin, { class_parent_id: season.ID, name: 'Spring U8' });
    const queens = await createClass(ctx, t.admin, { facility_id: 2, is_container: true });
    expect((await ctx.api(t.admin, 'POST', '/class', classBody({ class_parent_id: queens.ID }))).statusCode).toBe(400);
    for (const [cls, n] of [[a, 2], [b, 1]] as const) {
      for (let i = 0; i < n; i++) await register(t.mod, registration(cls.ID, (await family(ctx.database.db)).child.ID));
    }
    const detail = await page(season.ID);
    expect(detail.divisions.map((d: { name: string; attendees: number }) => [d.name, d.attendees])).toEqual([['Spring U6', 2], ['Spring U8', 1]]);
    expect(detail.attendees).toHaveLength(3);
    expect(detail.participants).toBe(3);
    expect((await page(a.ID)).class_parent).toEqual({ ID: season.ID, name: 'Spring Season' });
    const active = (await ctx.api(t.mod, 'GET', '/class/active?container_only=true')).json();
    expect(active.find((s: { ID: number }) => s.ID === season.ID).divisions.map((d: { attendees: number }) => d.attendees)).toEqual([2, 1]);
  });

  it('reads a class page in the same few statements whatever it holds (issue 42: no query per list under load)', async () => {
    // Every statement of the app goes through its driver's query (PGlite's client, node-postgres' pool).
    const client = (ctx.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const statements = async (id: number) => {
      const spy = vi.spyOn(client, 'query');
      try {
        await page(id);
        // Not the session's check and touch, nor the job runner's polls on the same pool.
        return spy.mock.calls.map(([q]) => String((q as { text?: string }).text ?? q)).filter((text) => !/"(sessions|jobs)"/.test(text)).length;
      } finally {
        spy.mockRestore();
      }
    };
    const empty = await createClass(ctx, t.admin, { name: 'Quiet Class' });
    const busy = await createClass(ctx, t.admin, { name: 'Busy Class', max_kids: 3 });
    for (let i = 0; i < 3; i++) await register(t.mod, registration(busy.ID, (await family(ctx.database.db)).child.ID));
    await register(t.mod, { ...registration(busy.ID, (await family(ctx.database.db)).child.ID), waitlist: true });
    const detail = await page(busy.ID);
    expect([detail.attendees.length, detail.waitlists.length]).toEqual([3, 1]);
    const [quiet, full] = [await statements(empty.ID), await statements(busy.ID)];
    expect(full).toBe(quiet);
    // The class's row (the facility wall) and the page's one statement.
    expect(full).toBe(2);
  });
});

describe("the classes' kept attendee counts (migration 0024)", () => {
  it('equal each class its attendees after every registration, move, deletion and promotion of this file, and total the list', async () => {
    const { db } = ctx.database;
    const counts = await db.select({ ID: classes.ID, kept: classes.attendee_count, real: sql<number>`(select count(*)::int from attendees a where a.class_id = classes.id)` }).from(classes);
    expect(counts.filter((c) => c.kept > 0).length).toBeGreaterThan(5);
    expect(counts.filter((c) => c.kept !== c.real)).toEqual([]);
    const list = (await ctx.api(t.admin, 'GET', '/class?limit=100')).json();
    const all = await db.select({ n: sql<number>`count(*)::int` }).from(attendees);
    expect(list.participants).toBe(all[0].n);
  });
});
