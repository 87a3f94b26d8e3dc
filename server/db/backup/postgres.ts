import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../client';
import { hasTables } from './contents';

// Backups of a PostgreSQL database with PostgreSQL's own tools: pg_dump's custom format (-Fc), a
// consistent snapshot taken in one transaction while the product keeps writing, and pg_restore. Both
// come with PostgreSQL's client package (Debian: postgresql-client) and must be of the server's major
// version or later; PG_BIN names their folder when they are not on PATH.

/**
 * The URL without its password, and the password apart: it goes to the tools in PGPASSWORD, not on
 * their command line (which `ps` shows to every user of the machine).
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

const tool = (name: string) => (process.env.PG_BIN ? `${process.env.PG_BIN.replace(/\/$/, '')}/${name}` : name);

function run(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool(name), args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT'
      ? new Error(`${name} was not found: install PostgreSQL's client tools of the server's version (Debian: apt-get install postgresql-client), or set PG_BIN to their folder`)
      : error));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name} failed (exit ${code}):\n${stderr.trim()}`))));
  });
}

/** pg_dump's custom format of the database at `url` into `toFile`. */
export async function dumpPostgres(url: string, toFile: string): Promise<void> {
  const { dbname, env } = connection(url);
  await run('pg_dump', ['--format=custom', `--file=${toFile}`, `--dbname=${dbname}`], env);
}

/** Runs `work` on a one-connection pool of the database at `url`, closed after. */
export async function withPostgres<T>(url: string, work: (db: ReturnType<typeof openPostgres>['db']) => Promise<T>): Promise<T> {
  const database = openPostgres(url, 1);
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/**
 * Loads `dumpFile` into the database at `url` in one transaction (all of it or nothing), replacing
 * the tables it has (--clean) when it has any, owned by the connecting role; then VACUUM (ANALYZE),
 * since a restored database brings no statistics and its trigram index's pending entries would steer
 * the planner to parallel sequential scans.
 */
export async function restorePostgres(url: string, dumpFile: string): Promise<void> {
  const replace = await withPostgres(url, hasTables);
  const { dbname, env } = connection(url);
  await run('pg_restore', [
    '--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges',
    ...(replace ? ['--clean', '--if-exists'] : []), `--dbname=${dbname}`, dumpFile,
  ], env);
  await withPostgres(url, (db) => db.execute(sql`vacuum (analyze)`));
}
