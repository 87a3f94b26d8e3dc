import { and, asc, eq, exists, gt } from 'drizzle-orm';
import { PICKUP_MESSAGES, type RemovedPickupPlayer } from '../../../core/api/pickup';
import { nowSeconds } from '../../../core/time';
import { facilityScope } from '../../auth/guard';
import type { SessionUser } from '../../auth/session';
import type { Db, Tx } from '../../db/client';
import { events, fields, pickupPlayers, pickupSessions } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { recordChange } from '../../services/changelog';
import { gameTaken, offerGamePlaces, pickupSessionRow } from './pickupGames';

// Staff changes that free or fill a pickup game's places (issue 44 items 5, 7), each under the session's
// row lock as every other writer of its places (./pickupGames.ts): a player removed from a coming game
// frees a place, offered to the first in line at once; a field type's capacity raised frees places in
// every coming game of the sessions on fields of that type, lowered it is refused below what a coming
// game holds (its players and live holds), as a class's max_kids is.

/** The session of a player's game (null: a game of no session) and its facility, else 404. */
async function playerSession(tx: Tx, user: SessionUser, id: number): Promise<number | null> {
  const [found] = await tx.select({ facility_id: pickupPlayers.facility_id, session: pickupSessions.ID }).from(pickupPlayers)
    .innerJoin(events, eq(events.ID, pickupPlayers.event_id))
    .leftJoin(pickupSessions, eq(pickupSessions.contract_id, events.contract_id))
    .where(eq(pickupPlayers.ID, id));
  const scope = facilityScope(user);
  if (!found || (scope !== null && found.facility_id !== scope)) throw notFound('Pickup player');
  return found.session;
}

/**
 * DELETE /pickup/player/{id}: staff remove a player from a coming game (a started game's roster is its
 * history: 409); the invoice the player paid stays as it is (refunds are made on it). The freed place is
 * offered to the game's waitlist, first in line first.
 */
export async function removePickupPlayer(db: Db, user: SessionUser, id: number, publicUrl: string): Promise<RemovedPickupPlayer> {
  return db.transaction(async (tx) => {
    const sessionId = await playerSession(tx, user, id);
    // The session first, then its players and holds: the order every writer of them takes.
    const row = sessionId === null ? null : await pickupSessionRow(tx, sessionId, true);
    const [player] = await tx.select({ player: pickupPlayers, start_date: events.start_date }).from(pickupPlayers)
      .innerJoin(events, eq(events.ID, pickupPlayers.event_id)).where(eq(pickupPlayers.ID, id));
    if (!player) throw notFound('Pickup player');
    if (player.start_date <= nowSeconds()) throw conflict(PICKUP_MESSAGES.started);
    const [removed] = await tx.delete(pickupPlayers).where(eq(pickupPlayers.ID, id)).returning();
    await recordChange(tx, { object: 'pickup_player', object_id: removed.ID, action: 'delete', user_id: user.ID, new_value: removed });
    const offered = row ? await offerGamePlaces(tx, row, removed.event_id, publicUrl) : 0;
    return { ID: removed.ID, event_id: removed.event_id, customer_id: removed.customer_id, invoice_id: removed.invoice_id, offered };
  });
}

/**
 * A field type's capacity changed from `before` to `after` (0: no limit), in the update's transaction:
 * the sessions on fields of that type with a coming game are locked in ID order; a limit lowered (or set
 * where there was none) below what a coming game holds is refused (409); the places a coming game has
 * free under the new limit (a limit raised) are offered to its waitlist.
 */
export async function fieldTypeCapacityChanged(tx: Tx, typeId: number, before: number, after: number, publicUrl: string): Promise<void> {
  // No limit any more: anyone may hold a place, and there is nothing to offer.
  if (after === before || after === 0) return;
  const lowered = before === 0 || after < before;
  const now = nowSeconds();
  const comingGames = (contract: number | typeof pickupSessions.contract_id) => tx.select({ ID: events.ID }).from(events)
    .where(and(eq(events.contract_id, contract), gt(events.start_date, now)));
  const sessions = await tx.select({ ID: pickupSessions.ID }).from(pickupSessions)
    .innerJoin(fields, eq(fields.ID, pickupSessions.field_id))
    .where(and(eq(fields.new_field_type_id, typeId), exists(comingGames(pickupSessions.contract_id))))
    .orderBy(asc(pickupSessions.ID));
  for (const { ID } of sessions) {
    const row = await pickupSessionRow(tx, ID, true);
    for (const game of await comingGames(row.session.contract_id).orderBy(asc(events.start_date), asc(events.ID))) {
      if (lowered) {
        const taken = await gameTaken(tx, game.ID, now);
        if (taken > after) throw conflict(PICKUP_MESSAGES.capacityBelowTaken(taken, after));
      }
      await offerGamePlaces(tx, row, game.ID, publicUrl);
    }
  }
}
