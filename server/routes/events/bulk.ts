import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bulkUpdateEvents } from '../../../core/api/events';
import { events } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, notFound } from '../../http/errors';
import { eventWire, recordEventChanges } from '../../domain/events/access';
import { guardSlots, refuseClosedSlots } from '../../domain/events/availability';
import { checkReferences } from '../../domain/events/booking';

// PUT /events: one change to several events at once (a contract's events, a selection on the
// calendar), all or nothing. Moving them to another field is guarded like any booking.

export async function bulkRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, bulkUpdateEvents, async ({ user, body: { event_ids, updates } }) => {
    const ids = [...new Set(event_ids)];
    return db.transaction(async (tx) => {
      const scope = user.role === 'admin' ? undefined : eq(events.facility_id, user.facility_id);
      const targets = await tx.select().from(events).where(and(inArray(events.ID, ids), scope));
      if (targets.length !== ids.length) throw notFound('Event');
      const field = await checkReferences(tx, user, updates);
      if (field) {
        if (targets.some((t) => t.facility_id !== field.facility_id)) throw badRequest('field_id: must be a field of the events\' facility');
        const slots = targets.map((t) => ({ field_id: field.ID, start_date: t.start_date, end_date: t.end_date, keep: t.keep }));
        await refuseClosedSlots(tx, slots);
        await guardSlots(tx, field.facility_id, slots, ids);
      }
      const rows = await tx.update(events).set(updates).where(inArray(events.ID, ids)).returning();
      await recordEventChanges(tx, user, rows, 'update', { changes: Object.keys(updates) });
      return rows.map(eventWire);
    });
  });
}
