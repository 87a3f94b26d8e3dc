import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createEvent, createKeptEvent, deleteEvent, getEvent, updateEvent, updateKeptEvent } from '../../../core/api/events';
import type { SessionUser } from '../../auth/session';
import { events } from '../../db/schema';
import { serve, type EndpointInput } from '../../http/endpoint';
import { idempotentCreate } from '../../http/idempotency';
import { eventWire, findEvent } from '../../domain/events/access';
import { deleteEvents, insertEvent, scopedEvents, updateEvents } from '../../domain/events/booking';
import { invoiceBooking } from '../../domain/events/bookingInvoice';
import { calendarRows } from './calendarRows';

// One event: GET /event/{id}; POST /event (refused on a taken slot; with invoice: true, invoiced in the
// same transaction: domain/events/bookingInvoice.ts) and POST /event/keep (saved even
// if it conflicts, e.g. a row of a series marked Keep; never outside the field's opening hours); PUT /event/{id} (edit or drag; ?scope= this,
// following or series for an event of a repeat series) and PUT /event/keep/{id}; DELETE /event/{id}
// (?scope= likewise), through domain/events/booking.ts.

export async function bookingRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  const readOne = async (user: SessionUser, id: number) => {
    const event = await findEvent(db, user, id);
    const [row] = await calendarRows(db, eq(events.ID, event.ID));
    return row;
  };

  serve(app, getEvent, async ({ user, params: { id } }) => readOne(user, id));

  const create = async ({ user, body, idempotencyKey }: EndpointInput<typeof createEvent>, reply: FastifyReply, keep: boolean) => {
    const answer = await idempotentCreate(db, user, idempotencyKey, keep ? 'event-keep' : 'event', body,
      async (tx) => {
        const { invoice, ...booking } = body;
        const row = await insertEvent(tx, user, { ...booking, keep: keep || (body.keep ?? false) });
        return invoice ? { ...eventWire(row), invoice_id: await invoiceBooking(tx, user, row) } : eventWire(row);
      });
    return reply.status(answer.status).send(answer.body);
  };
  serve(app, createEvent, (input, _request, reply) => create(input, reply, false));
  serve(app, createKeptEvent, (input, _request, reply) => create(input, reply, true));

  const update = async ({ user, params: { id }, query: { scope }, body }: EndpointInput<typeof updateEvent>, force: boolean) => {
    const rows = await db.transaction(async (tx) => updateEvents(tx, user, await findEvent(tx, user, id), body, scope, force));
    return scope === 'this' ? eventWire(rows[0]) : rows.map(eventWire);
  };
  serve(app, updateEvent, (input) => update(input, false));
  serve(app, updateKeptEvent, (input) => update(input, true));

  serve(app, deleteEvent, async ({ user, params: { id }, query: { scope } }) => db.transaction(async (tx) => {
    const targets = await scopedEvents(tx, await findEvent(tx, user, id), scope);
    return deleteEvents(tx, user, targets);
  }));
}
