import { inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import type { WireRow } from './crud';

type Keyed = PgTable & { ID: AnyPgColumn };

/**
 * Adds to each row, under `as`, the record of `table` its `key` refers to (or null): the whole record,
 * or only `columns` (which must include ID). One query for all the rows; a crud `present` hook uses it.
 */
export async function nest(db: Db, rows: WireRow[], key: string, as: string, table: Keyed, columns?: Record<string, AnyPgColumn>): Promise<WireRow[]> {
  const ids = [...new Set(rows.map((row) => row[key]).filter((id): id is number => typeof id === 'number'))];
  const query = columns ? db.select(columns).from(table) : db.select().from(table);
  const related: WireRow[] = ids.length ? await query.where(inArray(table.ID, ids)) : [];
  const byId = new Map(related.map((r) => [r.ID, r]));
  return rows.map((row) => ({ ...row, [as]: byId.get(row[key]) ?? null }));
}
