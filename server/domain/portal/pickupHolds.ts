import { count, eq } from 'drizzle-orm';
import { OFFERING_MESSAGES } from '../../../core/api/portalOfferings';
import { PICKUP_PRODUCT_TYPE } from '../../../core/validation/contract';
import { pickupPlayers, portalWaitlists, type productVariations } from '../../db/schema';
import { conflict, HttpError } from '../../http/errors';
import { recordChange } from '../../services/changelog';
import { facilityZone } from '../events/access';
import type { HoldKind } from './holdKinds';
import { assertNotInGame, comingGame, gameTaken, offerGamePlaces, pickupSessionRow as session } from './pickupGames';
import { dropEntry } from './queues';

// A pickup game's places held online (issue 44 items 2–3, 7): the session's row is locked, the game's
// places counted — its players and its live holds — against its field type's capacity (0: no limit), and
// the hold inserted in one transaction (./pickupGames.ts); a full game answers 409 with its waitlist. Its
// checkout makes the pickup players (source 'online') as the staff's pickup screens show them, each
// billed on the family's invoice at the session's per-player price; a waitlist offer's entry leaves the
// queue then. A hold released frees its places for the game's waitlist.

type Variation = Pick<typeof productVariations.$inferSelect, 'individual_price' | 'base_price' | 'full_price'>;

/** A pickup session's per-player price (cents): its product's individual price, else base, else full. */
export const pickupPrice = (v: Variation | null) => (v ? v.individual_price || v.base_price || v.full_price || 0 : 0);

export const pickupHolds: HoldKind = {
  async lock(tx, hold) {
    await session(tx, hold.pickup_session_id!, true);
  },

  async take(tx, _holder, request, participants, now) {
    const { session: s, capacity } = await session(tx, request.offering.id, true);
    const game = await comingGame(tx, s, request.event_id, now);
    await assertNotInGame(tx, game.ID, participants, now);
    if (capacity) {
      const taken = await gameTaken(tx, game.ID, now);
      if (taken + participants.length > capacity) {
        if (taken < capacity) throw conflict(OFFERING_MESSAGES.gameFull);
        // No place left at all: the game's waitlist is open to join.
        const [{ waiting }] = await tx.select({ waiting: count() }).from(portalWaitlists).where(eq(portalWaitlists.event_id, game.ID));
        throw new HttpError(409, OFFERING_MESSAGES.full, { waitlist: { open: true, offering: { type: 'pickup', id: s.ID }, event_id: game.ID, waiting: Number(waiting) } });
      }
    }
    return { facility_id: s.facility_id, pickup_session_id: s.ID, event_id: game.ID, start_date: game.start_date, end_date: game.end_date };
  },

  async describe(db, hold) {
    const { session: s, field, variation } = await session(db, hold.pickup_session_id!);
    return {
      offering: { type: 'pickup', id: s.ID, name: `Pickup — ${field}` }, price: pickupPrice(variation), facility_id: s.facility_id, product_type_id: PICKUP_PRODUCT_TYPE,
      line: { product_id: variation?.ID ?? null, new_product_id: variation?.new_product_id ?? null, event_id: hold.event_id, team_signup_id: null, comment: `Pickup — ${field} (online)` },
      membership: false, slot: { start_date: hold.start_date!, end_date: hold.end_date!, field, time_zone: await facilityZone(db, s.facility_id) },
    };
  },

  async register(tx, _holder, hold, invoiceId) {
    // A game removed by staff since the hold was made cannot be played.
    if (hold.event_id === null) throw conflict(OFFERING_MESSAGES.expired);
    const rows = await tx.insert(pickupPlayers).values(hold.participant_ids.map((customer_id) => ({
      event_id: hold.event_id!, customer_id, facility_id: hold.facility_id, start_date: hold.start_date!, end_date: hold.end_date!, invoice_id: invoiceId, source: 'online' as const,
    }))).returning();
    for (const row of rows) await recordChange(tx, { object: 'pickup_player', object_id: row.ID, action: 'create_online', user_id: null, new_value: row });
    if (hold.queue_id !== null) await dropEntry(tx, hold.queue_id, 'offer_taken');
    return rows.map((r) => ({ ID: r.ID, customer_id: r.customer_id }));
  },

  async unregister(tx, hold) {
    await tx.delete(pickupPlayers).where(eq(pickupPlayers.invoice_id, hold.invoice_id!));
  },

  async release(tx, hold, publicUrl) {
    // An unanswered offer: its entry leaves the queue, and the place goes to the next in line.
    if (hold.queue_id !== null) await dropEntry(tx, hold.queue_id, 'offer_expired');
    if (hold.event_id !== null) await offerGamePlaces(tx, await session(tx, hold.pickup_session_id!), hold.event_id, publicUrl);
  },
};
