import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PAYMENT_METHODS } from '../../../core/constants';
import {
  dateWindow, rangeAllowed, rangeMessage, REPORT_MESSAGES, todayIn, type IsoDate, type ReportKind, type Window,
} from '../../../core/reports';
import { MAX_ID } from '../../../core/validation/ids';
import { authorize } from '../../auth/guard';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { badRequest, forbidden } from '../../http/errors';

// What every report call shares: its filters (zod), the facilities it may read (non-admins only their
// own, whatever facility_ids say), the mods' 30 days, and each facility's window — the date range read
// as whole days in that facility's zone (core/reports/windows).

const ids = z.array(z.number().int().min(0).max(MAX_ID)).max(200);
const isoDate = z.string().max(10, 'must be a date (YYYY-MM-DD)');

export const reportQuery = z.strictObject({
  start_date: isoDate.nullish(),
  end_date: isoDate.nullish(),
  facility_ids: ids.optional(),
  facility_id: z.number().int().min(0).max(MAX_ID).optional(),
  product_type_ids: ids.optional(),
  product_type_id: z.number().int().min(0).max(MAX_ID).optional(),
  payment_types: z.array(z.enum(PAYMENT_METHODS, { error: `must be one of ${PAYMENT_METHODS.join(', ')}` })).max(10).optional(),
  payment_type: z.enum(PAYMENT_METHODS, { error: `must be one of ${PAYMENT_METHODS.join(', ')}` }).or(z.literal('')).optional(),
  exclude_tax: z.boolean().optional(),
  /** Cash basis counts money on the day it was paid; activity basis on the day of its invoice. */
  basis: z.enum(['cash', 'activity']).optional(),
  active: z.boolean().optional(),
  league_id: z.number().int().min(0).max(MAX_ID).optional(),
  search: z.string().trim().max(200).optional(),
  invoiced_paid: z.boolean().optional(),
  invoiced_unpaid: z.boolean().optional(),
  uninvoiced: z.boolean().optional(),
  /** Week over week's second run: the figures without the table of rows. */
  summary_only: z.boolean().optional(),
  /** An export's pages: the table's rows without the figures. */
  rows_only: z.boolean().optional(),
  /** First and last row of the page, 0-based and inclusive. */
  range: z.tuple([z.number().int().min(0), z.number().int().min(0)]).refine(([s, e]) => e >= s && e - s < 1000, 'must be [first, last] with at most 1000 rows').optional(),
});
export type ReportQuery = z.output<typeof reportQuery>;

/** The spec's bodies are `{query: {...}}`; the invoice reports name their dates after what they filter. */
export const reportBody = z.strictObject({
  query: z.preprocess((raw) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
    const { event_start_date, event_end_date, invoice_start_date, invoice_end_date, ...rest } = raw as Record<string, unknown>;
    return {
      ...rest,
      ...(event_start_date !== undefined || invoice_start_date !== undefined ? { start_date: event_start_date ?? invoice_start_date } : {}),
      ...(event_end_date !== undefined || invoice_end_date !== undefined ? { end_date: event_end_date ?? invoice_end_date } : {}),
    };
  }, reportQuery),
});

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
 * Authorizes a report call and resolves its filters: 400 with the spec's message for missing dates or
 * facility, 403 for a moderator's range beyond the last 30 days.
 */
export async function resolveReport(request: FastifyRequest, db: Db, kind: ReportKind, query: ReportQuery, options: { bothMessage?: boolean; dates?: boolean } = {}): Promise<ReportScope> {
  const user = authorize(request, 'reports', 'list');
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
