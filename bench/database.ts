import { sql } from 'drizzle-orm';
import { createDatabase, databaseComment, databaseUrl, dropDatabase } from '../server/db/admin';
import { openPglite, openPostgres, type Database, type Db } from '../server/db/client';

// The database a benchmark runs on: PGlite in the run's own directory, or a database of its own,
// `touchline_bench`, on the PostgreSQL server. Normally created (after dropping a leftover) and dropped
// at the end. With `keep`, it stays after the run, labelled (COMMENT ON DATABASE) with what was seeded
// into it, and the next run with the same seed reuses it instead of seeding again (about 1,000,000
// events take minutes to seed); a different seed drops and re-seeds it.

export type BenchDbKind = 'pglite' | 'postgres';
export const BENCH_DATABASE = 'touchline_bench';

export interface BenchDatabase {
  database: Database;
  label: string;
  /** True when a kept database seeded the same way was reused: do not seed it again. */
  reused: boolean;
  /** Labels the kept database with its seed, once seeded. */
  markSeeded(): Promise<void>;
  dispose(): Promise<void>;
}

export interface BenchDatabaseOptions {
  /** Keep the PostgreSQL database after the run, and reuse it when it was seeded with `seed`. */
  keep: boolean;
  /** What the seed is made of (scale, volumes): a kept database is reused only for the same one. */
  seed: string;
}

export async function openBenchDatabase(kind: BenchDbKind, dataDir: string, options: BenchDatabaseOptions): Promise<BenchDatabase> {
  if (kind === 'pglite') {
    if (options.keep) throw new Error('--keep needs --db postgres');
    const database = await openPglite(`${dataDir}/db`);
    return { database, label: `PGlite in ${dataDir}/db`, reused: false, markSeeded: async () => {}, dispose: () => database.close() };
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const label = `seed ${options.seed}`;
  const reused = options.keep && (await databaseComment(adminUrl, BENCH_DATABASE)) === label;
  if (!reused) {
    await dropDatabase(adminUrl, BENCH_DATABASE); // a leftover of an interrupted run, or a kept one seeded otherwise
    await createDatabase(adminUrl, BENCH_DATABASE);
  }
  const database = openPostgres(databaseUrl(adminUrl, BENCH_DATABASE));
  return {
    database,
    label: `PostgreSQL ${new URL(adminUrl).host}/${BENCH_DATABASE}${reused ? ' (kept, reused)' : options.keep ? ' (kept)' : ''}`,
    reused,
    async markSeeded() {
      if (options.keep) await database.db.execute(sql.raw(`comment on database ${BENCH_DATABASE} is '${label.replace(/'/g, "''")}'`));
    },
    async dispose() {
      await database.close();
      if (!options.keep) await dropDatabase(adminUrl, BENCH_DATABASE);
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
