import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NO_SHOW_PRODUCT_TYPES } from '../../../core/constants';
import { authorize } from '../../auth/guard';
import { events, users } from '../../db/schema';
import { badRequest, HttpError } from '../../http/errors';
import { parse } from '../../http/validate';
import { idParam, queryBool } from '../../../core/validation/wire';
import { calendarFacility, eventWire, findEvent, recordEventChange } from './access';

// The event page's switches and selectors (spec 2 §2): No show (types 1, 2, 11), Video visible, the
// coach; GET /coaches lists a facility's coaches; GET /video/event/{id} answers the recording.

const noShowQuery = z.strictObject({ no_show: queryBool });
const videoBody = z.strictObject({ video_visible: z.boolean() });
const coachQuery = z.strictObject({ coach_id: z.coerce.number().int().nonnegative() });
const facilityQuery = z.strictObject({ facility_id: z.coerce.number().int().nonnegative().optional() });

export async function switchRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  /** Sets columns of one event in the user's reach, audited. */
  const setOn = async (user: Parameters<typeof findEvent>[1], id: number, values: Partial<typeof events.$inferInsert>, check?: (e: Awaited<ReturnType<typeof findEvent>>) => void) =>
    db.transaction(async (tx) => {
      const event = await findEvent(tx, user, id);
      check?.(event);
      const [row] = await tx.update(events).set(values).where(eq(events.ID, id)).returning();
      await recordEventChange(tx, user, row, 'update', { changes: Object.keys(values) });
      return eventWire(row);
    });

  app.put('/event/no_show/:id', async (request) => {
    const user = authorize(request, 'events', 'edit');
    const { id } = parse(idParam, request.params);
    const { no_show } = parse(noShowQuery, request.query);
    return setOn(user, id, { no_show }, (event) => {
      if (!(NO_SHOW_PRODUCT_TYPES as readonly number[]).includes(event.product_type_id)) {
        throw badRequest('No show applies to adult rentals, block bookings and events (product types 1, 2, 11)');
      }
    });
  });

  app.put('/event/video/:id', async (request) => {
    const user = authorize(request, 'events', 'edit');
    const { id } = parse(idParam, request.params);
    const { video_visible } = parse(videoBody, request.body);
    return setOn(user, id, { video_visible });
  });

  app.put('/event/coach/:id', async (request) => {
    const user = authorize(request, 'events', 'edit');
    const { id } = parse(idParam, request.params);
    const { coach_id } = parse(coachQuery, request.query);
    if (coach_id) {
      const [coach] = await db.select({ ID: users.ID }).from(users).where(and(eq(users.ID, coach_id), eq(users.user_type, 'coach'), isNull(users.deleted_at)));
      if (!coach) throw badRequest(`coach_id: unknown coach ${coach_id}`);
    }
    return setOn(user, id, { coach_id: coach_id || null });
  });

  app.get('/coaches', async (request) => {
    const user = authorize(request, 'events', 'list');
    const { facility_id } = parse(facilityQuery, request.query);
    return db
      .select({ ID: users.ID, first_name: users.first_name, last_name: users.last_name, email: users.email })
      .from(users)
      .where(and(eq(users.user_type, 'coach'), isNull(users.deleted_at), eq(users.facility_id, calendarFacility(user, facility_id))))
      .orderBy(asc(users.first_name), asc(users.last_name));
  });

  app.get('/video/event/:id', async (request) => {
    const user = authorize(request, 'events', 'show');
    const { id } = parse(idParam, request.params);
    const event = await findEvent(db, user, id);
    if (!event.video_url) throw new HttpError(404, 'No video was recorded for this event');
    return { event_id: event.ID, url: event.video_url, visible: event.video_visible };
  });
}
