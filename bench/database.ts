import { sql } from 'drizzle-orm';
import { createDatabase, databaseUrl, dropDatabase } from '../server/db/admin';
import { openPglite, openPostgres, type Database, type Db } from '../server/db/client';

// The database a benchmark runs on: PGlite in the run's own directory, or a database of its own,
// `touchline_bench`, created (after dropping a leftover) on the PostgreSQL server and dropped at the end.

export type BenchDbKind = 'pglite' | 'postgres';
export const BENCH_DATABASE = 'touchline_bench';

export interface BenchDatabase {
  database: Database;
  label: string;
  dispose(): Promise<void>;
}

export async function openBenchDatabase(kind: BenchDbKind, dataDir: string): Promise<BenchDatabase> {
  if (kind === 'pglite') {
    const database = await openPglite(`${dataDir}/db`);
    return { database, label: `PGlite in ${dataDir}/db`, dispose: () => database.close() };
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  await dropDatabase(adminUrl, BENCH_DATABASE); // a leftover of an interrupted run
  await createDatabase(adminUrl, BENCH_DATABASE);
  const database = openPostgres(databaseUrl(adminUrl, BENCH_DATABASE));
  return {
    database,
    label: `PostgreSQL ${new URL(adminUrl).host}/${BENCH_DATABASE}`,
    async dispose() {
      await database.close();
      await dropDatabase(adminUrl, BENCH_DATABASE);
    },
  };
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Rows per table of the generated network, largest first. */
export async function tableSizes(db: Db): Promise<Array<{ table: string; rows: number }>> {
  const tables = rowsOf<{ table_name: string }>(await db.execute(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`));
  const sizes = [];
  for (const { table_name } of tables) {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${sql.identifier(table_name)}`));
    sizes.push({ table: table_name, rows: row.n });
  }
  return sizes.sort((a, b) => b.rows - a.rows);
}
