import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authorize } from '../../auth/guard';
import { events } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import { eventWire, recordEventChanges } from './access';
import { guardSlots, refuseClosedSlots } from './availability';
import { checkReferences } from './booking';

// PUT /events: one change to several events at once (a contract's events, a selection on the
// calendar), all or nothing. Moving them to another field is guarded like any booking.

const bulkBody = z.strictObject({
  event_ids: z.array(z.number().int().positive()).min(1, 'Select at least one event').max(500),
  updates: z.strictObject({
    field_id: z.number().int().positive().optional(),
    product_type_id: z.number().int().positive().optional(),
    customer_id: z.number().int().positive().nullable().optional(),
    coach_id: z.number().int().positive().nullable().optional(),
    comment: z.string().trim().max(2000).optional(),
    no_show: z.boolean().optional(),
    video_visible: z.boolean().optional(),
  }).refine((u) => Object.keys(u).length > 0, 'nothing to change'),
});

export async function bulkRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.put('/events', async (request) => {
    const user = authorize(request, 'events', 'edit');
    const { event_ids, updates } = parse(bulkBody, request.body);
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
