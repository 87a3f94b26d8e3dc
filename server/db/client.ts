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
import { migrateEntityFolders } from './entityFolders';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database, whether embedded PGlite or a PostgreSQL server: the same queries run on both. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What a transaction callback receives; inside one, use it and never `db` (PGlite has one connection). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The rows of a `db.execute` answer: node-postgres and PGlite both answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** How the database's connections are used at this moment (GET /metrics). */
export interface ConnectionStats {
  /** Connections open (PGlite: its one). */
  total: number;
  /** Of those, not running anything. */
  idle: number;
  /** Queries and transactions waiting for a connection. */
  waiting: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  stats(): ConnectionStats;
  /**
   * PGlite only: its data directory as a tar, taken between two transactions after a checkpoint, so
   * it opens as it was at that instant (server/db/backup).
   */
  snapshot?(): Promise<Blob>;
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
    migrate: async () => {
      await migratePg(db, { migrationsFolder });
      await migrateEntityFolders((folder) => migratePg(db, folder));
    },
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/** The extensions the migrations create, which a PGlite instance must load. */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

/**
 * Embedded PGlite: in a data directory, or in memory when none is given (tests). It loads the
 * extensions the migrations create (pg_trgm and btree_gin, for customer search); an instance passed in must too.
 */
export async function openPglite(dataDir?: string, from?: PGlite): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = from ?? (await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS }));
  const pending = countPending(client);
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db, { migrationsFolder });
      await migrateEntityFolders((folder) => migratePglite(db, folder));
    },
    stats: () => ({ total: 1, idle: pending() === 0 ? 1 : 0, waiting: Math.max(0, pending() - 1) }),
    async snapshot() {
      // The checkpoint writes the shared buffers out, so the copy needs little WAL replay when opened.
      // The copy itself is taken holding PGlite's transaction lock (no transaction is half done) and
      // reads every file at once, synchronously: nothing can write in between.
      await client.exec('checkpoint');
      return client._runExclusiveTransaction(() => client.dumpDataDir('none'));
    },
    close: () => client.close(),
  };
}

/**
 * Counts the calls queued on PGlite's one connection (drizzle reaches it through query and
 * transaction; migrations through exec): PGlite keeps its queue private, so the count is kept at its
 * door. One in flight runs, the rest wait.
 */
function countPending(client: PGlite): () => number {
  let pending = 0;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const call = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      pending++;
      try {
        return await call(...args);
      } finally {
        pending--;
      }
    };
  }
  return () => pending;
}

/** The database the configuration names: DATABASE_URL, else PGlite under DATA_DIR/db. */
export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(path.join(config.dataDir, 'db'));
}
