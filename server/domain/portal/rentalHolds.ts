import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { OFFERING_MESSAGES, type Offering } from '../../../core/api/portalOfferings';
import { toCents } from '../../../core/money';
import { ELIGIBILITY_REASONS } from '../../../core/validation/offeringEligibility';
import type { Db, Tx } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { events, fields, fieldTypes, invoiceItems } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordChange } from '../../services/changelog';
import { facilityZone, type FieldRow } from '../events/access';
import { guardSlots, refuseClosedSlots } from '../events/availability';
import { checkTimes } from '../events/booking';
import { bookingProductColumns, bookingProducts, bookingProductsOn } from '../events/bookingProduct';
import type { HoldKind } from './holdKinds';

// A field rented online (issue 44 items 1–3, 7): the field types available online are listed with their
// fields; a hold names a field of the type, a start and an end, and takes the slot as a booking would —
// the calendar's write guard (fields locked, then the events in the way refused 409) — by inserting the
// booking itself, an event of the account holder marked as held online. So a staff booking, or another
// family's hold, on that slot is refused while the hold lives. The checkout bills the booking at its
// product's price (peak and off-peak as the calendar prices it) and marks it booked online; expiry deletes
// it, freeing the slot.

/** The product type of an online rental: Adult Rental. */
export const RENTAL_PRODUCT_TYPE = 1;
const HELD = 'Held online: awaiting payment';
const BOOKED = 'Booked online';
const HOUR = 3600;
/** The longest rental booked online (longer ones, at the front desk). */
const LONGEST = 4 * HOUR;

/** The fitting rental product of a booking on `field` from start to end (wall clock in `zone`, the facility's), priced; null when none is sold there. */
async function rentalQuote(db: Db | Tx, field: FieldRow, start: number, end: number, zone: string) {
  const quote = await bookingProducts(db, { product_type_id: RENTAL_PRODUCT_TYPE, start, end }, field, zone);
  return quote.product;
}

/** The fields of the types rented online at a facility, by type (a prepared statement: server/db/prepared.ts). */
const rentalFields = perDatabase((db) => db.select({ type: fieldTypes, field: fields }).from(fields).innerJoin(fieldTypes, eq(fieldTypes.ID, fields.new_field_type_id))
  .where(and(eq(fields.facility_id, sql.placeholder('facility')), eq(fieldTypes.available_online, true))).orderBy(asc(fieldTypes.ID), asc(fields.number), asc(fields.ID))
  .prepare('portal_rental_fields'));

/**
 * The field types rented online at a facility (its zone `time_zone`), with their fields and an hour's price
 * from the next full hour on the type's first field: two statements whatever the number of types.
 */
export async function rentalOfferings(db: Db, facilityId: number, time_zone: string, family: Array<{ ID: number }>, holderId: number, now: number): Promise<Array<Omit<Offering, 'membership_price'>>> {
  const rows = await rentalFields(db).execute({ facility: facilityId });
  const types = [...new Set(rows.map((r) => r.type.ID))].map((type) => rows.filter((r) => r.type.ID === type));
  const start = Math.ceil((now + 1) / HOUR) * HOUR;
  const quotes = await bookingProductsOn(db, RENTAL_PRODUCT_TYPE, facilityId, types.map((mine) => mine[0].field), { start, end: start + HOUR }, time_zone);
  return types.flatMap((mine, i) => {
    const quote = quotes[i];
    if (!quote) return [];
    return [{
      type: 'rental' as const, ID: mine[0].type.ID, name: mine[0].type.name, description: '', facility_id: facilityId, start_date: null, end_date: null, registration_end_date: null,
      registration: 'participant' as const, price: quote.price, price_rule: 'regular' as const, regular_price: quote.price, early_bird_until: null, deposit: null,
      membership_required: false, seats_left: null, capacity: null, waitlist_open: false, slots: [],
      fields: mine.map((r) => ({ ID: r.field.ID, name: r.field.name })), time_zone,
      // The booking is the account holder's.
      eligibility: family.map((m) => ({ customer_id: m.ID, eligible: m.ID === holderId, reason: m.ID === holderId ? null : ELIGIBILITY_REASONS.adults })),
    }];
  });
}

async function heldField(db: Db | Tx, fieldTypeId: number, fieldId: number) {
  const [row] = await db.select({ field: fields, type: fieldTypes }).from(fields).innerJoin(fieldTypes, eq(fieldTypes.ID, fields.new_field_type_id))
    .where(and(eq(fields.ID, fieldId), eq(fieldTypes.ID, fieldTypeId)));
  return row;
}

export const rentalHolds: HoldKind = {
  async lock(tx, hold) {
    if (hold.event_id !== null) await tx.select({ ID: events.ID }).from(events).where(eq(events.ID, hold.event_id)).for('update');
  },

  async take(tx, holder, request, participants, now) {
    const [type] = await tx.select().from(fieldTypes).where(and(eq(fieldTypes.ID, request.offering.id), eq(fieldTypes.available_online, true)));
    if (!type) throw notFound('Rental');
    if (!request.rental) throw badRequest(OFFERING_MESSAGES.rentalNeeded);
    if (participants.length !== 1 || participants[0] !== holder.customer_id) throw badRequest(OFFERING_MESSAGES.rentalOne);
    const { field_id, start_date, end_date } = request.rental;
    const found = await heldField(tx, type.ID, field_id);
    if (!found) throw notFound('Field');
    const { field } = found;
    checkTimes(start_date, end_date);
    if (start_date <= now) throw badRequest(OFFERING_MESSAGES.pastTime);
    if (end_date - start_date > LONGEST) throw badRequest(OFFERING_MESSAGES.tooLong);
    const slot = { field_id, start_date, end_date };
    await refuseClosedSlots(tx, [slot]);
    await guardSlots(tx, field.facility_id, [{ ...slot, keep: false }]);
    const product = await bookingProductColumns(tx, { product_type_id: RENTAL_PRODUCT_TYPE }, field);
    if (!product.new_product_id) throw conflict(OFFERING_MESSAGES.notPriced);
    const [event] = await tx.insert(events).values({
      ...slot, ...product, facility_id: field.facility_id, product_type_id: RENTAL_PRODUCT_TYPE, customer_id: holder.customer_id, comment: HELD, keep: false,
    }).returning();
    await recordChange(tx, { object: 'event', object_id: event.ID, action: 'create_online', user_id: null, new_value: event });
    return { facility_id: field.facility_id, event_id: event.ID, ...slot };
  },

  async describe(db, hold) {
    const { field, type } = (await db.select({ field: fields, type: fieldTypes }).from(fields).innerJoin(fieldTypes, eq(fieldTypes.ID, fields.new_field_type_id))
      .where(eq(fields.ID, hold.field_id!)))[0];
    const time_zone = await facilityZone(db, field.facility_id);
    const quote = await rentalQuote(db, field, hold.start_date!, hold.end_date!, time_zone);
    if (!quote) throw conflict(OFFERING_MESSAGES.notPriced);
    return {
      offering: { type: 'rental', id: type.ID, name: `${type.name} — ${field.name}` }, price: toCents(quote.price), facility_id: field.facility_id,
      product_type_id: RENTAL_PRODUCT_TYPE, membership: false, slot: { start_date: hold.start_date!, end_date: hold.end_date!, field: field.name, time_zone },
      line: { product_id: quote.product_id, new_product_id: quote.new_product_id, event_id: hold.event_id, team_signup_id: null, comment: `${quote.name} (online)` },
    };
  },

  async register(tx, _holder, hold) {
    // Staff deleted the held booking meanwhile: the slot is no longer the family's.
    if (hold.event_id === null) throw conflict(OFFERING_MESSAGES.expired);
    await tx.update(events).set({ comment: BOOKED }).where(eq(events.ID, hold.event_id));
    return [{ ID: hold.event_id, customer_id: hold.participant_ids[0] }];
  },

  async unregister(tx, hold) {
    if (hold.event_id !== null) await tx.update(events).set({ comment: HELD }).where(eq(events.ID, hold.event_id));
  },

  async release(tx, hold) {
    if (hold.event_id === null) return;
    // Only the held booking itself, never one billed since (staff invoiced it at the desk).
    const [billed] = await tx.select({ ID: invoiceItems.ID }).from(invoiceItems).where(inArray(invoiceItems.event_id, [hold.event_id])).limit(1);
    if (billed) return;
    const [gone] = await tx.delete(events).where(eq(events.ID, hold.event_id)).returning();
    if (gone) await recordChange(tx, { object: 'event', object_id: gone.ID, action: 'delete_online_hold', user_id: null, new_value: gone });
  },
};
