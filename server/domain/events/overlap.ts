import { aliasedTable, and, gt, gte, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { events, fields } from '../../db/schema';

// Events overlapping a range [start, end): start_date < end and end_date > start. The indexes lead with
// (facility_id | field_id, start_date), so without a lower bound on start_date the scan runs through the
// whole history before `end`. An overlapping event starts at most as long before `start` as the longest
// event: that length, per facility, is one descent of events_facility_length_idx, so the scan gets its
// lower bound without a cap on how long an event may be.

/** Aliased, so that the look-up may name the events of the query around it. */
const longest = aliasedTable(events, 'longest');
const length = sql`(${longest.end_date} - ${longest.start_date})`;

/** A value: a number, or an expression of the query (a column, a placeholder of a prepared query). */
type Value = number | SQLWrapper;

/** The longest event of a facility, in seconds (0 when it has none). */
export const longestAt = (facilityId: Value) =>
  sql`(select coalesce(max(${length}), 0) from ${events} ${longest} where ${longest.facility_id} = ${facilityId})`;

/** The longest event of the facilities of these fields (an SQL array of their IDs), in seconds (0 when they have none). */
export const longestOn = (fieldIds: SQLWrapper) =>
  sql`(select coalesce(max((select max(${length}) from ${events} ${longest} where ${longest.facility_id} = ${fields.facility_id})), 0)
    from ${fields} where ${fields.ID} = any(${fieldIds}))`;

function overlapping(start: Value, end: Value, longestLength: SQL): SQL {
  return and(gte(events.start_date, sql`${start}::bigint - ${longestLength}`), lt(events.start_date, end), gt(events.end_date, start))!;
}

/** A facility's events overlapping [start, end); the values may be placeholders. */
export const overlapsAt = (facilityId: Value, start: Value, end: Value) => overlapping(start, end, longestAt(facilityId));

/** Events of these fields (an SQL array) overlapping [start, end) (the caller also filters on the fields); the bounds may be columns. */
export const overlapsOn = (fieldIds: SQLWrapper, start: Value, end: Value) => overlapping(start, end, longestOn(fieldIds));
