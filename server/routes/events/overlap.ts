import { and, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { events, fields } from '../../db/schema';

// Events overlapping a range [start, end): start_date < end and end_date > start. The indexes lead with
// (facility_id | field_id, start_date), so without a lower bound on start_date the scan runs through the
// whole history before `end`. An overlapping event starts at most as long before `start` as the longest
// event: that length, per facility, is one descent of events_facility_length_idx, so the scan gets its
// lower bound without a cap on how long an event may be.

const length = sql`(${events.end_date} - ${events.start_date})`;

/** The longest event of a facility, in seconds (0 when it has none). */
const longestAt = (facilityId: number) =>
  sql`(select coalesce(max(${length}), 0) from ${events} where ${events.facility_id} = ${facilityId})`;

/** The longest event of the facilities of these fields, in seconds (0 when they have none). */
const longestOn = (fieldIds: number[]) =>
  sql`(select coalesce(max((select max(${length}) from ${events} where ${events.facility_id} = ${fields.facility_id})), 0)
    from ${fields} where ${inArray(fields.ID, fieldIds)})`;

/** A time: unix seconds, or a column of the query holding them. */
type Time = number | SQL;

function overlapping(start: Time, end: Time, longest: SQL): SQL {
  return and(gte(events.start_date, sql`${start}::bigint - ${longest}`), lt(events.start_date, end), gt(events.end_date, start))!;
}

/** A facility's events overlapping [start, end). */
export const overlapsAt = (facilityId: number, start: number, end: number) => overlapping(start, end, longestAt(facilityId));

/** Events of these fields overlapping [start, end) (the caller also filters on the fields); the bounds may be columns. */
export const overlapsOn = (fieldIds: number[], start: Time, end: Time) => overlapping(start, end, longestOn(fieldIds));
