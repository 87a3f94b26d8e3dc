import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

// Rows as JSON built by PostgreSQL, so that one statement can answer a record with its lists (a
// json_agg per list) instead of one query per list. Keys are the columns' TypeScript keys (the API's
// field names). Every column type of the schema maps to JSON as Drizzle maps it (bigint and numeric
// in 'number' mode → numbers, text → strings, jsonb → values).

type Columns = Record<string, AnyPgColumn | SQL>;

/** json_build_object of `columns` under their keys. */
export function jsonObject<T>(columns: Columns): SQL<T> {
  return sql<T>`json_build_object(${sql.join(Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`), sql`, `)})`;
}

/** A table's whole row as JSON, with the keys and values `db.select().from(table)` gives. */
export const jsonRow = <T extends PgTable>(table: T): SQL<T['$inferSelect']> => jsonObject(getTableColumns(table));

/** `columns` as JSON, or null when `key` is null (the row of a left join that found none). */
export function jsonOrNull<T>(key: AnyPgColumn, columns: Columns): SQL<T | null> {
  return sql<T | null>`case when ${key} is null then null else ${jsonObject(columns)} end`;
}

/** The JSON array of `element` over the rows of `from` (a FROM … WHERE clause) in `orderBy` order, [] when none. */
export function jsonList<T>(element: SQL<T>, from: SQL, orderBy: SQL): SQL<T[]> {
  return sql<T[]>`coalesce((select json_agg(${element} order by ${orderBy}) ${from}), '[]'::json)`;
}
