import { and, asc, eq, inArray, isNotNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { WaitingEntry } from '../../../core/api/pickup';
import { OFFERING_MESSAGES } from '../../../core/api/portalOfferings';
import { nowSeconds } from '../../../core/time';
import { facilityScope } from '../../auth/guard';
import type { PortalUser } from '../../auth/portalSession';
import type { SessionUser } from '../../auth/session';
import type { Db, Tx } from '../../db/client';
import { customers, events, fields, fieldTypes, pickupPlayers, pickupSessions, portalHolds, portalWaitlists, productVariations } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordChange } from '../../services/changelog';
import { mailOffer, offerSeconds } from '../classes/offers';
import { enqueueHoldExpiry, liveHold } from '../classes/seats';
import { dropEntry, waitingEntries, waitingWire, type EntryRow } from './queues';

// A pickup game's places (issue 44 items 2, 5, 7): a game is an event of a pickup session; its capacity
// is its field type's (0: no limit); taken = its players + its live holds (waitlist offers included),
// counted under the session's row lock. A full game has a waitlist (portal_waitlists, event_id): when a
// place frees (a hold expired, an offer unanswered, an entry with an offer removed) the first in line
// is offered it by mail, as a pickup hold of its own (portal_holds.queue_id) held 24 hours (2 within 3
// days of the game), never past the game's start; unanswered, its expiry job drops the entry and offers
// the place to the next (./pickupHolds.ts release).

export type SessionRow = Awaited<ReturnType<typeof pickupSessionRow>>;

/**
 * A session's players and live holds' places of a game, as an SQL count for the game `eventId` at `now` (a
 * value or a placeholder). Nested in a second sql: a single-table select strips the table from the columns
 * of its selection's own SQL, which would turn `portal_holds.event_id = events.id` into the subquery's
 * `event_id = id`.
 */
export const takenOfGame = (eventId: SQLWrapper, now: number | SQLWrapper) => sql<number>`(${sql`(select count(*)::int from ${pickupPlayers} where ${pickupPlayers.event_id} = ${eventId})
  + (select coalesce(sum(${portalHolds.seats}), 0)::int from ${portalHolds} where ${portalHolds.event_id} = ${eventId} and ${portalHolds.offering_type} = 'pickup' and ${liveHold(now)})`})`;

/** A pickup session with its field, its capacity and its price's variation (locked when asked: the session's row), else 404. */
export async function pickupSessionRow(db: Db | Tx, id: number, lock = false) {
  const query = db.select({ session: pickupSessions, field: fields.name, capacity: fieldTypes.capacity, variation: productVariations }).from(pickupSessions)
    .innerJoin(fields, eq(fields.ID, pickupSessions.field_id)).leftJoin(fieldTypes, eq(fieldTypes.ID, fields.new_field_type_id))
    .leftJoin(productVariations, eq(productVariations.ID, pickupSessions.product_id))
    .where(eq(pickupSessions.ID, id));
  const [row] = await (lock ? query.for('update', { of: pickupSessions }) : query);
  if (!row) throw notFound('Pickup session');
  return row;
}

/** A game of the session, not started at `now`: 400 without one, 404 for another session's, 409 once started. */
export async function comingGame(tx: Tx, s: SessionRow['session'], eventId: number | undefined, now: number) {
  if (eventId === undefined) throw badRequest(OFFERING_MESSAGES.slotNeeded);
  const [game] = await tx.select().from(events).where(and(eq(events.ID, eventId), eq(events.contract_id, s.contract_id)));
  if (!game) throw notFound('Game');
  if (game.start_date <= now) throw conflict(OFFERING_MESSAGES.notOnline);
  return game;
}

/** The places of a game taken now: its players and live holds. */
export async function gameTaken(tx: Tx, eventId: number, now: number): Promise<number> {
  const [{ n }] = await tx.select({ n: takenOfGame(events.ID, now) }).from(events).where(eq(events.ID, eventId));
  return Number(n);
}

/** Refuses members already playing the game or holding a place of it (409). */
export async function assertNotInGame(tx: Tx, eventId: number, members: number[], now: number) {
  const [playing] = await tx.select({ ID: pickupPlayers.ID }).from(pickupPlayers)
    .where(and(eq(pickupPlayers.event_id, eventId), inArray(pickupPlayers.customer_id, members))).limit(1);
  if (playing) throw conflict(OFFERING_MESSAGES.alreadyPlaying);
  const holding = await tx.select({ ids: portalHolds.participant_ids }).from(portalHolds)
    .where(and(eq(portalHolds.event_id, eventId), eq(portalHolds.offering_type, 'pickup'), liveHold(now)));
  if (holding.some((h) => h.ids.some((id) => members.includes(id)))) throw conflict(OFFERING_MESSAGES.alreadyHeld);
}

/** POST /portal/waitlist for a pickup game: `customerId` (of the holder's family) waits for a place in a full game. */
export async function joinGameWaitlist(tx: Tx, holder: PortalUser, customerId: number, sessionId: number, eventId: number | undefined): Promise<EntryRow> {
  const { session: s, capacity } = await pickupSessionRow(tx, sessionId, true);
  const now = nowSeconds();
  const game = await comingGame(tx, s, eventId, now);
  if (!capacity || await gameTaken(tx, game.ID, now) < capacity) throw conflict(OFFERING_MESSAGES.notFull);
  await assertNotInGame(tx, game.ID, [customerId], now);
  const [row] = await tx.insert(portalWaitlists).values({
    facility_id: s.facility_id, offering_type: 'pickup', pickup_session_id: s.ID, event_id: game.ID, customer_id: customerId, holder_id: holder.customer_id,
  }).onConflictDoNothing().returning();
  if (!row) throw conflict(OFFERING_MESSAGES.alreadyWaiting);
  await recordChange(tx, { object: 'pickup_waitlist', object_id: row.ID, action: 'create_online', user_id: null, new_value: row });
  return row;
}

/** The entries of a game's waitlist holding a live offer now. */
async function offeredEntries(tx: Tx, eventId: number, now: number): Promise<Set<number>> {
  const rows = await tx.select({ queue_id: portalHolds.queue_id }).from(portalHolds)
    .where(and(eq(portalHolds.event_id, eventId), eq(portalHolds.offering_type, 'pickup'), isNotNull(portalHolds.queue_id), liveHold(now)));
  return new Set(rows.map((r) => r.queue_id!));
}

/**
 * Offers the free places of a game of `row`'s session (locked by the caller) to its waitlist, first in
 * line first: a hold for each (its expiry job, its mail). Answers how many were offered.
 */
export async function offerGamePlaces(tx: Tx, row: SessionRow, eventId: number, publicUrl: string): Promise<number> {
  const now = nowSeconds();
  const [game] = await tx.select().from(events).where(eq(events.ID, eventId));
  if (!row.capacity || !game || game.start_date <= now) return 0;
  const free = row.capacity - await gameTaken(tx, game.ID, now);
  if (free <= 0) return 0;
  const offered = await offeredEntries(tx, game.ID, now);
  const waiting = (await tx.select().from(portalWaitlists).where(eq(portalWaitlists.event_id, game.ID))
    .orderBy(asc(portalWaitlists.CreatedAt), asc(portalWaitlists.ID)).for('update'))
    .filter((entry) => !offered.has(entry.ID)).slice(0, free);
  for (const entry of waiting) {
    // Never past the game's start.
    const expires_at = Math.min(now + offerSeconds(game, now), game.start_date);
    const [hold] = await tx.insert(portalHolds).values({
      facility_id: row.session.facility_id, customer_id: entry.holder_id, offering_type: 'pickup', pickup_session_id: row.session.ID, event_id: game.ID,
      start_date: game.start_date, end_date: game.end_date, participant_ids: [entry.customer_id], seats: 1, expires_at, queue_id: entry.ID,
    }).returning();
    await enqueueHoldExpiry(tx, hold.ID, expires_at);
    await recordChange(tx, { object: 'pickup_waitlist', object_id: entry.ID, action: 'offer', user_id: null, new_value: { ...entry, hold_id: hold.ID } });
    await mailOffer(tx, { holder: entry.holder_id, participant: entry.customer_id, offering: `Pickup — ${row.field}`, expiresAt: expires_at, link: `${publicUrl}/my/holds/${hold.ID}` });
  }
  return waiting.length;
}

/** The waitlists of games (staff's pickup session page), by game. */
export async function gameWaitlists(db: Db, eventIds: number[]): Promise<Map<number, WaitingEntry[]>> {
  if (!eventIds.length) return new Map();
  const offers = await db.select({ queue_id: portalHolds.queue_id, expires_at: portalHolds.expires_at }).from(portalHolds)
    .where(and(inArray(portalHolds.event_id, eventIds), isNotNull(portalHolds.queue_id), liveHold(nowSeconds())));
  const until = new Map(offers.map((o) => [o.queue_id!, o.expires_at]));
  const byGame = new Map<number, WaitingEntry[]>();
  for (const { event_id, ...entry } of await waitingEntries(db, inArray(portalWaitlists.event_id, eventIds), (e) => until.get(e.ID) ?? null)) {
    byGame.set(event_id!, [...(byGame.get(event_id!) ?? []), entry]);
  }
  return byGame;
}

/** DELETE /pickup/waitlist/{id}: staff remove an entry (another facility's: 404); a place offered to it goes to the next in line. */
export async function removeGameEntry(db: Db, user: SessionUser, id: number, publicUrl: string): Promise<WaitingEntry> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(portalWaitlists).where(and(eq(portalWaitlists.ID, id), eq(portalWaitlists.offering_type, 'pickup')));
    const scope = facilityScope(user);
    if (!found || (scope !== null && found.facility_id !== scope)) throw notFound('Waitlist entry');
    // The session first, then the holds and the entry: the order every writer of them takes.
    const row = await pickupSessionRow(tx, found.pickup_session_id!, true);
    const [customer] = await tx.select({ ID: customers.ID, first_name: customers.first_name, last_name: customers.last_name }).from(customers).where(eq(customers.ID, found.customer_id));
    const [offer] = await tx.update(portalHolds).set({ status: 'released' })
      .where(and(eq(portalHolds.queue_id, found.ID), eq(portalHolds.status, 'held'))).returning();
    const entry = await dropEntry(tx, found.ID, 'delete', user.ID);
    if (!entry) throw notFound('Waitlist entry');
    if (offer) await offerGamePlaces(tx, row, found.event_id!, publicUrl);
    return waitingWire(entry, customer, null);
  });
}
