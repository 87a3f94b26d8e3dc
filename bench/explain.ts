import { sql, type SQL } from 'drizzle-orm';
import { openPostgres, type Db } from '../server/db/client';
import { salesReport } from '../server/routes/reports/sales';
import { salesYearScope } from './scenarios/reports';

// `npx tsx bench/explain.ts postgres://…/touchline_bench_keep_…`: EXPLAIN (ANALYZE, BUFFERS) of every
// query the sales year report sends (the report-sales-year scenarios), on a kept bench database, to
// read why a budget is missed (issue 22 item 17; the plans before and after are in bench/SCALE.md).

const url = process.argv[2];
if (!url) throw new Error('usage: npx tsx bench/explain.ts <postgres url of a kept bench database>');
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
  await salesReport(explaining, await salesYearScope(database.db));
  console.log(plans.join('\n\n'));
} finally {
  await database.close();
}
