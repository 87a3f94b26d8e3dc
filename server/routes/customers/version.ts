import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../auth/session';
import type { Db, Tx } from '../../db/client';
import { customers } from '../../db/schema';
import { notFound } from '../../http/errors';
import { reachable, type CustomerRow } from './access';

// Optimistic concurrency for PUT /customer/{id}. A customer row's version is PostgreSQL's `xmin`, the
// transaction that last wrote it: every update changes it, and a row lock does not. GET and PUT
// /customer/{id} answer it as the ETag; a PUT with If-Match updates only that version of the row. The
// credit dialog relies on it: its body is the new balance, so without the check two admins adding
// credit at once would each overwrite the other's (a lost update of money).

export const STALE_CUSTOMER = 'Someone else changed this customer meanwhile. Reload the page and try again.';

const version = sql<string>`${customers}.xmin::text`;

/** findCustomer (access.ts) with the row's version, read in the same statement so the two agree. */
export async function findVersionedCustomer(db: Db | Tx, user: SessionUser, id: number): Promise<{ customer: CustomerRow; etag: string }> {
  const [found] = await db.select({ customer: customers, version }).from(customers).where(reachable(user, id));
  if (!found) throw notFound('Customer');
  return { customer: found.customer, etag: `"${found.version}"` };
}

/**
 * The version an If-Match header asks for; undefined without one, or for If-Match: *. A tag this
 * server never issued is passed on as it is: it matches no row, so the update answers 412 once the
 * customer is known to exist (a missing one still answers 404).
 */
export function expectedVersion(request: FastifyRequest): string | undefined {
  const header = request.headers['if-match']?.trim();
  if (header === undefined || header === '*') return undefined;
  return /^"(\d+)"$/.exec(header)?.[1] ?? header;
}

/** The customer `id`, limited to the expected version when there is one. */
export function atVersion(id: number, expected: string | undefined): SQL | undefined {
  return and(eq(customers.ID, id), expected === undefined ? undefined : sql`${version} = ${expected}`);
}
