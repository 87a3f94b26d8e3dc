import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { coaches, eventVideo, setCoach, setNoShow, setVideoVisible } from '../../../core/api/events';
import { NO_SHOW_PRODUCT_TYPES } from '../../../core/constants';
import { events, users } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, HttpError } from '../../http/errors';
import { calendarFacility, eventWire, findEvent, recordEventChange } from '../../domain/events/access';

// The event page's switches and selectors (spec 2 §2): No show (types 1, 2, 11), Video visible, the
// coach; GET /coaches lists a facility's coaches; GET /video/event/{id} answers the recording.

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

  serve(app, setNoShow, async ({ user, params: { id }, query: { no_show } }) => setOn(user, id, { no_show }, (event) => {
    if (!(NO_SHOW_PRODUCT_TYPES as readonly number[]).includes(event.product_type_id)) {
      throw badRequest('No show applies to adult rentals, block bookings and events (product types 1, 2, 11)');
    }
  }));

  serve(app, setVideoVisible, async ({ user, params: { id }, body: { video_visible } }) => setOn(user, id, { video_visible }));

  serve(app, setCoach, async ({ user, params: { id }, query: { coach_id } }) => {
    if (coach_id) {
      const [coach] = await db.select({ ID: users.ID }).from(users).where(and(eq(users.ID, coach_id), eq(users.user_type, 'coach'), isNull(users.deleted_at)));
      if (!coach) throw badRequest(`coach_id: unknown coach ${coach_id}`);
    }
    return setOn(user, id, { coach_id: coach_id || null });
  });

  serve(app, coaches, async ({ user, query: { facility_id } }) => db
    .select({ ID: users.ID, first_name: users.first_name, last_name: users.last_name, email: users.email })
    .from(users)
    .where(and(eq(users.user_type, 'coach'), isNull(users.deleted_at), eq(users.facility_id, calendarFacility(user, facility_id))))
    .orderBy(asc(users.first_name), asc(users.last_name)));

  serve(app, eventVideo, async ({ user, params: { id } }) => {
    const event = await findEvent(db, user, id);
    if (!event.video_url) throw new HttpError(404, 'No video was recorded for this event');
    return { event_id: event.ID, url: event.video_url, visible: event.video_visible };
  });
}
