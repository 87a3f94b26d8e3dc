import { drizzle } from 'drizzle-orm/node-postgres';
import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, Tx } from './client';
import * as schema from './schema';

// Statements read or written on every call (the session, an invoice's view, a payment) are prepared
// once: Drizzle builds their SQL once (building a large select costs about a millisecond of CPU) and,
// as they carry a name, PostgreSQL parses and plans each once per connection.

/** A database handle bound to one PostgreSQL connection of the pool (a transaction's). */
const connections = new WeakMap<pg.Client, Db>();

/**
 * The handle whose statements run on `tx`'s own connection, or undefined on PGlite (its transaction is a
 * new object each time; PGlite runs in the process, so it has no round trips nor plans to save).
 */
function connectionOf(tx: Tx): Db | undefined {
  // Drizzle keeps the transaction's connection on its session (a field it does not type as public).
  const client = (tx._.session as unknown as { client?: unknown }).client;
  if (!(client instanceof pg.Client)) return undefined;
  let db = connections.get(client);
  if (!db) connections.set(client, (db = drizzle(client, { schema }) as unknown as Db));
  return db;
}

/**
 * The statement `prepare` makes (a query's .prepare(name)), made once per database, or inside a
 * transaction once per connection, and kept in `cache`.
 */
export function prepared<T>(cache: WeakMap<Db, T>, db: Db | Tx, prepare: (db: Db) => T): T {
  const owner = db instanceof PgTransaction ? connectionOf(db) : db;
  if (owner === undefined) return prepare(db);
  let statement = cache.get(owner);
  if (statement === undefined) cache.set(owner, (statement = prepare(owner)));
  return statement;
}

/** `make(db)`, made once for each database (or transaction's connection) and kept while that one is. */
export function perDatabase<T>(make: (db: Db) => T): (db: Db | Tx) => T {
  const made = new WeakMap<Db, T>();
  return (db) => prepared(made, db, make);
}

/**
 * Statements made once per database and key (a shape of query: which filters, how many words), each on
 * its first demand: `statement(db, key, make)` answers the one kept for them, or keeps `make()`'s.
 */
export function perDatabaseAndKey<T>(): (db: Db, key: string, make: () => T) => T {
  const maps = perDatabase(() => new Map<string, T>());
  return (db, key, make) => {
    const byKey = maps(db);
    let statement = byKey.get(key);
    if (statement === undefined) byKey.set(key, (statement = make()));
    return statement;
  };
}
