import { and, eq, gte, inArray, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CONFLICT_DAYS, MAX_CALENDAR_DAYS } from '../../../core/calendar';
import { nowSeconds } from '../../../core/time';
import { authorize } from '../../auth/guard';
import type { Db } from '../../db/client';
import { events, fields, refereeAssignments } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { parse } from '../../http/validate';
import { calendarFacility } from './access';
import { calendarRows, markConflicts } from './calendarRows';
import { overlapsAt } from './overlap';

// GET /event?facility_id&start&end: one facility's events overlapping a range, as the calendar
// draws them. GET /event/conflicts: the conflicting events of the next 20 days (the banner).
// GET /schedule: a coach's or referee's own upcoming events (read only).

const DAY = 86400;
const unix = z.coerce.number({ error: 'must be a date (unix seconds)' }).int().nonnegative();

const rangeQuery = z.strictObject({
  facility_id: z.coerce.number().int().nonnegative().optional(),
  start: unix,
  end: unix,
});

const conflictsQuery = z.strictObject({
  facility_id: z.coerce.number().int().nonnegative().optional(),
  start: unix.optional(),
  end: unix.optional(),
});

function checkRange(start: number, end: number): void {
  if (end <= start) throw badRequest('end: must be after start');
  if (end - start > MAX_CALENDAR_DAYS * DAY) throw badRequest(`The range may span at most ${MAX_CALENDAR_DAYS} days`);
}

/** Each field of the facility with the full field it is a part of (split fields), for markConflicts. */
async function fieldParents(db: Db, facilityId: number): Promise<Map<number, number | null>> {
  const rows = await db.select({ ID: fields.ID, parent: fields.parent_field_id }).from(fields).where(eq(fields.facility_id, facilityId));
  return new Map(rows.map((f) => [f.ID, f.parent]));
}

/** The facility's events overlapping [start, end), with their conflict flags. */
export async function facilityCalendar(db: Db, facilityId: number, start: number, end: number) {
  const [rows, parents] = await Promise.all([
    calendarRows(db, and(eq(events.facility_id, facilityId), overlapsAt(facilityId, start, end))),
    fieldParents(db, facilityId),
  ]);
  return markConflicts(rows, parents);
}

/**
 * The facility's conflicting events starting in [start, end): the conflicts are found on the bare
 * times of every event of the range, and only those events are read as the calendar draws them.
 */
async function facilityConflicts(db: Db, facilityId: number, start: number, end: number) {
  const [times, parents] = await Promise.all([
    db.select({ ID: events.ID, field_id: events.field_id, start_date: events.start_date, end_date: events.end_date })
      .from(events).where(and(eq(events.facility_id, facilityId), overlapsAt(facilityId, start, end))),
    fieldParents(db, facilityId),
  ]);
  const ids = markConflicts(times.map((t) => ({ ...t, conflict: false })), parents)
    .filter((t) => t.conflict && t.start_date >= start).map((t) => t.ID);
  if (!ids.length) return [];
  return (await calendarRows(db, inArray(events.ID, ids))).map((row) => ({ ...row, conflict: true }));
}

export async function calendarRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.get('/event', async (request) => {
    const user = authorize(request, 'events', 'list');
    const query = parse(rangeQuery, request.query);
    checkRange(query.start, query.end);
    return facilityCalendar(db, calendarFacility(user, query.facility_id), query.start, query.end);
  });

  app.get('/event/conflicts', async (request) => {
    const user = authorize(request, 'events', 'list');
    const query = parse(conflictsQuery, request.query);
    const start = query.start ?? nowSeconds();
    const end = query.end ?? start + CONFLICT_DAYS * DAY;
    checkRange(start, end);
    return facilityConflicts(db, calendarFacility(user, query.facility_id), start, end);
  });

  app.get('/schedule', async (request) => {
    const user = authorize(request, 'events', 'list');
    const now = nowSeconds();
    const refereed = db.select({ match_id: refereeAssignments.match_id }).from(refereeAssignments).where(eq(refereeAssignments.referee_id, user.ID));
    return calendarRows(db, and(
      gte(events.end_date, now),
      lt(events.start_date, now + 60 * DAY),
      or(eq(events.coach_id, user.ID), inArray(events.match_id, refereed)),
    ));
  });
}
