import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { REPORT_MESSAGES } from '../../../core/reports';
import { authorize } from '../../auth/guard';
import { badRequest } from '../../http/errors';
import { parse } from '../../http/validate';
import { camerasReport } from './cameras';
import { dailyReport } from './daily';
import { eventReport, eventRows } from './events';
import { reportBody, reportQuery, resolveReport, scopedFacilities } from './filters';
import { invoiceReport, invoiceRows, outstandingReport } from './invoices';
import { healthReport, reportLeagues, teamsReport, trialsReport } from './programs';
import { reconciliationReport, squarePayments } from './reconciliation';
import { salesReport, salesTransactions } from './sales';

// The report calls of spec 2 §7 (and the ones it leaves unnamed: payments, teams). Every call: office
// roles, non-admins on their own facility whatever facility_ids say, dates as YYYY-MM-DD read in each
// facility's zone, moderators within the last 30 days (except trials). The daily and cameras reports
// are served here.

const BAR_PRODUCT_TYPE = 15;
const idList = z.string().max(2000).regex(/^\d+(,\d+)*$/, 'must be facility IDs separated by commas').transform((s) => s.split(',').map(Number));
const dailyParams = z.strictObject({ facility_ids: idList.optional(), start: z.string().max(10).optional(), end: z.string().max(10).optional() });
const rangeParams = z.strictObject({ start: z.string().max(10).optional(), end: z.string().max(10).optional(), facility_id: z.coerce.number().int().min(0).max(2 ** 31 - 1).optional() });
/** The bar report's transactions page (`range=first,last`) and an export's rows without the figures. */
const barParams = rangeParams.extend({
  range: z.string().max(30).regex(/^\d+,\d+$/, 'must be first,last').transform((r) => r.split(',').map(Number)).optional(),
  rows_only: z.enum(['1']).transform(() => true).optional(),
});
const leagueParams = z.strictObject({ facility_ids: idList.optional() });
const facilityParam = z.strictObject({ facility_id: z.coerce.number().int().min(0).max(2 ** 31 - 1).optional() });

export async function reportRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const cardPayments = squarePayments(app.deps.square);
  const body = (raw: unknown) => parse(reportBody, raw).query;

  app.post('/report/sales/new', async (request) => {
    const scope = await resolveReport(request, db, 'sales', body(request.body));
    return scope.query.rows_only ? { transactions: await salesTransactions(db, scope) } : salesReport(db, scope);
  });

  app.post('/report/payments', async (request) => {
    const scope = await resolveReport(request, db, 'payments', body(request.body));
    if (scope.query.rows_only) return { transactions: await salesTransactions(db, scope) };
    const report = await salesReport(db, scope);
    return { payments: report.payments, transactions: 'transactions' in report ? report.transactions : undefined };
  });

  app.post('/report/invoices', async (request) => {
    const scope = await resolveReport(request, db, 'invoices', body(request.body));
    return scope.query.rows_only ? { invoices: { rows: await invoiceRows(db, scope) } } : invoiceReport(db, scope);
  });

  app.post('/report/invoice/outstanding', async (request) => outstandingReport(db, await resolveReport(request, db, 'outstanding', body(request.body))));

  app.post('/report/events', async (request) => {
    const scope = await resolveReport(request, db, 'events', body(request.body));
    return scope.query.rows_only ? { events: { rows: await eventRows(db, scope) } } : eventReport(db, scope);
  });

  app.post('/report/health', async (request) => healthReport(db, await resolveReport(request, db, 'health', body(request.body))));

  app.post('/report/trials', async (request) => trialsReport(db, await resolveReport(request, db, 'trials', body(request.body))));

  app.post('/report/teams', async (request) => {
    const user = authorize(request, 'reports', 'list');
    const query = body(request.body ?? { query: {} });
    const requested = query.facility_ids ?? (query.facility_id ? [query.facility_id] : []);
    const facilities = await scopedFacilities(db, user, requested);
    if (!facilities.length) throw badRequest(REPORT_MESSAGES.missingFacility);
    return teamsReport(db, { query, facilityIds: facilities.map((f) => f.ID) });
  });

  // The teams report's League filter: the leagues of the facilities it reads.
  app.get('/report/leagues', async (request) => {
    const user = authorize(request, 'reports', 'list');
    const { facility_ids } = parse(leagueParams, request.query);
    const facilities = await scopedFacilities(db, user, facility_ids ?? []);
    return reportLeagues(db, facilities.map((f) => f.ID));
  });

  // The bar report: start and end in the query string (spec: POST /report/bar?start&end).
  app.post('/report/bar', async (request) => {
    const { start, end, facility_id, range, rows_only } = parse(barParams, request.query);
    const query = parse(reportQuery, { start_date: start, end_date: end, facility_id, product_type_ids: [BAR_PRODUCT_TYPE], range, rows_only });
    const scope = await resolveReport(request, db, 'bar', query, { bothMessage: true });
    return rows_only ? { transactions: await salesTransactions(db, scope) } : salesReport(db, scope);
  });

  app.get('/report/daily', async (request) => {
    const { facility_ids, start, end } = parse(dailyParams, request.query);
    const scope = await resolveReport(request, db, 'daily', parse(reportQuery, { start_date: start, end_date: end, facility_ids }));
    return dailyReport(db, scope.windows.map((w) => w.facility_id), scope.start, scope.end);
  });

  app.get('/report/cameras', async (request) => {
    const user = authorize(request, 'reports', 'list');
    const { facility_id } = parse(facilityParam, request.query);
    return camerasReport(db, await scopedFacilities(db, user, facility_id ? [facility_id] : []));
  });

  app.get('/payment/reconciliation', async (request) => {
    const { start, end, facility_id } = parse(rangeParams, request.query);
    const query = parse(reportQuery, { start_date: start, end_date: end, facility_id });
    return reconciliationReport(db, await resolveReport(request, db, 'reconciliation', query), cardPayments);
  });
}
