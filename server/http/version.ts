import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';

// Optimistic concurrency: a row's version is PostgreSQL's `xmin`, the transaction that last wrote it
// (every update changes it, a row lock does not). GET answers it as the ETag; a PUT with If-Match
// changes only that version of the row, else 412 (dataProvider/verbs.ts sends it back).

/** The version of `table`'s row, as text. */
export const rowVersion = (table: PgTable): SQL<string> => sql<string>`${table}.xmin::text`;

/** The ETag of a version. */
export const etagOf = (version: string): string => `"${version}"`;

/**
 * The version an If-Match header asks for; undefined without one, or for If-Match: *. A tag this
 * server never issued is passed on as it is: it matches no row, so the update answers 412 once the
 * record is known to exist (a missing one still answers 404).
 */
export function expectedVersion(request: FastifyRequest): string | undefined {
  const header = request.headers['if-match']?.trim();
  if (header === undefined || header === '*') return undefined;
  return /^"(\d+)"$/.exec(header)?.[1] ?? header;
}
