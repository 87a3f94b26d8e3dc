import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { FastifyInstance } from 'fastify';
import { createPickupSession, pickupPresence, pickupSession, pickupSessions as sessionList, removePickupPlayer, removePickupWaitlist } from '../../../core/api/pickup';
import { INVOICE_TYPE } from '../../../core/constants';
import { toDollars } from '../../../core/money';
import { CONTRACT_MESSAGES, PICKUP_PRODUCT_TYPE, pickupContractName } from '../../../core/validation/contract';
import { facilityScope } from '../../auth/guard';
import type { SessionUser } from '../../auth/session';
import { contracts, customers, events, facilities, fields, pickupPlayers, pickupSessions, productVariations } from '../../db/schema';
import { serve, type EndpointInput } from '../../http/endpoint';
import { badRequest, notFound } from '../../http/errors';
import { idempotentCreate } from '../../http/idempotency';
import { recordChange } from '../../services/changelog';
import { customerNameOrder } from '../../domain/customers/summary';
import { findField, recordEventChanges } from '../../domain/events/access';
import { guardSlots, refuseClosedSlots } from '../../domain/events/availability';
import { newBlockToken } from '../../domain/events/booking';
import { recordInvoiceChange } from '../../domain/invoices/audit';
import { createInvoice } from '../../domain/invoices/write';
import { contractWire } from '../../domain/contracts/access';
import { gameWaitlists, removeGameEntry } from '../../domain/portal/pickupGames';
import { removePickupPlayer as removePlayer } from '../../domain/portal/pickupStaff';

// Pickup (spec 2 §2 Pickup screen, §4, §7):
// - GET /pickup?facility_id&day: the sessions (slot: day, time, field; number of slots = events; contract).
// - GET /pickup/{id}: one session with its events, their players and waitlists (issue 44 item 5);
//   DELETE /pickup/waitlist/{id} removes a waitlist entry; DELETE /pickup/player/{id} removes a player of a
//   coming game, its place offered to the waitlist.
// - POST /pickup: after the availability check (POST /event/recurrent), creates the contract (type 5,
//   deposit 0, 'Pickup session @{facility}'), the session, its events and its invoice in one transaction;
//   a game outside its field's opening hours is refused (400) whatever keep says.
// - GET /slot/sessions?facility_id&start&end&customer_id: the players (Presence), start to end (default
//   one day). Checking a player in is PUT /pickup/checkin/{id} (events/people.ts).

const slotOf = (s: typeof pickupSessions.$inferSelect) => ({ day: s.day, time: s.time, duration: s.duration, field_id: s.field_id });

async function sessionRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      session: pickupSessions,
      facility: { ID: facilities.ID, name: facilities.name, time_zone: facilities.time_zone },
      field: { ID: fields.ID, name: fields.name },
      contract: { ID: contracts.ID, name: contracts.name, fee: contracts.fee },
      slots: sql<number>`(select count(*)::int from ${events} where ${events.contract_id} = ${pickupSessions.contract_id})`,
    })
    .from(pickupSessions)
    .innerJoin(facilities, eq(facilities.ID, pickupSessions.facility_id))
    .innerJoin(fields, eq(fields.ID, pickupSessions.field_id))
    .innerJoin(contracts, eq(contracts.ID, pickupSessions.contract_id))
    .where(where)
    .orderBy(asc(pickupSessions.day), asc(pickupSessions.time), asc(pickupSessions.ID));
}

const sessionWire = (r: Awaited<ReturnType<typeof sessionRows>>[number]) => ({
  ID: r.session.ID, slot: slotOf(r.session), facility: r.facility, field: r.field, slots: r.slots,
  contract: { ...r.contract, fee: toDollars(r.contract.fee) },
});

/** Creates a pickup session (spec 2 §4): its contract (type 5, deposit 0), its games and its invoice. */
async function createSession(tx: Tx, user: SessionUser, body: EndpointInput<typeof createPickupSession>['body']) {
  const field = await findField(tx, user, body.field_id);
  const facility_id = field.facility_id;
  if (facility_id !== body.facility_id) throw badRequest('field_id: must be a field of the facility');
  const [variation] = await tx.select().from(productVariations).where(and(eq(productVariations.ID, body.product_id), eq(productVariations.facility_id, facility_id)));
  if (!variation) throw badRequest(CONTRACT_MESSAGES.validFee);
  for (const r of body.events) {
    if (r.end_date <= r.start_date) throw badRequest(CONTRACT_MESSAGES.endAfterStart);
    if (r.field_id !== field.ID) await findField(tx, user, r.field_id);
  }
  await refuseClosedSlots(tx, body.events);
  await guardSlots(tx, facility_id, body.events.map((r) => ({ ...r, keep: r.keep ?? false })));
  const [facility] = await tx.select({ name: facilities.name, nickname: facilities.nickname }).from(facilities).where(eq(facilities.ID, facility_id));
  const [contract] = await tx.insert(contracts).values({
    name: pickupContractName(facility.nickname || facility.name), facility_id, customer_id: null, product_type_id: PICKUP_PRODUCT_TYPE,
    product_id: variation.ID, fee: variation.full_price, deposit: 0, percentage: 0,
  }).returning();
  const [session] = await tx.insert(pickupSessions).values({
    facility_id, contract_id: contract.ID, field_id: field.ID, day: body.day, time: body.time, duration: body.duration, product_id: variation.ID,
  }).returning();
  const block_token = newBlockToken();
  const rows = await tx.insert(events).values(body.events.map((r) => ({
    field_id: r.field_id, start_date: r.start_date, end_date: r.end_date, keep: r.keep ?? false, facility_id,
    product_type_id: PICKUP_PRODUCT_TYPE, product_id: variation.ID, new_product_id: variation.new_product_id,
    contract_id: contract.ID, block_token, comment: contract.name,
  }))).returning();
  await recordEventChanges(tx, user, rows, 'create');
  const invoice = await createInvoice(tx, user, {
    facility_id, customer_id: 0, invoice_type_id: INVOICE_TYPE.GENERAL, contract_id: contract.ID, product_type_id: PICKUP_PRODUCT_TYPE,
    comment: contract.name, invoice_items: [],
  });
  await recordInvoiceChange(tx, user, invoice, 'create');
  await recordChange(tx, { object: 'contract', object_id: contract.ID, action: 'create', user_id: user.ID, new_value: contractWire(contract) });
  const { ID, day, time, duration } = session;
  return { ID, facility_id, field_id: field.ID, contract_id: contract.ID, day, time, duration, slot: slotOf(session), contract: contractWire(contract), events: rows.length, invoice_id: invoice.ID };
}

export async function pickupRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const scopeOf = (user: SessionUser, requested?: number) => facilityScope(user, requested);

  serve(app, sessionList, async ({ user, query: { facility_id, day } }) => {
    const facility = scopeOf(user, facility_id);
    const rows = await sessionRows(db, and(
      facility === null ? undefined : eq(pickupSessions.facility_id, facility),
      day === undefined ? undefined : eq(pickupSessions.day, day),
    ));
    return rows.map(sessionWire);
  });

  serve(app, pickupSession, async ({ user, params: { id } }) => {
    const facility = scopeOf(user);
    const [session] = await sessionRows(db, and(eq(pickupSessions.ID, id), facility === null ? undefined : eq(pickupSessions.facility_id, facility)));
    if (!session) throw notFound('Pickup session');
    const eventRows = await db
      .select({ ID: events.ID, start_date: events.start_date, end_date: events.end_date })
      .from(events).where(eq(events.contract_id, session.session.contract_id)).orderBy(asc(events.start_date));
    const players = eventRows.length
      ? await db
        .select({ ID: pickupPlayers.ID, event_id: pickupPlayers.event_id, checked_in: pickupPlayers.checked_in, source: pickupPlayers.source, customer: { ID: customers.ID, first_name: customers.first_name, last_name: customers.last_name, email: customers.email, phone: customers.phone } })
        .from(pickupPlayers).innerJoin(customers, eq(customers.ID, pickupPlayers.customer_id))
        .where(inArray(pickupPlayers.event_id, eventRows.map((e) => e.ID)))
        .orderBy(...customerNameOrder)
      : [];
    const waitlists = await gameWaitlists(db, eventRows.map((e) => e.ID));
    return {
      ...sessionWire(session),
      events: eventRows.map((e) => ({
        ...e, players: players.filter((p) => p.event_id === e.ID).map(({ event_id: _e, ...player }) => player), waitlist: waitlists.get(e.ID) ?? [],
      })),
    };
  });

  serve(app, removePickupWaitlist, async ({ user, params: { id } }) => {
    const entry = await removeGameEntry(db, user, id, config.publicUrl);
    // A place offered to the next in line: its mail is a job.
    app.jobs.wake();
    return entry;
  });

  serve(app, removePickupPlayer, async ({ user, params: { id } }) => {
    const removed = await removePlayer(db, user, id, config.publicUrl);
    // The freed place offered to the first in line: its mail is a job.
    app.jobs.wake();
    return removed;
  });

  serve(app, createPickupSession, async ({ user, body, idempotencyKey }, _request, reply) => {
    const answer = await idempotentCreate(db, user, idempotencyKey, 'pickup', body, (tx) => createSession(tx, user, body));
    return reply.status(answer.status).send(answer.body);
  });

  serve(app, pickupPresence, async ({ user, query: { facility_id, start, end, customer_id } }) => {
    const facility = scopeOf(user, facility_id);
    return db
      .select({
        ID: pickupPlayers.ID, event_id: pickupPlayers.event_id, start_date: pickupPlayers.start_date, end_date: pickupPlayers.end_date,
        checked_in: pickupPlayers.checked_in, facility: { ID: facilities.ID, name: facilities.name, time_zone: facilities.time_zone },
        slot: { field_id: fields.ID, field: fields.name },
        customer: { ID: customers.ID, first_name: customers.first_name, last_name: customers.last_name, email: customers.email, phone: customers.phone },
      })
      .from(pickupPlayers)
      .innerJoin(events, eq(events.ID, pickupPlayers.event_id))
      .innerJoin(fields, eq(fields.ID, events.field_id))
      .innerJoin(facilities, eq(facilities.ID, pickupPlayers.facility_id))
      .innerJoin(customers, eq(customers.ID, pickupPlayers.customer_id))
      .where(and(
        facility === null ? undefined : eq(pickupPlayers.facility_id, facility),
        gte(pickupPlayers.start_date, start), lt(pickupPlayers.start_date, end ?? start + 86400),
        customer_id ? eq(pickupPlayers.customer_id, customer_id) : undefined,
      ))
      .orderBy(asc(pickupPlayers.start_date), ...customerNameOrder)
      .limit(1000);
  });
}
