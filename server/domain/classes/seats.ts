import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { nowSeconds } from '../../../core/time';
import { CLASS_MESSAGES, maxBelowHeld } from '../../../core/validation/classes';
import type { Db, Tx } from '../../db/client';
import { attendees, portalHolds } from '../../db/schema';
import { conflict } from '../../http/errors';
import { enqueue } from '../../services/jobs';
import { attendeesOf } from './access';

// A class's seats (issue 44 item 2): taken = attendees + the seats of its live holds (families paying
// online, waitlist offers). Staff registrations, promotions and online holds all count the same way,
// under the class row's lock, so a class never holds more than max_kids, and staff cannot lower
// max_kids below them (assertCapacity). A live hold is held and not yet expired, or paying: its
// checkout took it over (for no longer than PAYING_SECONDS, a checkout that died).

export const HOLD_SECONDS = 10 * 60;
export const PAYING_SECONDS = 10 * 60;
/** The durable job that releases a hold at its expiry (and rolls a waitlist offer to the next in line). */
export const HOLD_EXPIRY_JOB = 'portal.hold_expiry';

/** A hold is live: as a condition on portal_holds at `now` (a value, or a prepared statement's placeholder). */
export const liveHold = (now: number | SQLWrapper): SQL => sql`((${portalHolds.status} = 'held' and ${portalHolds.expires_at} > ${now})
  or (${portalHolds.status} = 'paying' and ${portalHolds.paying_since} + ${PAYING_SECONDS} > ${now}))`;

/** Seats of the class's live holds. */
export async function heldSeats(db: Db | Tx, classId: number, now = nowSeconds()): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`coalesce(sum(${portalHolds.seats}), 0)::int` }).from(portalHolds)
    .where(and(eq(portalHolds.class_id, classId), liveHold(now)));
  return Number(n);
}

/** Attendees and live holds' seats of a class. */
export async function seatsTaken(db: Db | Tx, classId: number): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(attendees).where(eq(attendees.class_id, classId));
  return Number(n) + await heldSeats(db, classId);
}

/**
 * Refuses a capacity below what the class (locked by the caller) holds: its attendees, and the seats of
 * its live holds — families paying online and waitlist offers are promised their places.
 */
export async function assertCapacity(tx: Tx, classId: number, maxKids: number) {
  const registered = await attendeesOf(tx, classId);
  if (maxKids < registered) throw conflict(CLASS_MESSAGES.maxBelowAttendees);
  const held = await heldSeats(tx, classId);
  if (maxKids < registered + held) throw conflict(maxBelowHeld(registered, held));
}

/** The job that releases hold `holdId` once it expires at `expiresAt`. */
export const enqueueHoldExpiry = (tx: Tx, holdId: number, expiresAt: number) =>
  enqueue(tx, HOLD_EXPIRY_JOB, [{ hold: holdId }], { delayMs: Math.max(0, expiresAt - nowSeconds()) * 1000 });
