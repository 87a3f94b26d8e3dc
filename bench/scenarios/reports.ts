import { sql } from 'drizzle-orm';
import { addDays, dateWindow, todayIn } from '../../core/reports';
import { openPostgres, type Database, type Db } from '../../server/db/client';
import { rowsOf, type ReportScope } from '../../server/routes/reports/filters';
import { salesReport } from '../../server/routes/reports/sales';
import { bearer, defineScenario, type Answer, type BenchContext, type Scenario } from './types';

// The reports (issue 13): sales for a whole year across all facilities (≤ 300 ms p95, and within 3× of
// its SQL's own time, measured by 'report-sales-year-sql': the same queries run straight on the
// benchmark's PostgreSQL database, without HTTP, auth or JSON), and each other report for a month
// (≤ 200 ms p95).

const ZONE = 'America/New_York';
const range = (days: number) => {
  const end = todayIn(ZONE);
  return { start_date: addDays(end, -(days - 1)), end_date: end };
};
const json = (token: string, body: unknown): RequestInit => ({
  method: 'POST', body: JSON.stringify(body), headers: { ...bearer(token).headers, 'content-type': 'application/json' },
});
const YEAR = { facility_ids: [] as number[], summary_only: false, range: [0, 49] as [number, number] };

export const salesYear = defineScenario({
  name: 'report-sales-year',
  description: 'POST /report/sales/new, a year, every facility (admin)',
  budgetP95Ms: 300,
  maxRequests: 60,
  setup: (ctx) => ctx.token('admin'),
  request: (ctx, token) => ctx.call('/api/report/sales/new', json(token, { query: { ...range(365), ...YEAR } })),
});

/** The scope of a report as an admin asks it of every facility over the last `days` days. */
export async function adminScope(db: Db, days: number, query: Omit<ReportScope['query'], 'start_date' | 'end_date'> = {}): Promise<ReportScope> {
  const { start_date, end_date } = range(days);
  const facilities = await rowsOf<{ ID: number; time_zone: string }>(db, sql`select id as "ID", time_zone from facilities order by id`);
  return {
    user: { ID: 1, email: '', role: 'admin', facility_id: 1, first_name: '', last_name: '', session_id: 0 },
    query: { start_date, end_date, ...query }, start: start_date, end: end_date,
    windows: facilities.map((f) => ({ facility_id: f.ID, time_zone: f.time_zone, ...dateWindow(start_date, end_date, f.time_zone) })),
  };
}

/** The scope of the sales year as an admin asks it: every facility, the last 365 days, the first page. */
export const salesYearScope = (db: Db) => adminScope(db, 365, YEAR);

interface SqlState { database?: Database; token: string }

/**
 * The sales year's SQL alone: on a PostgreSQL run the report's own queries straight on the bench
 * database; on PGlite (one process owns the database) it falls back to the HTTP call.
 */
export const salesYearSql = defineScenario<SqlState>({
  name: 'report-sales-year-sql',
  description: 'the sales year report\'s SQL run directly on the database (PostgreSQL runs)',
  maxRequests: 60,
  async setup(ctx: BenchContext) {
    const token = await ctx.token('admin');
    if (!ctx.databaseUrl) return { token };
    const database = openPostgres(ctx.databaseUrl, 4);
    try {
      await database.db.execute(sql`select 1 from facilities limit 1`);
      return { database, token };
    } catch {
      await database.close().catch(() => {});
      return { token };
    }
  },
  async request(ctx, state) {
    if (!state.database) return ctx.call('/api/report/sales/new', json(state.token, { query: { ...range(365), ...YEAR } }));
    const { db } = state.database;
    const report = await salesReport(db, await salesYearScope(db));
    return new Response(JSON.stringify(report), { status: 200 });
  },
});

/** One other report over the last month, as a manager of facility 1 (admin where the report is admin-run). */
function monthly(name: string, description: string, call: (ctx: BenchContext, token: string) => Promise<Answer>): Scenario<string> {
  return defineScenario({ name, description, budgetP95Ms: 200, maxRequests: 100, setup: (ctx) => ctx.token('manager'), request: call });
}
const month = () => ({ ...range(30), facility_ids: [1] });
const post = (path: string, extra: Record<string, unknown> = {}) => (ctx: BenchContext, token: string) => ctx.call(path, json(token, { query: { ...month(), ...extra } }));
const get = (path: () => string) => (ctx: BenchContext, token: string) => ctx.call(path(), bearer(token));

export const monthlyReports = [
  monthly('report-sales-month', 'POST /report/sales/new, a month', post('/api/report/sales/new')),
  monthly('report-invoices-month', 'POST /report/invoices, a month', post('/api/report/invoices')),
  monthly('report-events-month', 'POST /report/events, a month', post('/api/report/events')),
  monthly('report-payments-month', 'POST /report/payments, a month', post('/api/report/payments')),
  monthly('report-outstanding-month', 'POST /report/invoice/outstanding, a month', post('/api/report/invoice/outstanding')),
  // Every customer of every facility: the outstanding report's heaviest month.
  defineScenario({
    name: 'report-outstanding-all-month', description: 'POST /report/invoice/outstanding, a month, every facility (admin)', budgetP95Ms: 200, maxRequests: 100,
    setup: (ctx) => ctx.token('admin'),
    request: (ctx, token) => ctx.call('/api/report/invoice/outstanding', json(token, { query: { ...range(30), facility_ids: [] } })),
  }),
  monthly('report-health-month', 'POST /report/health, a month', post('/api/report/health')),
  monthly('report-trials-month', 'POST /report/trials, a month', post('/api/report/trials')),
  monthly('report-teams', 'POST /report/teams, active leagues', post('/api/report/teams', { active: true })),
  monthly('report-bar-month', 'POST /report/bar, a month', (ctx, token) =>
    ctx.call(`/api/report/bar?start=${range(30).start_date}&end=${range(30).end_date}`, { method: 'POST', ...bearer(token) })),
  monthly('report-daily-month', 'GET /report/daily, a month', get(() => `/api/report/daily?facility_ids=1&start=${range(30).start_date}&end=${range(30).end_date}`)),
  monthly('report-reconciliation-month', 'GET /payment/reconciliation, a month', get(() => `/api/payment/reconciliation?start=${range(30).start_date}&end=${range(30).end_date}`)),
  monthly('report-cameras', 'GET /report/cameras, yesterday', get(() => '/api/report/cameras')),
];
