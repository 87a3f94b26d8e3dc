import pg from 'pg';
import { openPostgres } from '../server/db/client';
const database = openPostgres('postgres://postgres@127.0.0.1:5432/touchline_bench', 1);
const db = database.db;
const { listInvoices, searchWhere } = await import('../server/routes/invoices/search');
const captured: Array<{ text: string; values: unknown[] }> = [];
const c = (db as unknown as { session: { client: { query: (...a: unknown[]) => unknown } } }).session.client;
const q = c.query.bind(c);
c.query = (cfg: unknown, values?: unknown) => { const t = cfg as { text: string; values: unknown[] }; captured.push({ text: t.text, values: (t.values ?? values) as unknown[] }); return q(cfg as never, values as never); };
const admin = { ID: 1, role: 'admin', facility_id: 998 } as never;
await listInvoices(db, searchWhere(admin, { facility_id: 0 }), { range: [0, 49] });
const client = new pg.Client('postgres://postgres@127.0.0.1:5432/touchline_bench');
await client.connect();
for (const s of [...captured, ...captured]) {
  const r = await client.query(`explain (analyze, buffers) ${s.text}`, s.values as never[]);
  console.log(s.text, s.values);
  console.log(r.rows.map((x: Record<string, string>) => x['QUERY PLAN']).join('\n'));
}
await client.end(); await database.close();
