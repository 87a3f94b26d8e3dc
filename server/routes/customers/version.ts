import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session';
import type { Db, Tx } from '../../db/client';
import { customers } from '../../db/schema';
import { notFound } from '../../http/errors';
import { etagOf, rowVersion } from '../../http/version';
import { reachable, type CustomerRow } from '../../domain/customers/access';

// Optimistic concurrency for PUT /customer/{id} (server/http/version.ts: the row's `xmin`). GET and PUT
// /customer/{id} answer it as the ETag; a PUT with If-Match updates only that version of the row. The
// credit dialog relies on it: its body is the new balance, so without the check two admins adding
// credit at once would each overwrite the other's (a lost update of money).

export const STALE_CUSTOMER = 'Someone else changed this customer meanwhile. Reload the page and try again.';

const version = rowVersion(customers);

/** findCustomer (access.ts) with the row's version, read in the same statement so the two agree. */
export async function findVersionedCustomer(db: Db | Tx, user: SessionUser, id: number): Promise<{ customer: CustomerRow; etag: string }> {
  const [found] = await db.select({ customer: customers, version }).from(customers).where(reachable(user, id));
  if (!found) throw notFound('Customer');
  return { customer: found.customer, etag: etagOf(found.version) };
}

/** The customer `id`, limited to the expected version when there is one. */
export function atVersion(id: number, expected: string | undefined): SQL | undefined {
  return and(eq(customers.ID, id), expected === undefined ? undefined : sql`${version} = ${expected}`);
}
