import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFERING_MESSAGES } from '../../core/api/portalOfferings';
import { simulatorToken } from '../../core/square';
import { nowSeconds } from '../../core/time';
import { ELIGIBILITY_REASONS } from '../../core/validation/offeringEligibility';
import { attendees, invoiceItems, invoices, payments, portalHolds, waitlists } from '../../server/db/schema';
import { PRODUCT } from '../../server/db/seed/catalog';
import { createTestContext, type TestContext } from './harness';
import { createClass, DAY } from './support/classes';
import { insertCustomer } from './support/customers';
import { portal, signedInFamily, type PortalFamily } from './support/portal';
import { expireNow } from './support/portalHolds';

// Online registration (issue 44 items 1–3, 5): offerings, holds (10 minutes, extended once), checkout
// (registrations, one invoice, the card), the waitlist and its offers, and the job that releases an
// expired hold. On both databases.

let ctx: TestContext;
let admin: string;
let family: PortalFamily;
const VISA = simulatorToken('4111 1111 1111 1111');
const DECLINED = simulatorToken('4000 0000 0000 0002');
let serial = 0;
const key = () => `holds-test-${++serial}-${Date.now()}`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@touchline.test');
  family = await signedInFamily(ctx, admin);
});
afterAll(async () => { await ctx?.close(); });

/** A camp-priced (not prorated) class for kids at Brooklyn. */
const onlineClass = (overrides: Record<string, unknown> = {}) => createClass(ctx, admin, { name: `Youth Skills ${++serial}`, new_product_id: PRODUCT.CAMP, max_kids: 3, ...overrides });
const hold = (token: string, id: number, participant_ids: number[], type = 'class') => portal(ctx, token, 'POST', '/holds', { offering: { type, id }, participant_ids });
const offerings = async (token = family.token) => (await portal(ctx, token, 'GET', '/offerings?facility_id=1')).json() as Array<Record<string, any>>;
const offeringOf = async (id: number, type = 'class') => (await offerings()).find((o) => o.ID === id && o.type === type)!;

describe('offerings', () => {
  it('lists the online classes with their price, seats left, waitlist and each member\'s eligibility', async () => {
    const cls = await onlineClass({ max_kids: 5 });
    const adults = await onlineClass({ name: 'Adult Pickup Skills', max_kids: 5 });
    const hidden = await onlineClass({ available_online: false });
    const closed = await onlineClass({ registration_end_date: nowSeconds() - DAY });
    const list = await offerings();
    const ids = list.filter((o) => o.type === 'class').map((o) => o.ID);
    expect(ids).toContain(cls.ID);
    expect(ids).not.toContain(hidden.ID);
    expect(ids).not.toContain(closed.ID);
    const offer = list.find((o) => o.ID === cls.ID)!;
    expect(offer).toMatchObject({ type: 'class', registration: 'participant', seats_left: 5, capacity: 5, waitlist_open: false, price_rule: 'regular', membership_required: false });
    expect(offer.price).toBeGreaterThan(0);
    // The parent is an adult: a kids' class is not for them; the child fits.
    expect(offer.eligibility).toEqual([
      { customer_id: family.holderId, eligible: false, reason: ELIGIBILITY_REASONS.children },
      { customer_id: family.childId, eligible: true, reason: null },
    ]);
    expect(list.find((o) => o.ID === adults.ID)!.eligibility).toEqual([
      { customer_id: family.holderId, eligible: true, reason: null },
      { customer_id: family.childId, eligible: false, reason: ELIGIBILITY_REASONS.adults },
    ]);
  });

  it('answers 404 for an unknown facility and 400 for a missing one', async () => {
    expect((await portal(ctx, family.token, 'GET', '/offerings?facility_id=99999')).statusCode).toBe(404);
    expect((await portal(ctx, family.token, 'GET', '/offerings')).statusCode).toBe(400);
  });

  it('is a portal call: a staff token is refused', async () => {
    expect((await ctx.api(admin, 'GET', '/portal/offerings?facility_id=1')).statusCode).toBe(401);
  });
});

describe('holds', () => {
  it('holds a seat for 10 minutes: seats left drop, staff cannot register into a held seat', async () => {
    const cls = await onlineClass({ max_kids: 1 });
    const before = nowSeconds();
    const res = await hold(family.token, cls.ID, [family.childId]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ offering: { type: 'class', id: cls.ID }, participant_ids: [family.childId], status: 'held', extended: false, is_offer: false });
    expect(body.expires_at).toBeGreaterThanOrEqual(before + 600);
    expect(body.expires_at).toBeLessThanOrEqual(nowSeconds() + 600);
    expect(body.total).toBeCloseTo(body.lines[0].price + body.taxes + body.fees, 2);
    expect(await offeringOf(cls.ID)).toMatchObject({ seats_left: 0, waitlist_open: true });
    const other = await insertCustomer(ctx.database.db);
    const staff = await ctx.api(admin, 'POST', '/class/registration', { price: 10, attendee: { class_id: cls.ID, customer_id: other.ID } });
    expect(staff.statusCode).toBe(409);
  });

  it('answers 409 with the waitlist when too few seats are left', async () => {
    const cls = await onlineClass({ max_kids: 1 });
    const other = await signedInFamily(ctx, admin);
    expect((await hold(other.token, cls.ID, [other.childId])).statusCode).toBe(201);
    const res = await hold(family.token, cls.ID, [family.childId]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: OFFERING_MESSAGES.full, waitlist: { open: true, offering: { type: 'class', id: cls.ID }, waiting: 0 } });
  });

  it('refuses another family\'s member (404), a repeated one (400) and a camp asked as a class (404)', async () => {
    const cls = await onlineClass();
    const other = await signedInFamily(ctx, admin);
    expect((await hold(family.token, cls.ID, [other.childId])).statusCode).toBe(404);
    expect((await hold(family.token, cls.ID, [family.childId, family.childId])).statusCode).toBe(400);
    expect((await hold(family.token, cls.ID, [family.childId], 'camp')).statusCode).toBe(404);
  });

  it('extends once by 10 minutes from now, then answers 409', async () => {
    const cls = await onlineClass();
    const made = (await hold(family.token, cls.ID, [family.childId])).json();
    const first = await portal(ctx, family.token, 'POST', `/holds/${made.ID}/extend`);
    expect(first.statusCode).toBe(200);
    expect(first.json().extended).toBe(true);
    expect(first.json().expires_at).toBeGreaterThanOrEqual(made.expires_at);
    const again = await portal(ctx, family.token, 'POST', `/holds/${made.ID}/extend`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(OFFERING_MESSAGES.extendedOnce);
  });

  it('an expired hold is released by its job and its seat is for sale again', async () => {
    const cls = await onlineClass({ max_kids: 1 });
    const made = (await hold(family.token, cls.ID, [family.childId])).json();
    expect((await offeringOf(cls.ID)).seats_left).toBe(0);
    await expireNow(ctx, made.ID);
    expect((await offeringOf(cls.ID)).seats_left).toBe(1);
    const res = await portal(ctx, family.token, 'POST', `/holds/${made.ID}/checkout`, { idempotency_key: key(), source_id: VISA });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(OFFERING_MESSAGES.expired);
  });
});

describe('checkout', () => {
  it('registers the participants online with one invoice and the card payment; a retry with the key answers the first result', async () => {
    const fam = await signedInFamily(ctx, admin);
    const sibling = await portal(ctx, fam.token, 'POST', '/children', { first_name: 'Sib', last_name: 'Ling', birth_date: '2016-03-04', gender: 'Boy' });
    const cls = await onlineClass({ max_kids: 4 });
    const made = (await hold(fam.token, cls.ID, [fam.childId, sibling.json().ID])).json();
    const body = { idempotency_key: key(), source_id: VISA };
    const res = await portal(ctx, fam.token, 'POST', `/holds/${made.ID}/checkout`, body);
    expect(res.statusCode).toBe(200);
    const paid = res.json();
    expect(paid.registrations.map((r: { customer_id: number }) => r.customer_id)).toEqual([fam.childId, sibling.json().ID]);
    expect(paid).toMatchObject({ hold_id: made.ID, amount: made.total, balance: 0 });
    const rows = await ctx.database.db.select().from(attendees).where(eq(attendees.class_id, cls.ID));
    expect(rows.map((r) => [r.customer_id, r.source, r.invoice_id, r.parent_id])).toEqual(expect.arrayContaining([
      [fam.childId, 'online', paid.invoice_id, fam.holderId], [sibling.json().ID, 'online', paid.invoice_id, fam.holderId],
    ]));
    const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.ID, paid.invoice_id));
    expect(invoice).toMatchObject({ customer_id: fam.holderId, class_id: cls.ID, facility_id: 1 });
    const lines = await ctx.database.db.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, paid.invoice_id));
    expect(lines).toHaveLength(1);
    expect(lines[0].quantity).toBe(2);
    expect((await ctx.database.db.select().from(payments).where(eq(payments.invoice_id, paid.invoice_id))).map((p) => p.amount)).toEqual([Math.round(made.total * 100)]);
    // The retry answers the first result; the hold is done and holds no seat.
    const again = await portal(ctx, fam.token, 'POST', `/holds/${made.ID}/checkout`, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(paid);
    expect((await portal(ctx, fam.token, 'GET', `/holds/${made.ID}`)).json()).toMatchObject({ status: 'done', invoice_id: paid.invoice_id });
    expect((await offeringOf(cls.ID)).seats_left).toBe(2);
    // Another key on a done hold, or the key with another card: 409.
    expect((await portal(ctx, fam.token, 'POST', `/holds/${made.ID}/checkout`, { idempotency_key: key(), source_id: VISA })).statusCode).toBe(409);
    expect((await portal(ctx, fam.token, 'POST', `/holds/${made.ID}/checkout`, { ...body, source_id: DECLINED })).json().message).toBe(OFFERING_MESSAGES.keyReused);
    // Staff's class page shows the online registrations, marked online.
    const page = (await ctx.api(admin, 'GET', `/class/${cls.ID}`)).json();
    expect(page.attendees.map((a: { customer_id: number; source: string }) => [a.customer_id, a.source])).toEqual(expect.arrayContaining([
      [fam.childId, 'online'], [sibling.json().ID, 'online'],
    ]));
  });

  it('a hold with nothing to pay (a prorated class with no session left) registers without asking Square', async () => {
    const cls = await onlineClass({ new_product_id: PRODUCT.YOUTH_CLASS });
    const fam = await signedInFamily(ctx, admin);
    const made = (await hold(fam.token, cls.ID, [fam.childId])).json();
    expect(made.total).toBe(0);
    const body = { idempotency_key: key(), source_id: VISA };
    const res = await portal(ctx, fam.token, 'POST', `/holds/${made.ID}/checkout`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ hold_id: made.ID, payment_id: null, square_id: null, amount: 0, balance: 0 });
    expect((await ctx.database.db.select().from(attendees).where(eq(attendees.class_id, cls.ID))).map((a) => [a.customer_id, a.source])).toEqual([[fam.childId, 'online']]);
    expect(await ctx.database.db.$count(payments, eq(payments.invoice_id, res.json().invoice_id))).toBe(0);
    expect((await portal(ctx, fam.token, 'POST', `/holds/${made.ID}/checkout`, body)).json()).toEqual(res.json());
  });

  it('a declined card keeps the hold (402) and registers no one; a new attempt then pays', async () => {
    const cls = await onlineClass();
    const made = (await hold(family.token, cls.ID, [family.childId])).json();
    const declined = await portal(ctx, family.token, 'POST', `/holds/${made.ID}/checkout`, { idempotency_key: key(), source_id: DECLINED });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe(`Card declined. ${OFFERING_MESSAGES.notCharged}`);
    expect(await ctx.database.db.select().from(attendees).where(eq(attendees.class_id, cls.ID))).toEqual([]);
    expect((await portal(ctx, family.token, 'GET', `/holds/${made.ID}`)).json()).toMatchObject({ status: 'held', expires_at: made.expires_at });
    expect((await offeringOf(cls.ID)).seats_left).toBe(2);
    // Still held: a second hold for the same child is refused.
    const twice = await hold(family.token, cls.ID, [family.childId]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(OFFERING_MESSAGES.alreadyHeld);
    const paid = await portal(ctx, family.token, 'POST', `/holds/${made.ID}/checkout`, { idempotency_key: key(), source_id: VISA });
    expect(paid.statusCode).toBe(200);
  });

  it('refuses while a participant has not signed the facility\'s waiver (409, hold kept)', async () => {
    const fam = await signedInFamily(ctx, admin, 2);
    const cls = await onlineClass({ facility_id: 2 });
    const made = (await hold(fam.token, cls.ID, [fam.childId])).json();
    expect((await ctx.api(admin, 'POST', '/facility/2/waiver', { text: 'Holds waiver' })).statusCode).toBeLessThan(300);
    const unsigned = await portal(ctx, fam.token, 'POST', `/holds/${made.ID}/checkout`, { idempotency_key: key(), source_id: VISA });
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json().message).toBe(OFFERING_MESSAGES.waiver);
    expect((await portal(ctx, fam.token, 'GET', `/holds/${made.ID}`)).json().status).toBe('held');
  });
});

describe('waitlist', () => {
  it('joins a full class\'s queue (staff see it), is offered a freed seat by mail, and the offer rolls to the next when unanswered', async () => {
    const cls = await onlineClass({ max_kids: 1 });
    const first = await signedInFamily(ctx, admin);
    const second = await signedInFamily(ctx, admin);
    const notFull = await portal(ctx, first.token, 'POST', '/waitlist', { offering: { type: 'class', id: cls.ID }, participant_id: first.childId });
    expect(notFull.statusCode).toBe(409);
    expect(notFull.json().message).toBe(OFFERING_MESSAGES.notFull);
    // The seat taken at the front desk.
    const seated = await insertCustomer(ctx.database.db);
    const staff = await ctx.api(admin, 'POST', '/class/registration', { price: 10, attendee: { class_id: cls.ID, customer_id: seated.ID } });
    expect(staff.statusCode).toBe(201);
    const a = await portal(ctx, first.token, 'POST', '/waitlist', { offering: { type: 'class', id: cls.ID }, participant_id: first.childId });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ position: 1, customer_id: first.childId });
    const b = await portal(ctx, second.token, 'POST', '/waitlist', { offering: { type: 'class', id: cls.ID }, participant_id: second.childId });
    expect(b.json().position).toBe(2);
    expect((await portal(ctx, second.token, 'POST', '/waitlist', { offering: { type: 'class', id: cls.ID }, participant_id: second.childId })).statusCode).toBe(409);
    const page = (await ctx.api(admin, 'GET', `/class/${cls.ID}`)).json();
    expect(page.waitlists.map((w: { customer_id: number }) => w.customer_id)).toEqual([first.childId, second.childId]);
    expect((await offeringOf(cls.ID)).eligibility).toBeDefined();

    // Staff remove the registration: the first in line is offered the seat, held for 24 hours (the class started already: 2 hours).
    const mails = ctx.outbox.length;
    expect((await ctx.api(admin, 'DELETE', `/class/registration/${staff.json().ID}`)).statusCode).toBe(200);
    const [offer] = await ctx.database.db.select().from(portalHolds).where(and(eq(portalHolds.class_id, cls.ID), eq(portalHolds.status, 'held')));
    expect(offer).toMatchObject({ customer_id: first.holderId, participant_ids: [first.childId], waitlist_id: a.json().ID });
    expect(offer.expires_at - nowSeconds()).toBeGreaterThan(2 * 3600 - 60);
    expect(offer.expires_at - nowSeconds()).toBeLessThanOrEqual(2 * 3600);
    const view = await portal(ctx, first.token, 'GET', `/holds/${offer.ID}`);
    expect(view.json()).toMatchObject({ is_offer: true, status: 'held' });
    expect((await portal(ctx, second.token, 'GET', `/holds/${offer.ID}`)).statusCode).toBe(404);
    const end = Date.now() + 10_000;
    while (!ctx.outbox.slice(mails).some((m) => m.to === first.email)) {
      if (Date.now() > end) throw new Error('no offer mail');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(ctx.outbox.slice(mails).find((m) => m.to === first.email)!.text).toContain(`/my/holds/${offer.ID}`);
    expect((await offeringOf(cls.ID)).seats_left).toBe(0);

    // Unanswered: the entry leaves the queue and the next in line gets the seat.
    await expireNow(ctx, offer.ID);
    const [rolled] = await ctx.database.db.select().from(portalHolds).where(and(eq(portalHolds.class_id, cls.ID), eq(portalHolds.status, 'held')));
    expect(rolled).toMatchObject({ customer_id: second.holderId, waitlist_id: b.json().ID });
    expect((await ctx.database.db.select().from(waitlists).where(eq(waitlists.class_id, cls.ID))).map((w) => w.customer_id)).toEqual([second.childId]);

    // Taken: the child is registered and leaves the waitlist.
    const paid = await portal(ctx, second.token, 'POST', `/holds/${rolled.ID}/checkout`, { idempotency_key: key(), source_id: VISA });
    expect(paid.statusCode).toBe(200);
    expect(await ctx.database.db.select().from(waitlists).where(eq(waitlists.class_id, cls.ID))).toEqual([]);
    expect((await ctx.database.db.select().from(attendees).where(eq(attendees.class_id, cls.ID))).map((r) => [r.customer_id, r.source])).toEqual([[second.childId, 'online']]);
  });
});
