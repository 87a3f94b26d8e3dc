import { and, eq, isNull } from 'drizzle-orm';
import { toDollars } from '../../../core/money';
import type { SessionUser } from '../../auth/session';
import type { Db, Tx } from '../../db/client';
import { customers } from '../../db/schema';
import { notFound } from '../../http/errors';
import { inUserScope } from './summary';

// The full row of a customer the profile works on: it exists, is not deleted, and (for anyone but an
// admin) belongs to the user's facility (summary.ts's inUserScope). Anything else answers 404, so
// another facility's customers are indistinguishable from missing ones.

export type CustomerRow = typeof customers.$inferSelect;

/** The active customer `id`, when the user may reach it. */
export const reachable = (user: SessionUser, id: number) => and(eq(customers.ID, id), isNull(customers.deleted_at), inUserScope(user));

export async function findCustomer(db: Db | Tx, user: SessionUser, id: number): Promise<CustomerRow> {
  const [row] = await db.select().from(customers).where(reachable(user, id));
  if (!row) throw notFound('Customer');
  return row;
}

/** A customer as the API answers it: money in dollars, the CRM `details` JSON left out. */
export function customerWire(row: CustomerRow) {
  const { details: _details, search: _search, credits, ...rest } = row;
  return { ...rest, credits: toDollars(credits) };
}
