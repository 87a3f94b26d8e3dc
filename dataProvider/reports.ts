import * as api from '../core/api/reports';
import type { ReportFilters, ReportLeague, ReportName, ReportResult } from '../core/api/reports';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

// The report calls (spec 2 §7 "Reports"), through their declarations in core/api/reports.ts, mixed into
// the dataProvider (./index.ts). Dates are calendar dates (YYYY-MM-DD) the server reads in each
// facility's zone; money in dollars.

export type { ReportLeague, ReportName, ReportResult } from '../core/api/reports';
/** The filter bar's query, as every report call takes it. */
export type ReportQuery = ReportFilters;

export interface ReportMethods {
  /** Runs a report with the filter bar's query. */
  runReport(name: ReportName, query: ReportQuery): Promise<ReportResult>;
  /** The League filter's choices: the leagues and seasons of the facilities (an admin's none: all). */
  reportLeagues(facilityIds: number[]): Promise<ReportLeague[]>;
}

/** The reports whose filters go as the body {query}. */
const WITH_BODY = {
  sales: api.salesReport,
  payments: api.paymentsReport,
  invoices: api.invoicesReport,
  outstanding: api.outstandingReport,
  events: api.eventsReport,
  health: api.healthReport,
  trials: api.trialsReport,
  teams: api.teamsReport,
} satisfies Partial<Record<ReportName, unknown>>;

export function reportMethods(apiUrl: string, client: HttpClient): ReportMethods {
  const call = createCall(client, apiUrl);
  return {
    reportLeagues: (facilityIds) => call(api.reportLeagues, { query: { facility_ids: facilityIds.join(',') } }),
    runReport(name, query) {
      if (name in WITH_BODY) return call(WITH_BODY[name as keyof typeof WITH_BODY], { body: { query } });
      const facility = query.facility_ids?.[0];
      const range = { start: query.start_date ?? undefined, end: query.end_date ?? undefined };
      switch (name) {
        case 'bar': return call(api.barReport, { query: { ...range, facility_id: facility, range: query.range?.join(','), rows_only: query.rows_only ? '1' : undefined } });
        case 'daily': return call(api.dailyReport, { query: { ...range, facility_ids: query.facility_ids?.join(',') } });
        case 'cameras': return call(api.camerasReport, { query: { facility_id: facility } });
        default: return call(api.reconciliationReport, { query: { ...range, facility_id: facility } });
      }
    },
  };
}
