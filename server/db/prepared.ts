import type { Db } from './client';

// Statements prepared once per database: Drizzle builds their SQL once, and PostgreSQL plans each once
// per connection (named statements), instead of both on every call of a busy read.

/** `make(db)`, made once for each database and kept while that database is. */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) made.set(db, (value = make(db)));
    return value;
  };
}
