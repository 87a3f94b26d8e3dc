import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database, whether embedded PGlite or a PostgreSQL server: the same queries run on both. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What a transaction callback receives; inside one, use it and never `db` (PGlite has one connection). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The rows of a `db.execute` answer: node-postgres and PGlite both answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** A PostgreSQL server through a node-postgres pool. */
export function openPostgres(url: string, poolSize = 10): Database {
  // JIT off: its compile step (hundreds of milliseconds) fires on queries whose estimated cost is high
  // but that run in milliseconds on their indexes (the calendar's conflicts look-up paid ~370 ms a call).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c jit=off' });
  // An idle client whose connection the server ends (a restart, pg_terminate_backend, a dropped
  // database) is reported as the pool's 'error' event, and the pool drops that client. Without a
  // listener Node throws the event, and the process dies for a connection nobody was using.
  pool.on('error', (error) => console.warn(`PostgreSQL: an idle connection was closed (${error.message}); the pool opens another when needed`));
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}

/**
 * Embedded PGlite: in a data directory, or in memory when none is given (tests). It loads the
 * extensions the migrations create (pg_trgm and btree_gin, for customer search); an instance passed in must too.
 */
export async function openPglite(dataDir?: string, from?: PGlite): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = from ?? (await PGlite.create(dataDir, { extensions: { pg_trgm, btree_gin } }));
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** The database the configuration names: DATABASE_URL, else PGlite under DATA_DIR/db. */
export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(path.join(config.dataDir, 'db'));
}
