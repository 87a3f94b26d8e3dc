import { z } from 'zod';
import { PAYMENT_METHODS } from '../constants';
import { MAX_ID } from '../validation/ids';
import { facilityFilterId } from '../validation/wire';
import { endpoint } from './endpoint';
import * as answers from './answers/reports';

// The report calls of spec 2 §7 (and the ones it leaves unnamed: payments, teams). Every call: office
// roles (reports / list), non-admins on their own facility whatever facility_ids say, dates as
// YYYY-MM-DD read in each facility's zone, moderators within the last 30 days (except trials). Most
// take the filter bar's query as a body {query: {...}}; the bar, daily, cameras and reconciliation
// reports take theirs in the query string, as the spec names them.

const permission = { resource: 'reports', action: 'list' } as const;

// ——— The filters ———

const ids = z.array(z.number().int().min(0).max(MAX_ID)).max(200);
const isoDate = z.string().max(10, 'must be a date (YYYY-MM-DD)');
/** First and last row of a page, 0-based and inclusive. */
const pageRange = z.tuple([z.number().int().min(0), z.number().int().min(0)])
  .refine(([s, e]) => e >= s && e - s < 1000, 'must be [first, last] with at most 1000 rows');

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
  range: pageRange.optional(),
});
/** A report's filters as the server reads them. */
export type ReportQuery = z.output<typeof reportQuery>;
/** A report's filters as the filter bar sends them (payment types as its URL holds them: the server refuses an unknown one). */
export type ReportFilters = Omit<z.input<typeof reportQuery>, 'payment_types'> & { payment_types?: string[] };

/** The invoice reports name their dates after what they filter: read as start_date and end_date. */
const filters = z.preprocess((raw) => {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const { event_start_date, event_end_date, invoice_start_date, invoice_end_date, ...rest } = raw as Record<string, unknown>;
  return {
    ...rest,
    ...(event_start_date !== undefined || invoice_start_date !== undefined ? { start_date: event_start_date ?? invoice_start_date } : {}),
    ...(event_end_date !== undefined || invoice_end_date !== undefined ? { end_date: event_end_date ?? invoice_end_date } : {}),
  };
}, reportQuery);

/** The spec's bodies are `{query: {...}}`. */
const reportBody = z.strictObject({ query: filters });

/** The query string's forms: facility IDs separated by commas, dates as YYYY-MM-DD. */
const idList = z.string().max(2000).regex(/^\d+(,\d+)*$/, 'must be facility IDs separated by commas').transform((s) => s.split(',').map(Number)).pipe(ids);
const date = z.string().max(10).optional();
const rangeQuery = { start: date, end: date, facility_id: facilityFilterId().optional() };

// ——— Answers ———

export type ReportName =
  | 'sales' | 'invoices' | 'events' | 'payments' | 'health' | 'daily' | 'outstanding' | 'teams'
  | 'reconciliation' | 'cameras' | 'trials' | 'bar';

/** Every report answers an object or rows; each page reads the fields it shows. */
export type ReportResult = Record<string, unknown> | Array<Record<string, unknown>>;

/** A league the teams report can narrow to. */
export type ReportLeague = z.output<typeof answers.reportLeague>;

// ——— The reports with a body ———

const report = <const P extends string>(path: P, summary: string) => endpoint<ReportResult>()({ method: 'POST', path, summary, permission, body: reportBody, answer: answers.reportResult });

export const salesReport = report('/report/sales/new', 'The sales report (cash or activity basis), or with rows_only a page of its transactions');
export const paymentsReport = report('/report/payments', 'The payments by type, or with rows_only a page of the transactions');
export const invoicesReport = report('/report/invoices', 'The invoices of the period with their figures, or with rows_only a page of them');
export const outstandingReport = report('/report/invoice/outstanding', 'The invoices with a balance owed');
export const eventsReport = report('/report/events', 'The events of the period with their invoice status, or with rows_only a page of them');
export const healthReport = report('/report/health', 'The health check-ins of the period (one facility)');
export const trialsReport = report('/report/trials', 'The free trials of the period and whether they enrolled');

export const teamsReport = endpoint<ReportResult>()({
  method: 'POST',
  path: '/report/teams',
  summary: "The teams of the facilities' leagues with their invoices (no query: every team)",
  permission,
  body: z.strictObject({ query: filters.optional() }),
  answer: answers.reportResult,
});

export const reportLeagues = endpoint<ReportLeague[]>()({
  method: 'GET',
  path: '/report/leagues',
  summary: "The teams report's League filter: the leagues and seasons of the facilities it reads",
  permission,
  query: z.strictObject({ facility_ids: idList.optional() }),
  answer: answers.reportLeague.array(),
});

// ——— The reports of the query string ———

/** The bar's sales are product type 15's. */
const BAR_PRODUCT_TYPE = 15;

export const barReport = endpoint<ReportResult>()({
  method: 'POST',
  path: '/report/bar',
  summary: 'The bar report (product type 15), or with rows_only a page (range=first,last) of its transactions',
  permission,
  query: z.strictObject({
    ...rangeQuery,
    range: z.string().max(30).regex(/^\d+,\d+$/, 'must be first,last').transform((r) => r.split(',').map(Number)).pipe(pageRange).optional(),
    rows_only: z.enum(['1']).transform(() => true).optional(),
  }).transform(({ start, end, ...rest }): ReportQuery => ({ start_date: start, end_date: end, product_type_ids: [BAR_PRODUCT_TYPE], ...rest })),
  answer: answers.reportResult,
});

export const dailyReport = endpoint<ReportResult>()({
  method: 'GET',
  path: '/report/daily',
  summary: 'The daily report of one facility',
  permission,
  query: z.strictObject({ facility_ids: idList.optional(), start: date, end: date })
    .transform(({ start, end, facility_ids }): ReportQuery => ({ start_date: start, end_date: end, facility_ids })),
  answer: answers.reportResult,
});

export const camerasReport = endpoint<ReportResult>()({
  method: 'GET',
  path: '/report/cameras',
  summary: "The cameras of the facilities and whether they recorded",
  permission,
  query: z.strictObject({ facility_id: facilityFilterId().optional() }),
  answer: answers.reportResult,
});

export const reconciliationReport = endpoint<ReportResult>()({
  method: 'GET',
  path: '/payment/reconciliation',
  summary: "The period's card payments as recorded, matched against the card processor's",
  permission,
  query: z.strictObject(rangeQuery).transform(({ start, end, facility_id }): ReportQuery => ({ start_date: start, end_date: end, facility_id })),
  answer: answers.reportResult,
});
