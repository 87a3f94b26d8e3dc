import { and, eq, inArray, sql } from 'drizzle-orm';
import { OFFERING_MESSAGES, type OfferingType, type PortalHold } from '../../../core/api/portalOfferings';
import { nowSeconds } from '../../../core/time';
import { CLASS_MESSAGES } from '../../../core/validation/classes';
import type { PortalUser } from '../../auth/portalSession';
import type { Db, Tx } from '../../db/client';
import { attendees, classes, portalHolds, waitlists } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { recordChange } from '../../services/changelog';
import { priceNow, type ClassRow } from '../classes/access';
import { promote } from '../classes/enrolment';
import { enqueueHoldExpiry, HOLD_SECONDS, liveHold, seatsTaken } from '../classes/seats';
import { familyIds } from './family';
import { classPricing, holdPrice, shownPrice } from './holdPrice';
import { holdKind, kindHoldWire, priceSeats } from './holdKinds';

// Seats held while a family pays (issue 44 item 2). Making a hold locks the class's row (FOR UPDATE),
// counts its seats (attendees + live holds) and inserts the hold in one transaction: concurrent holds on
// one class queue behind the lock, so seats left never go below zero. A hold lasts 10 minutes, extended
// once; its expiry is a durable job that releases it and offers the freed seat to the waitlist.

export type HoldRow = typeof portalHolds.$inferSelect;

/** Classes and camps: held here, with a waitlist (the other offerings are held by ./anyHold.ts). */
const HELD_TYPES: readonly OfferingType[] = ['class', 'camp'];

/** The online class or camp of an offering, locked, else 404. */
export async function lockOfferedClass(tx: Tx, type: OfferingType, id: number): Promise<ClassRow> {
  if (!HELD_TYPES.includes(type)) throw badRequest(OFFERING_MESSAGES.noWaitlist);
  const [cls] = await tx.select().from(classes).where(and(eq(classes.ID, id), eq(classes.is_camp, type === 'camp'))).for('update');
  if (!cls || !cls.available_online || cls.is_container) throw notFound(type === 'camp' ? 'Camp' : 'Class');
  return cls;
}

/** Whether online registration is open for the class now (its window, and it has not ended). */
export const registrationOpen = (cls: Pick<ClassRow, 'registration_start_date' | 'registration_end_date' | 'end_date'>, now: number) =>
  (cls.registration_start_date === null || cls.registration_start_date <= now)
  && (cls.registration_end_date === null || cls.registration_end_date >= now) && cls.end_date >= now;

/** The family's members among `ids` (all of them, no repeat), else 404 / 400. */
export async function familyMembers(db: Db | Tx, holder: PortalUser, ids: number[]): Promise<number[]> {
  if (new Set(ids).size !== ids.length) throw badRequest(OFFERING_MESSAGES.duplicates);
  const family = new Set(await familyIds(db, holder));
  if (ids.some((id) => !family.has(id))) throw notFound('Family member');
  return ids;
}

/** A class registration's price and the invoice's taxes and fees for `seats` of them, cents (as addLine computes them). */
export async function quote(db: Db | Tx, cls: ClassRow, seats: number) {
  const { price } = await priceNow(db, cls);
  return priceSeats(db, cls.facility_id, price, seats);
}

/** A hold as the portal shows it. */
export async function holdWire(db: Db | Tx, hold: HoldRow): Promise<PortalHold> {
  const kind = holdKind(hold.offering_type);
  if (kind) return kindHoldWire(db, kind, hold);
  const [cls] = await db.select().from(classes).where(eq(classes.ID, hold.class_id!));
  const price = await shownPrice(db, hold, async () => holdPrice(db, classPricing(cls), hold, await quote(db, cls, hold.seats)));
  return {
    ID: hold.ID, offering: { type: hold.offering_type, id: cls.ID, name: cls.name }, participant_ids: hold.participant_ids, status: hold.status,
    expires_at: hold.expires_at, extended: hold.extended, is_offer: hold.waitlist_id !== null,
    ...price, invoice_id: hold.invoice_id,
  };
}

/** The 409 of a class with too few seats: with its waitlist, which the family may join. */
const fullConflict = (type: OfferingType, id: number, waiting: number) =>
  new HttpError(409, OFFERING_MESSAGES.full, { waitlist: { open: true, offering: { type, id }, waiting } });

/** POST /portal/holds. */
export async function createHold(db: Db, holder: PortalUser, body: { offering: { type: OfferingType; id: number }; participant_ids: number[] }): Promise<PortalHold> {
  const participants = await familyMembers(db, holder, body.participant_ids);
  return db.transaction(async (tx) => {
    const cls = await lockOfferedClass(tx, body.offering.type, body.offering.id);
    const now = nowSeconds();
    if (!registrationOpen(cls, now)) throw conflict(OFFERING_MESSAGES.notOnline);
    const [registered] = await tx.select({ ID: attendees.ID }).from(attendees).where(and(eq(attendees.class_id, cls.ID), inArray(attendees.customer_id, participants))).limit(1);
    if (registered) throw conflict(CLASS_MESSAGES.already);
    const holding = await tx.select({ ids: portalHolds.participant_ids }).from(portalHolds).where(and(eq(portalHolds.class_id, cls.ID), liveHold(now)));
    if (holding.some((h) => h.ids.some((id) => participants.includes(id)))) throw conflict(OFFERING_MESSAGES.alreadyHeld);
    if (await seatsTaken(tx, cls.ID) + participants.length > cls.max_kids) {
      const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(waitlists).where(eq(waitlists.class_id, cls.ID));
      throw fullConflict(body.offering.type, cls.ID, Number(n));
    }
    const expires_at = now + HOLD_SECONDS;
    const [hold] = await tx.insert(portalHolds).values({
      facility_id: cls.facility_id, customer_id: holder.customer_id, offering_type: cls.is_camp ? 'camp' : 'class', class_id: cls.ID,
      participant_ids: participants, seats: participants.length, expires_at,
    }).returning();
    await enqueueHoldExpiry(tx, hold.ID, expires_at);
    return holdWire(tx, hold);
  });
}

/** One of the family's holds (locked when asked), else 404. */
export async function familyHold(db: Db | Tx, holder: PortalUser, id: number, lock = false): Promise<HoldRow> {
  const query = db.select().from(portalHolds).where(and(eq(portalHolds.ID, id), eq(portalHolds.customer_id, holder.customer_id)));
  const [hold] = await (lock ? query.for('update') : query);
  if (!hold) throw notFound('Hold');
  return hold;
}

/** GET /portal/holds/{id}. */
export const getHold = async (db: Db, holder: PortalUser, id: number) => holdWire(db, await familyHold(db, holder, id));

/** POST /portal/holds/{id}/extend: 10 more minutes from now, once. */
export async function extendHold(db: Db, holder: PortalUser, id: number): Promise<PortalHold> {
  return db.transaction(async (tx) => {
    const hold = await familyHold(tx, holder, id, true);
    const now = nowSeconds();
    if (hold.status !== 'held') throw conflict(OFFERING_MESSAGES.notHeld);
    if (hold.expires_at <= now) throw conflict(OFFERING_MESSAGES.expired);
    if (hold.extended) throw conflict(OFFERING_MESSAGES.extendedOnce);
    const expires_at = now + HOLD_SECONDS;
    const [row] = await tx.update(portalHolds).set({ expires_at: Math.max(expires_at, hold.expires_at), extended: true }).where(eq(portalHolds.ID, id)).returning();
    await enqueueHoldExpiry(tx, id, row.expires_at);
    return holdWire(tx, row);
  });
}

/**
 * The expiry job: a hold still held past its time is released (a waitlist offer's entry leaves the
 * waitlist: the offer rolls on), and the class's freed seats go to its waitlist. A hold still paying is
 * looked at again a minute later. Answers whether anything was released.
 */
export async function expireHold(db: Db, holdId: number, publicUrl: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ class_id: portalHolds.class_id }).from(portalHolds).where(eq(portalHolds.ID, holdId));
    if (!found?.class_id) return false;
    // The class first, then the hold: the order every writer of both takes.
    const [cls] = await tx.select().from(classes).where(eq(classes.ID, found.class_id)).for('update');
    const [hold] = await tx.select().from(portalHolds).where(eq(portalHolds.ID, holdId)).for('update');
    const now = nowSeconds();
    if (hold.status === 'paying') {
      await enqueueHoldExpiry(tx, hold.ID, now + 60);
      return false;
    }
    if (hold.status !== 'held' || hold.expires_at > now) return false;
    await tx.update(portalHolds).set({ status: 'released' }).where(eq(portalHolds.ID, hold.ID));
    if (hold.waitlist_id !== null) {
      const [entry] = await tx.delete(waitlists).where(eq(waitlists.ID, hold.waitlist_id)).returning();
      if (entry) await recordChange(tx, { object: 'waitlist', object_id: entry.ID, action: 'offer_expired', user_id: null, new_value: entry });
    }
    await promote(tx, null, cls, publicUrl);
    return true;
  });
}

