import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createClassEvent, deleteClassEvent, forceClassEvent, updateClassEvent } from '../../../core/api/classes';
import { CLASS_MESSAGES } from '../../../core/validation/classes';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { transaction } from '../../db/transaction';
import { coachAssignments, events } from '../../db/schema';
import { serve, type EndpointInput } from '../../http/endpoint';
import { badRequest, notFound } from '../../http/errors';
import { idempotentCreate } from '../../http/idempotency';
import { findEvent, findField, recordEventChange } from '../../domain/events/access';
import { guardSlots, refuseClosedSlots } from '../../domain/events/availability';
import { checkProductType } from '../../domain/events/access';
import { checkTimes, deleteEvents, insertEvent } from '../../domain/events/booking';
import { findClass } from '../../domain/classes/access';
import { classEvent } from './detail';

// A class's events (spec 3 §2.16 Events tab and Add manual class, §5, §7): booked through the
// calendar's guard (the fields locked, a taken slot refused with 409 naming the event in the way, the
// field's opening hours enforced) on a field of the class's facility; /class/event/keep books a
// conflicting one the person chose to keep. An event takes the class, its quota (kids per event, by
// default the class's), its product and its lead coach.

async function classOfEvent(tx: Tx, user: SessionUser, id: number) {
  const event = await findEvent(tx, user, id);
  if (!event.class_id) throw notFound('Class event');
  return { event, cls: await findClass(tx, user, event.class_id, { lock: true }) };
}

export async function classEventRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  const create = async ({ user, body, idempotencyKey }: EndpointInput<typeof createClassEvent>, reply: FastifyReply, force: boolean) => {
    const answer = await idempotentCreate(db, user, idempotencyKey, force ? 'class-event-keep' : 'class-event', body, async (tx) => {
      const cls = await findClass(tx, user, body.class_id, { lock: true });
      if (cls.is_container) throw badRequest(CLASS_MESSAGES.season);
      const field = await findField(tx, user, body.field_id);
      if (field.facility_id !== cls.facility_id) throw badRequest(CLASS_MESSAGES.fieldFacility);
      const [lead] = await tx.select({ worker_id: coachAssignments.worker_id }).from(coachAssignments).where(eq(coachAssignments.class_id, cls.ID)).orderBy(coachAssignments.position).limit(1);
      const row = await insertEvent(tx, user, {
        field_id: body.field_id, product_type_id: body.product_type_id, start_date: body.start_date, end_date: body.end_date,
        comment: body.comment ?? cls.name, keep: force || (body.keep ?? false), coach_id: lead?.worker_id ?? null,
      }, { new_product_id: cls.new_product_id, product_id: cls.product_id });
      await tx.update(events).set({ class_id: cls.ID, quota: body.quota ?? cls.quota ?? cls.max_kids }).where(eq(events.ID, row.ID));
      return row.ID;
    });
    return reply.status(answer.status).send(await classEvent(db, answer.body));
  };
  serve(app, createClassEvent, (input, _request, reply) => create(input, reply, false));
  serve(app, forceClassEvent, (input, _request, reply) => create(input, reply, true));

  serve(app, updateClassEvent, async ({ user, params: { id }, body }) => {
    await transaction(db, async (tx) => {
      const { event, cls } = await classOfEvent(tx, user, id);
      const slot = { field_id: body.field_id ?? event.field_id, start_date: body.start_date ?? event.start_date, end_date: body.end_date ?? event.end_date };
      checkTimes(slot.start_date, slot.end_date);
      if (body.product_type_id !== undefined) await checkProductType(tx, body.product_type_id);
      if (slot.field_id !== event.field_id && (await findField(tx, user, slot.field_id)).facility_id !== cls.facility_id) throw badRequest(CLASS_MESSAGES.fieldFacility);
      if (slot.field_id !== event.field_id || slot.start_date !== event.start_date || slot.end_date !== event.end_date) {
        await refuseClosedSlots(tx, [slot]);
        await guardSlots(tx, cls.facility_id, [{ ...slot, keep: false }], [event.ID]);
      }
      const [row] = await tx.update(events).set({
        ...slot,
        ...(body.product_type_id !== undefined && { product_type_id: body.product_type_id }),
        ...(body.comment !== undefined && { comment: body.comment }),
        ...(body.quota !== undefined && { quota: body.quota }),
        UpdatedAt: Math.floor(Date.now() / 1000),
      }).where(eq(events.ID, id)).returning();
      await recordEventChange(tx, user, row, 'update');
    });
    return classEvent(db, id);
  });

  serve(app, deleteClassEvent, async ({ user, params: { id } }) => transaction(db, async (tx) => {
    const { event } = await classOfEvent(tx, user, id);
    return deleteEvents(tx, user, [event]);
  }));
}
