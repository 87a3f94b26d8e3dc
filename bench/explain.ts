import { sql, type SQL } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openPostgres, type Db } from '../server/db/client';
import { outstandingReport } from '../server/routes/reports/invoices';
import { reconciliationReport, squarePayments } from '../server/routes/reports/reconciliation';
import { salesReport } from '../server/routes/reports/sales';
import { createSquare } from '../server/services/square';
import { adminScope, salesYearScope } from './scenarios/reports';

// `npx tsx bench/explain.ts postgres://…/touchline_bench_keep_… [report]`: EXPLAIN (ANALYZE, BUFFERS) of
// every query a report sends, as its bench scenario asks it, on a kept bench database, to read why a
// budget is missed (issue 22 item 17; the plans before and after are in bench/SCALE.md).

/** Each report run on `explaining` with its scope read from `db`. */
const REPORTS: Record<string, (explaining: Db, db: Db) => Promise<unknown>> = {
  'sales-year': async (explaining, db) => salesReport(explaining, await salesYearScope(db)),
  'outstanding-all-month': async (explaining, db) => outstandingReport(explaining, await adminScope(db, 30)),
  // As the bench's manager asks it: facility 1, the last 30 days, against the Square simulator's list.
  'reconciliation-month': async (explaining, db) => {
    const scope = await adminScope(db, 30);
    const square = createSquare(loadConfig({ DATABASE_URL: 'postgres://bench' }), db);
    return reconciliationReport(explaining, { ...scope, windows: scope.windows.filter((w) => w.facility_id === 1) }, squarePayments(square));
  },
};

const [url, report = 'sales-year'] = process.argv.slice(2);
const run = REPORTS[report];
if (!url || !run) throw new Error(`usage: npx tsx bench/explain.ts <postgres url of a kept bench database> [${Object.keys(REPORTS).join(' | ')}]`);
const database = openPostgres(url, 1);
const plans: string[] = [];
// The report's own code, its queries sent as EXPLAIN: the plans print in the order the queries went.
const explaining = new Proxy(database.db, {
  get(target, key, receiver) {
    if (key !== 'execute') return Reflect.get(target, key, receiver);
    return async (query: SQL) => {
      const answer = (await target.execute(sql`explain (analyze, buffers) ${query}`)) as unknown as { rows: Array<{ 'QUERY PLAN': string }> };
      plans.push(answer.rows.map((r) => r['QUERY PLAN']).join('\n'));
      return { rows: [] };
    };
  },
}) as Db;
try {
  await run(explaining, database.db);
  console.log(plans.join('\n\n'));
} finally {
  await database.close();
}
