import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  checkInPickup, healthChecks as eventHealthChecks, participants, pickupPlayers as eventPickupPlayers, setAttendance,
} from '../../../core/api/events';
import { columnsBut } from '../../db/columns';
import { attendances, customers, healthChecks, pickupPlayers } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import { customerNameOrder } from '../../domain/customers/summary';
import { findEvent, recordEventChange } from '../../domain/events/access';

// The people of an event (spec 2 §2, §7): participants (Soccernaut sign-ups: the event's attendances
// with their waiver), health check-ins, pickup players and their check-in, and attendance taking.

const person = {
  customer_id: customers.ID,
  first_name: customers.first_name,
  last_name: customers.last_name,
  email: customers.email,
  phone: customers.phone,
  waiver_signed: customers.waiver_signed,
};

export async function peopleRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, participants, async ({ user, params: { eventId } }) => {
    await findEvent(db, user, eventId);
    return db
      .select({ ID: attendances.ID, ...person, attended: attendances.attended, temporary: attendances.temporary })
      .from(attendances)
      .innerJoin(customers, eq(customers.ID, attendances.customer_id))
      .where(eq(attendances.event_id, eventId))
      .orderBy(...customerNameOrder);
  });

  serve(app, eventHealthChecks, async ({ user, params: { id } }) => {
    await findEvent(db, user, id);
    return db
      .select({ ID: healthChecks.ID, ...person, CreatedAt: healthChecks.CreatedAt })
      .from(healthChecks)
      .innerJoin(customers, eq(customers.ID, healthChecks.customer_id))
      .where(eq(healthChecks.event_id, id))
      .orderBy(asc(healthChecks.CreatedAt));
  });

  serve(app, eventPickupPlayers, async ({ user, params: { id } }) => {
    await findEvent(db, user, id);
    return db
      .select({ ID: pickupPlayers.ID, ...person, checked_in: pickupPlayers.checked_in, start_date: pickupPlayers.start_date, end_date: pickupPlayers.end_date })
      .from(pickupPlayers)
      .innerJoin(customers, eq(customers.ID, pickupPlayers.customer_id))
      .where(eq(pickupPlayers.event_id, id))
      .orderBy(...customerNameOrder);
  });

  serve(app, checkInPickup, async ({ user, params: { id }, query: { present } }) => db.transaction(async (tx) => {
    const [player] = await tx.select().from(pickupPlayers).where(eq(pickupPlayers.ID, id));
    if (!player) throw notFound('Pickup player');
    const event = await findEvent(tx, user, player.event_id).catch(() => { throw notFound('Pickup player'); });
    const [row] = await tx.update(pickupPlayers).set({ checked_in: present }).where(eq(pickupPlayers.ID, id)).returning();
    await recordEventChange(tx, user, event, 'update', { pickup_checkin: { customer_id: row.customer_id, checked_in: present } });
    return { ID: row.ID, event_id: row.event_id, customer_id: row.customer_id, checked_in: row.checked_in };
  }));

  serve(app, setAttendance, async ({ user, body }) => db.transaction(async (tx) => {
    const event = await findEvent(tx, user, body.event_id);
    const [customer] = await tx.select({ ID: customers.ID }).from(customers).where(eq(customers.ID, body.customer_id));
    if (!customer) throw notFound('Customer');
    const [saved] = await tx
      .insert(attendances)
      .values({ event_id: body.event_id, customer_id: body.customer_id, attended: body.attended, temporary: body.temporary ?? false })
      .onConflictDoUpdate({ target: [attendances.event_id, attendances.customer_id], set: { attended: body.attended } })
      .returning(columnsBut(attendances, 'CreatedAt', 'UpdatedAt'));
    await recordEventChange(tx, user, event, 'update', { attendance: { customer_id: saved.customer_id, attended: saved.attended } });
    return saved;
  }));
}

