import { count, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { Db, Tx } from '../db/client';
import type { ListQuery } from './listQuery';

// Every list's page and total, and the Content-Range that tells them (ra-data-simple-rest reads it).
// The total is counted over the very query that gives the rows, joins and conditions included, so that
// "1-9 of 9" always means nine rows.

export interface ListPage<Row> {
  rows: Row[];
  /** The rows the whole list has. */
  total: number;
  /** The first row's position (0-based). */
  start: number;
}

/**
 * One page of a list: `select` builds the list's query (its joins and conditions, made dynamic with
 * $dynamic(), no order and no paging) and is called once for the rows and, when the page does not tell
 * the total by itself, once to count them.
 */
export async function listPage<Q extends PgSelect>(
  db: Db | Tx,
  select: () => Q,
  orderBy: SQL[],
  range: ListQuery['range'],
): Promise<ListPage<Awaited<Q>[number]>> {
  const { start, end } = range ?? { start: 0, end: Infinity };
  const ordered = select().orderBy(...orderBy);
  const rows: Awaited<Q>[number][] = await (range ? ordered.limit(end - start + 1).offset(start) : ordered);
  // A page shorter than asked for (or the whole list) tells the total without counting, unless it is
  // empty past the first row.
  const short = rows.length < end - start + 1 && (rows.length > 0 || start === 0);
  const total = short ? start + rows.length : (await db.select({ n: count() }).from(sql`(${select()}) as listed`))[0].n;
  return { rows, total, start };
}

/** Sets Content-Range (`taxes 0-24/123`, or `taxes *\/0` for an empty page) and lets the browser read it. */
export function sendRange(reply: FastifyReply, resource: string, { rows, total, start }: ListPage<unknown>): void {
  const span = rows.length ? `${start}-${start + rows.length - 1}` : '*';
  reply.header('Content-Range', `${resource} ${span}/${total}`);
  reply.header('Access-Control-Expose-Headers', 'Content-Range');
}
