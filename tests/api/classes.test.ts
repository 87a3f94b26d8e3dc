import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRate } from '../../core/money';
import { nowSeconds } from '../../core/time';
import { CLASS_MESSAGES } from '../../core/validation/classes';
import { attendees, changelog, classes, events, facilities, invoiceItems, invoices, jobs, payments, trialAssistants, waitlists } from '../../server/db/schema';
import { WAITLIST_MAIL } from '../../server/routes/classes/promotionMail';
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

describe('the waitlist', () => {
  it('refuses a full class (409) unless waitlist: true, then promotes the oldest entry when a place frees', async () => {
    const cls = await createClass(ctx, t.admin, { max_kids: 1, name: 'Tiny Class' });
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

    ctx.outbox.length = 0;
    expect((await ctx.api(t.mod, 'DELETE', `/class/registration/${taken.ID}`)).statusCode).toBe(200);
    const after = await page(cls.ID);
    expect(after.attendees.map((a: { customer_id: number }) => a.customer_id)).toEqual([second.child.ID]);
    expect(after.waitlists.map((w: { customer_id: number }) => w.customer_id)).toEqual([third.child.ID]);
    expect(after.attendees[0].invoice).not.toBeNull();
    expect(after.promotions[0]).toMatchObject({ customer_id: second.child.ID, invoice_id: after.attendees[0].invoice.ID });
    // The parent's e-mail is a durable job of the promotion (routes/classes/promotionMail.ts), sent by the worker.
    await expect.poll(() => ctx.outbox.map((m) => m.to)).toEqual([second.parent.email]);
    const [job] = (await ctx.database.db.select().from(jobs).where(eq(jobs.kind, WAITLIST_MAIL))).filter((j) => (j.payload as { to: string }).to === second.parent.email.split('#')[0]);
    expect(job).toMatchObject({ attempts: 1, failed_at: null });
    await expect.poll(async () => (await ctx.database.db.select().from(jobs).where(eq(jobs.ID, job.ID)))[0].done_at).not.toBeNull();
    expect(ctx.outbox[0].subject).toContain('Tiny Class');
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
