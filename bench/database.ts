import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createDatabase, databaseComment, databaseUrl, dropDatabase } from '../server/db/admin';
import { openPglite, openPostgres, rowsOf, type Database, type Db } from '../server/db/client';

// The database a benchmark runs on: PGlite in the run's own directory, or a database of its own on the
// PostgreSQL server: `touchline_bench_<pid>`, created and dropped at the end (several worktrees bench on
// one server: a shared name let one run drop another's database). With `keep`, it is
// `touchline_bench_keep_<hash of the seed>`, labelled (COMMENT ON DATABASE) with the seed once seeded, and
// stays after the run; the next run with the same seed reuses it instead of seeding again (about
// 1,000,000 events take minutes to seed). One without the label (an interrupted seed) is seeded again.
// BENCH_KEEP_DATABASE names the kept database instead (a copy made with `createdb -T`, so that several
// worktrees with different migrations each bench their own copy of one seed).

export type BenchDbKind = 'pglite' | 'postgres';

export interface BenchDatabase {
  database: Database;
  label: string;
  /** The PostgreSQL database's URL (null on PGlite): scenarios that time SQL on their own connect to it. */
  url: string | null;
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
    return { database, label: `PGlite in ${dataDir}/db`, url: null, reused: false, markSeeded: async () => {}, dispose: () => database.close() };
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const label = `seed ${options.seed}`;
  const name = options.keep ? process.env.BENCH_KEEP_DATABASE ?? `touchline_bench_keep_${createHash('sha256').update(label).digest('hex').slice(0, 12)}` : `touchline_bench_${process.pid}`;
  const reused = options.keep && (await databaseComment(adminUrl, name)) === label;
  if (!reused) {
    await dropDatabase(adminUrl, name); // a leftover: an interrupted seed, or a reused process id
    await createDatabase(adminUrl, name);
  }
  const url = databaseUrl(adminUrl, name);
  const database = openPostgres(url);
  return {
    database,
    url,
    label: `PostgreSQL ${new URL(adminUrl).host}/${name}${reused ? ' (kept, reused)' : options.keep ? ' (kept)' : ''}`,
    reused,
    async markSeeded() {
      if (options.keep) await database.db.execute(sql.raw(`comment on database ${name} is '${label.replace(/'/g, "''")}'`));
    },
    async dispose() {
      await database.close();
      if (!options.keep) await dropDatabase(adminUrl, name);
    },
  };
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
