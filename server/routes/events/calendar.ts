import { and, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { calendar, conflicts, schedule } from '../../../core/api/events';
import { CONFLICT_DAYS, MAX_CALENDAR_DAYS } from '../../../core/calendar';
import { nowSeconds } from '../../../core/time';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { coachAssignments, events, facilities, refereeAssignments } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest } from '../../http/errors';
import { calendarFacility } from '../../domain/events/access';
import { CalendarAnswers } from './calendarCache';
import { calendarQuery, calendarVersion, sendCalendar, versionedCalendarQuery } from './calendarRows';
import { overlapsAt } from '../../domain/events/overlap';

// GET /event?facility_id&start&end: one facility's events overlapping a range, as the calendar
// draws them. GET /event/conflicts: the conflicting events of the next 20 days (the banner).
// GET /schedule: a coach's or referee's own upcoming events (read only).

const DAY = 86400;

function checkRange(start: number, end: number): void {
  if (end <= start) throw badRequest('end: must be after start');
  if (end - start > MAX_CALENDAR_DAYS * DAY) throw badRequest(`The range may span at most ${MAX_CALENDAR_DAYS} days`);
}

const facility = sql.placeholder('facility');
const from = sql.placeholder('start');
const to = sql.placeholder('end');

/** The two busy reads and the version look-up, prepared once per database (calendarRows.ts says why). */
function prepareReads(db: Db) {
  return {
    version: db.select({ version: calendarVersion(facility) }).from(facilities).where(eq(facilities.ID, facility)).prepare('calendar_version'),
    // The facility's events overlapping [start, end).
    week: versionedCalendarQuery(db, facility, and(eq(events.facility_id, facility), overlapsAt(facility, from, to))).prepare('calendar_range'),
    // The facility's conflicting events starting in [start, end).
    conflicts: versionedCalendarQuery(db, facility, and(eq(events.facility_id, facility), gte(events.start_date, from), lt(events.start_date, to)), true)
      .prepare('calendar_conflicts'),
  };
}

const reads = perDatabase(prepareReads);
const kept = perDatabase(() => new CalendarAnswers());

/**
 * A facility's calendar read (`week` or `conflicts`) over [start, end): the answer kept from an earlier
 * read while the facility's calendar version has not moved, else read again (with its version) and kept.
 */
async function calendarAnswer(db: Db, read: 'week' | 'conflicts', facilityId: number, start: number, end: number) {
  const answers = kept(db);
  const key = `${read} ${facilityId} ${start} ${end}`;
  const [current] = await reads(db).version.execute({ facility: facilityId });
  const answer = answers.get(key, current?.version ?? '0');
  if (answer) return answer;
  const [fresh] = await reads(db)[read].execute({ facility: facilityId, start, end });
  return answers.set(key, fresh.version, fresh.json);
}

export async function calendarRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, calendar, async ({ user, query }, request, reply) => {
    checkRange(query.start, query.end);
    return (await calendarAnswer(db, 'week', calendarFacility(user, query.facility_id), query.start, query.end)).send(request, reply);
  });

  serve(app, conflicts, async ({ user, query }, request, reply) => {
    const start = query.start ?? nowSeconds();
    const end = query.end ?? start + CONFLICT_DAYS * DAY;
    checkRange(start, end);
    return (await calendarAnswer(db, 'conflicts', calendarFacility(user, query.facility_id), start, end)).send(request, reply);
  });

  serve(app, schedule, async ({ user }, _request, reply) => {
    const now = nowSeconds();
    const coached = db.select({ class_id: coachAssignments.class_id }).from(coachAssignments).where(eq(coachAssignments.worker_id, user.ID));
    const refereed = db.select({ match_id: refereeAssignments.match_id }).from(refereeAssignments).where(eq(refereeAssignments.referee_id, user.ID));
    return sendCalendar(reply, await calendarQuery(db, and(
      gte(events.end_date, now),
      lt(events.start_date, now + 60 * DAY),
      // A coach of a class sees its events too (spec 3 §2.16 Coaches card).
      or(eq(events.coach_id, user.ID), inArray(events.match_id, refereed), inArray(events.class_id, coached)),
    )));
  });
}
