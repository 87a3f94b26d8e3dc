import type { FastifyInstance } from 'fastify';
import * as api from '../../../core/api/reports';
import { REPORT_MESSAGES } from '../../../core/reports';
import { serve } from '../../http/endpoint';
import { badRequest } from '../../http/errors';
import { camerasReport } from './cameras';
import { dailyReport } from './daily';
import { eventReport, eventRows } from './events';
import { resolveReport, scopedFacilities } from './filters';
import { invoiceReport, invoiceRows, outstandingReport } from './invoices';
import { healthReport, reportLeagues, teamsReport, trialsReport } from './programs';
import { reconciliationReport, squarePayments } from './reconciliation';
import { salesReport, salesTransactions } from './sales';

// The report calls of spec 2 §7 (declared in core/api/reports.ts). Every call: office roles, non-admins
// on their own facility whatever facility_ids say, dates as YYYY-MM-DD read in each facility's zone,
// moderators within the last 30 days (except trials). The daily and cameras reports are served here.

export async function reportRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const cardPayments = squarePayments(app.deps.square);

  serve(app, api.salesReport, async ({ user, body: { query } }) => {
    const scope = await resolveReport(user, db, 'sales', query);
    return scope.query.rows_only ? { transactions: await salesTransactions(db, scope) } : salesReport(db, scope);
  });

  serve(app, api.paymentsReport, async ({ user, body: { query } }) => {
    const scope = await resolveReport(user, db, 'payments', query);
    if (scope.query.rows_only) return { transactions: await salesTransactions(db, scope) };
    const report = await salesReport(db, scope);
    return { payments: report.payments, transactions: 'transactions' in report ? report.transactions : undefined };
  });

  serve(app, api.invoicesReport, async ({ user, body: { query } }) => {
    const scope = await resolveReport(user, db, 'invoices', query);
    return scope.query.rows_only ? { invoices: { rows: await invoiceRows(db, scope) } } : invoiceReport(db, scope);
  });

  serve(app, api.outstandingReport, async ({ user, body: { query } }) => outstandingReport(db, await resolveReport(user, db, 'outstanding', query)));

  serve(app, api.eventsReport, async ({ user, body: { query } }) => {
    const scope = await resolveReport(user, db, 'events', query);
    return scope.query.rows_only ? { events: { rows: await eventRows(db, scope) } } : eventReport(db, scope);
  });

  serve(app, api.healthReport, async ({ user, body: { query } }) => healthReport(db, await resolveReport(user, db, 'health', query)));

  serve(app, api.trialsReport, async ({ user, body: { query } }) => trialsReport(db, await resolveReport(user, db, 'trials', query)));

  serve(app, api.teamsReport, async ({ user, body: { query = {} } }) => {
    const requested = query.facility_ids ?? (query.facility_id ? [query.facility_id] : []);
    const facilities = await scopedFacilities(db, user, requested);
    if (!facilities.length) throw badRequest(REPORT_MESSAGES.missingFacility);
    return teamsReport(db, { query, facilityIds: facilities.map((f) => f.ID) });
  });

  // The teams report's League filter: the leagues of the facilities it reads.
  serve(app, api.reportLeagues, async ({ user, query: { facility_ids } }) => {
    const facilities = await scopedFacilities(db, user, facility_ids ?? []);
    return reportLeagues(db, facilities.map((f) => f.ID));
  });

  // The bar report: start and end in the query string (spec: POST /report/bar?start&end).
  serve(app, api.barReport, async ({ user, query }) => {
    const scope = await resolveReport(user, db, 'bar', query, { bothMessage: true });
    return query.rows_only ? { transactions: await salesTransactions(db, scope) } : salesReport(db, scope);
  });

  serve(app, api.dailyReport, async ({ user, query }) => {
    const scope = await resolveReport(user, db, 'daily', query);
    return dailyReport(db, scope.windows.map((w) => w.facility_id), scope.start, scope.end);
  });

  serve(app, api.camerasReport, async ({ user, query: { facility_id } }) =>
    camerasReport(db, await scopedFacilities(db, user, facility_id ? [facility_id] : [])));

  serve(app, api.reconciliationReport, async ({ user, query }) =>
    reconciliationReport(db, await resolveReport(user, db, 'reconciliation', query), cardPayments));
}
