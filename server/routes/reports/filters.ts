import { sql, type SQL } from 'drizzle-orm';
import type { ReportQuery } from '../../../core/api/reports';
import {
  dateWindow, rangeAllowed, rangeMessage, REPORT_MESSAGES, todayIn, type IsoDate, type ReportKind, type Window,
} from '../../../core/reports';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { badRequest, forbidden } from '../../http/errors';

// What every report call shares: the facilities it may read (non-admins only their own, whatever
// facility_ids say), the mods' 30 days, and each facility's window — the date range read as whole days
// in that facility's zone (core/reports/windows). Its filters are declared with the calls
// (core/api/reports.ts).

export interface FacilityWindow extends Window {
  facility_id: number;
  time_zone: string;
}

export interface ReportScope {
  user: SessionUser;
  query: ReportQuery;
  start: IsoDate;
  end: IsoDate;
  /** One window per facility read, in its own zone. */
  windows: FacilityWindow[];
}

type Rows<T> = { rows: T[] };

/** Rows of a raw query (both drivers answer `{rows}`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/** The facilities a report reads: the user's own unless admin; an admin's empty choice is every facility. */
export async function scopedFacilities(db: Db, user: SessionUser, requested: number[]): Promise<Array<{ ID: number; time_zone: string }>> {
  const wanted = user.role === 'admin' ? requested.filter((id) => id > 0) : [user.facility_id];
  const where = wanted.length ? sql`where id in (${sql.join(wanted.map((id) => sql`${id}`), sql`, `)})` : sql``;
  return rowsOf(db, sql`select id as "ID", time_zone from facilities ${where} order by id`);
}

/**
 * Resolves a report call's filters: 400 with the spec's message for missing dates or facility, 403 for
 * a moderator's range beyond the last 30 days.
 */
export async function resolveReport(user: SessionUser, db: Db, kind: ReportKind, query: ReportQuery, options: { bothMessage?: boolean } = {}): Promise<ReportScope> {
  const requested = query.facility_ids ?? (query.facility_id !== undefined ? [query.facility_id] : []);
  const facilityIds = user.role === 'admin' ? requested : [user.facility_id];
  const message = rangeMessage(kind, { start: query.start_date, end: query.end_date, facilityIds }, options.bothMessage);
  if (message) throw badRequest(message);
  const start = query.start_date as IsoDate;
  const end = query.end_date as IsoDate;
  const facilities = await scopedFacilities(db, user, facilityIds);
  if (!facilities.length) throw badRequest(REPORT_MESSAGES.missingFacility);
  const own = facilities.find((f) => f.ID === user.facility_id) ?? facilities[0];
  if (!rangeAllowed(user.role, kind, start, end, todayIn(own.time_zone))) throw forbidden(REPORT_MESSAGES.modRange);
  const windows = facilities.map((f) => ({ facility_id: f.ID, time_zone: f.time_zone, ...dateWindow(start, end, f.time_zone) }));
  return { user, query, start, end, windows };
}

/**
 * Keeps rows whose instant `time` falls in the window of their facility `facility`: a join on the
 * windows as VALUES, with the overall bounds spelled out so the time index narrows the scan.
 */
export function inWindows(windows: Array<Window & { facility_id: number }>, facility: SQL, time: SQL): { join: SQL; where: SQL } {
  const values = sql.join(windows.map((w) => sql`(${w.facility_id}::int, ${w.start}::bigint, ${w.end}::bigint)`), sql`, `);
  const from = Math.min(...windows.map((w) => w.start));
  const to = Math.max(...windows.map((w) => w.end));
  return {
    join: sql`join (values ${values}) as w(facility_id, w_start, w_end) on w.facility_id = ${facility} and ${time} >= w.w_start and ${time} < w.w_end`,
    where: sql`${time} >= ${from} and ${time} < ${to}`,
  };
}

/** `column in (…)` when the list is not empty, else true. */
export function anyOf(column: SQL, values: ReadonlyArray<number | string> | undefined): SQL {
  if (!values?.length) return sql`true`;
  return sql`${column} in (${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;
}

/** The product types and payment types chosen, from the list or the single field. */
export function chosenTypes(query: ReportQuery) {
  const productTypes = query.product_type_ids?.filter((id) => id > 0) ?? (query.product_type_id ? [query.product_type_id] : []);
  const paymentTypes = query.payment_types ?? (query.payment_type ? [query.payment_type] : []);
  return { productTypes, paymentTypes };
}

/** bigint sums arrive as text: cents as numbers. */
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
