import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFERING_MESSAGES } from '../../core/api/portalOfferings';
import { simulatorToken } from '../../core/square';
import { events, invoiceItems, invoices, payments } from '../../server/db/schema';
import { FIELD_TYPE } from '../../server/db/seed/fields';
import { createTestContext, type TestContext } from './harness';
import { portal, signedInFamily, type PortalFamily } from './support/portal';
import { brooklyn, expireNow, ownField } from './support/portalHolds';

// Fields rented online (issue 44 items 1–3, 7), on both databases: the field types available online are
// listed with their fields; a hold takes the slot as a booking would (an event of the holder, held
// online), so a staff booking or another family's hold on it is refused 409 while it lives; the checkout
// bills the booking with one invoice and the card; a declined card keeps the hold; expiry frees the slot.

let ctx: TestContext;
let admin: string;
let manager: string;
let family: PortalFamily;
const VISA = simulatorToken('4111 1111 1111 1111');
const DECLINED = simulatorToken('4000 0000 0000 0002');
let serial = 0;
const key = () => `rental-test-${++serial}-${Date.now()}`;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ admin, manager } = await ctx.signInStaff());
  family = await signedInFamily(ctx, admin);
});
afterAll(async () => { await ctx?.close(); });

const rent = (token: string, holder: number, field_id: number, start_date: number, end_date = start_date + 3600, type: number = FIELD_TYPE.FIVE) =>
  portal(ctx, token, 'POST', '/holds', { offering: { type: 'rental', id: type }, participant_ids: [holder], rental: { field_id, start_date, end_date } });
const checkout = (token: string, id: number, source_id = VISA, idempotency_key = key()) => portal(ctx, token, 'POST', `/holds/${id}/checkout`, { idempotency_key, source_id });
const staffBooking = (field_id: number, start_date: number) =>
  ctx.api(manager, 'POST', '/event', { field_id, product_type_id: 1, start_date, end_date: start_date + 3600, customer_id: family.holderId });

describe('rental holds', () => {
  it('lists the field types rented online with their fields and an hour\'s price', async () => {
    const field = await ownField(ctx);
    const rentals = (await portal(ctx, family.token, 'GET', '/offerings?facility_id=1')).json().filter((o: { type: string }) => o.type === 'rental');
    const five = rentals.find((o: { ID: number }) => o.ID === FIELD_TYPE.FIVE);
    expect(five).toMatchObject({ name: 'Indoor turf 5v5', time_zone: 'America/New_York', registration: 'participant' });
    expect(five.price).toBeGreaterThan(0);
    expect(five.fields.map((f: { ID: number }) => f.ID)).toContain(field);
    expect(five.eligibility).toEqual([{ customer_id: family.holderId, eligible: true, reason: null }, { customer_id: family.childId, eligible: false, reason: expect.any(String) }]);
    expect(rentals.map((o: { ID: number }) => o.ID)).not.toContain(FIELD_TYPE.FUTSAL);
  });

  it('a hold takes the slot as a booking: staff and another family are refused 409 while it lives; expiry frees it', async () => {
    const field = await ownField(ctx);
    const start = brooklyn(5, 19);
    const res = await rent(family.token, family.holderId, field, start);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made).toMatchObject({ offering: { type: 'rental', id: FIELD_TYPE.FIVE }, status: 'held', slot: { start_date: start, end_date: start + 3600 } });
    expect(made.lines).toHaveLength(1);
    // Peak hour (19:00 on a weekday or not): the rental product's price for that hour.
    expect(made.lines[0].price).toBeGreaterThan(0);
    const [held] = await ctx.database.db.select().from(events).where(eq(events.field_id, field));
    expect(held).toMatchObject({ start_date: start, end_date: start + 3600, customer_id: family.holderId, product_type_id: 1 });
    const staff = await staffBooking(field, start + 1800);
    expect(staff.statusCode).toBe(409);
    const other = await signedInFamily(ctx, admin);
    const theirs = await rent(other.token, other.holderId, field, start - 1800);
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().message).toContain('This field is already booked at that time');
    await expireNow(ctx, made.ID);
    expect(await ctx.database.db.select().from(events).where(eq(events.field_id, field))).toEqual([]);
    expect((await checkout(family.token, made.ID)).statusCode).toBe(409);
    expect((await staffBooking(field, start)).statusCode).toBe(201);
  });

  it('refuses no time (400), a child as the renter (400), a field of another type (404), a type not rented online (404), closed hours (400), a past time (400), over 4 hours (400)', async () => {
    const field = await ownField(ctx);
    const start = brooklyn(6, 19);
    const none = await portal(ctx, family.token, 'POST', '/holds', { offering: { type: 'rental', id: FIELD_TYPE.FIVE }, participant_ids: [family.holderId] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(OFFERING_MESSAGES.rentalNeeded);
    const child = await rent(family.token, family.childId, field, start);
    expect(child.statusCode).toBe(400);
    expect(child.json().message).toBe(OFFERING_MESSAGES.rentalOne);
    expect((await rent(family.token, family.holderId, field, start, start + 3600, FIELD_TYPE.SEVEN)).statusCode).toBe(404);
    expect((await rent(family.token, family.holderId, field, start, start + 3600, FIELD_TYPE.FUTSAL)).statusCode).toBe(404);
    expect((await rent(family.token, family.holderId, field, brooklyn(6, 5))).statusCode).toBe(400);
    const past = await rent(family.token, family.holderId, field, brooklyn(-1, 19));
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(OFFERING_MESSAGES.pastTime);
    const long = await rent(family.token, family.holderId, field, start, start + 5 * 3600);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(OFFERING_MESSAGES.tooLong);
  });

  it('checkout books it online with one invoice and the card; a declined card keeps the hold; a retry answers the first result', async () => {
    const field = await ownField(ctx);
    const start = brooklyn(7, 12);
    const made = (await rent(family.token, family.holderId, field, start, start + 5400)).json();
    const other = await signedInFamily(ctx, admin);
    expect((await checkout(other.token, made.ID)).statusCode).toBe(404);
    expect((await checkout(family.token, made.ID, DECLINED)).statusCode).toBe(402);
    expect((await portal(ctx, family.token, 'GET', `/holds/${made.ID}`)).json()).toMatchObject({ status: 'held', invoice_id: null });
    const idempotency_key = key();
    const res = await checkout(family.token, made.ID, VISA, idempotency_key);
    expect(res.statusCode, res.body).toBe(200);
    const paid = res.json();
    const [booked] = await ctx.database.db.select().from(events).where(eq(events.field_id, field));
    expect(paid).toMatchObject({ hold_id: made.ID, registrations: [{ ID: booked.ID, customer_id: family.holderId }], amount: made.total, balance: 0 });
    expect(booked.comment).toBe('Booked online');
    const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.ID, paid.invoice_id));
    expect(invoice).toMatchObject({ customer_id: family.holderId, facility_id: 1, product_type_id: 1 });
    expect((await ctx.database.db.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, paid.invoice_id))).map((l) => l.event_id)).toEqual([booked.ID]);
    expect((await ctx.database.db.select().from(payments).where(eq(payments.invoice_id, paid.invoice_id))).map((p) => p.amount)).toEqual([Math.round(made.total * 100)]);
    expect((await checkout(family.token, made.ID, VISA, idempotency_key)).json()).toEqual(paid);
    // Paid: the booking stays.
    expect((await staffBooking(field, start)).statusCode).toBe(409);
  });
});
