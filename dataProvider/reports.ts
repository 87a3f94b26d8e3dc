import type { HttpClient } from './httpClient';

// The report calls (spec 2 §7 "Reports"), mixed into the dataProvider (./index.ts). Dates are
// calendar dates (YYYY-MM-DD) the server reads in each facility's zone; money in dollars.

export type ReportName =
  | 'sales' | 'invoices' | 'events' | 'payments' | 'health' | 'daily' | 'outstanding' | 'teams'
  | 'reconciliation' | 'cameras' | 'trials' | 'bar';

export interface ReportQuery {
  start_date?: string;
  end_date?: string;
  facility_ids?: number[];
  product_type_ids?: number[];
  payment_types?: string[];
  exclude_tax?: boolean;
  basis?: 'cash' | 'activity';
  active?: boolean;
  league_id?: number;
  search?: string;
  invoiced_paid?: boolean;
  invoiced_unpaid?: boolean;
  uninvoiced?: boolean;
  summary_only?: boolean;
  /** The table's rows only, without the figures (an export's pages). */
  rows_only?: boolean;
  range?: [number, number];
}

/** Every report answers an object or rows; each page reads the fields it shows. */
export type ReportResult = Record<string, unknown> | Array<Record<string, unknown>>;

/** A league the teams report can narrow to. */
export interface ReportLeague {
  ID: number;
  name: string;
  facility_id: number;
}

export interface ReportMethods {
  /** Runs a report with the filter bar's query. */
  runReport(name: ReportName, query: ReportQuery): Promise<ReportResult>;
  /** The League filter's choices: the leagues and seasons of the facilities (an admin's none: all). */
  reportLeagues(facilityIds: number[]): Promise<ReportLeague[]>;
}

const POSTS: Partial<Record<ReportName, string>> = {
  sales: '/report/sales/new',
  payments: '/report/payments',
  invoices: '/report/invoices',
  outstanding: '/report/invoice/outstanding',
  events: '/report/events',
  health: '/report/health',
  trials: '/report/trials',
  teams: '/report/teams',
};

export function reportMethods(apiUrl: string, client: HttpClient): ReportMethods {
  const call = async (path: string, options?: Parameters<HttpClient>[1]) => (await client(`${apiUrl}${path}`, options)).json as ReportResult;
  const params = (entries: Record<string, string | number | undefined>) =>
    new URLSearchParams(Object.entries(entries).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)])).toString();
  return {
    reportLeagues: async (facilityIds) => (await call(`/report/leagues?${params({ facility_ids: facilityIds.join(',') })}`)) as unknown as ReportLeague[],
    runReport(name, query) {
      const post = POSTS[name];
      if (post) return call(post, { method: 'POST', body: JSON.stringify({ query }) });
      const facility = query.facility_ids?.[0];
      const range = { start: query.start_date, end: query.end_date };
      switch (name) {
        case 'bar': return call(`/report/bar?${params({ ...range, facility_id: facility, range: query.range?.join(','), rows_only: query.rows_only ? 1 : undefined })}`, { method: 'POST' });
        case 'daily': return call(`/report/daily?${params({ ...range, facility_ids: query.facility_ids?.join(',') })}`);
        case 'cameras': return call(`/report/cameras?${params({ facility_id: facility })}`);
        default: return call(`/payment/reconciliation?${params({ ...range, facility_id: facility })}`);
      }
    },
  };
}
