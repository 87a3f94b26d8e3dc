import { and, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { OFFERING_MESSAGES } from '../../../core/api/portalOfferings';
import { PICKUP_PRODUCT_TYPE } from '../../../core/validation/contract';
import type { Db, Tx } from '../../db/client';
import { events, fields, fieldTypes, pickupPlayers, pickupSessions, portalHolds, productVariations } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordChange } from '../../services/changelog';
import { liveHold } from '../classes/seats';
import { facilityZone } from '../events/access';
import type { HoldKind } from './holdKinds';

// A pickup game's places held online (issue 44 items 2–3, 7): the session's row is locked, the game's
// places counted — its players and its live holds — against its field type's capacity (0: no limit), and
// the hold inserted in one transaction. Its checkout makes the pickup players (source 'online') as the
// staff's pickup screens show them, each billed on the family's invoice at the session's per-player price.

type Variation = Pick<typeof productVariations.$inferSelect, 'individual_price' | 'base_price' | 'full_price'>;

/** A pickup session's per-player price (cents): its product's individual price, else base, else full. */
export const pickupPrice = (v: Variation | null) => (v ? v.individual_price || v.base_price || v.full_price || 0 : 0);

/**
 * A session's players and live holds' places of a game, as an SQL count for the game `eventId` at `now` (a
 * value or a placeholder). Nested in a second sql: a single-table select strips the table from the columns
 * of its selection's own SQL, which would turn `portal_holds.event_id = events.id` into the subquery's
 * `event_id = id`.
 */
export const takenOfGame = (eventId: SQLWrapper, now: number | SQLWrapper) => sql<number>`(${sql`(select count(*)::int from ${pickupPlayers} where ${pickupPlayers.event_id} = ${eventId})
  + (select coalesce(sum(${portalHolds.seats}), 0)::int from ${portalHolds} where ${portalHolds.event_id} = ${eventId} and ${portalHolds.offering_type} = 'pickup' and ${liveHold(now)})`})`;

async function session(db: Db | Tx, id: number, lock = false) {
  const query = db.select({ session: pickupSessions, field: fields.name, capacity: fieldTypes.capacity, variation: productVariations }).from(pickupSessions)
    .innerJoin(fields, eq(fields.ID, pickupSessions.field_id)).leftJoin(fieldTypes, eq(fieldTypes.ID, fields.new_field_type_id))
    .leftJoin(productVariations, eq(productVariations.ID, pickupSessions.product_id))
    .where(eq(pickupSessions.ID, id));
  const [row] = await (lock ? query.for('update', { of: pickupSessions }) : query);
  if (!row) throw notFound('Pickup session');
  return row;
}

export const pickupHolds: HoldKind = {
  async lock(tx, hold) {
    await session(tx, hold.pickup_session_id!, true);
  },

  async take(tx, _holder, request, participants, now) {
    const { session: s, capacity } = await session(tx, request.offering.id, true);
    if (request.event_id === undefined) throw badRequest(OFFERING_MESSAGES.slotNeeded);
    const [game] = await tx.select().from(events).where(and(eq(events.ID, request.event_id), eq(events.contract_id, s.contract_id)));
    if (!game) throw notFound('Game');
    if (game.start_date <= now) throw conflict(OFFERING_MESSAGES.notOnline);
    const [playing] = await tx.select({ ID: pickupPlayers.ID }).from(pickupPlayers)
      .where(and(eq(pickupPlayers.event_id, game.ID), inArray(pickupPlayers.customer_id, participants))).limit(1);
    if (playing) throw conflict(OFFERING_MESSAGES.alreadyPlaying);
    const holding = await tx.select({ ids: portalHolds.participant_ids }).from(portalHolds)
      .where(and(eq(portalHolds.event_id, game.ID), eq(portalHolds.offering_type, 'pickup'), liveHold(now)));
    if (holding.some((h) => h.ids.some((id) => participants.includes(id)))) throw conflict(OFFERING_MESSAGES.alreadyHeld);
    if (capacity) {
      const [{ n }] = await tx.select({ n: takenOfGame(events.ID, now) }).from(events).where(eq(events.ID, game.ID));
      if (Number(n) + participants.length > capacity) throw conflict(OFFERING_MESSAGES.gameFull);
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
    return rows.map((r) => ({ ID: r.ID, customer_id: r.customer_id }));
  },

  async unregister(tx, hold) {
    await tx.delete(pickupPlayers).where(eq(pickupPlayers.invoice_id, hold.invoice_id!));
  },

  async release() {},
};
