import { and, asc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session';
import { facilityScope } from '../../auth/guard';
import type { Db, Tx } from '../../db/client';
import { customers, facilities } from '../../db/schema';
import { notFound } from '../../http/errors';

// A customer as search results, the wizard and reactivation answer it: the row's public fields and its
// facility's ID and name. Shared by the customer routes.

export const customerSummaryColumns = {
  ID: customers.ID,
  first_name: customers.first_name,
  last_name: customers.last_name,
  email: customers.email,
  phone: customers.phone,
  birthdate: customers.birthdate,
  gender: customers.gender,
  address: customers.address,
  state: customers.state,
  country: customers.country,
  is_kid: customers.is_kid,
  parent_email: customers.parent_email,
  customer_type_id: customers.customer_type_id,
  facility_id: customers.facility_id,
  facility: { ID: facilities.ID, name: facilities.name },
  deleted_at: customers.deleted_at,
};

/** customers joined to their facility, for selects of customerSummaryColumns. */
export const selectCustomerSummaries = (db: Db | Tx) =>
  db.select(customerSummaryColumns).from(customers).innerJoin(facilities, eq(facilities.ID, customers.facility_id));

export type CustomerSummary = Awaited<ReturnType<ReturnType<typeof selectCustomerSummaries>['execute']>>[number];

/**
 * The first `limit` customers matching `where` in `order`: the same rows, order and shape as
 * selectCustomerSummaries().where(where).orderBy(...order).limit(limit), but the sort carries only each
 * match's ID and names, and the rest of the row and its facility are read for the rows kept (a search
 * word matching thousands of customers used to copy and sort all their columns and join them all).
 * `order` must end in customers.ID so that it is total, and sort the same as last name, first name, ID.
 */
export async function firstCustomerSummaries(db: Db | Tx, where: SQL | undefined, order: SQL[], limit: number): Promise<CustomerSummary[]> {
  const first = db.select({ ID: customers.ID, last_name: customers.last_name, first_name: customers.first_name })
    .from(customers).where(where).orderBy(...order).limit(limit).as('first');
  return selectCustomerSummaries(db)
    .innerJoin(first, eq(first.ID, customers.ID))
    .orderBy(asc(first.last_name), asc(first.first_name), asc(first.ID));
}

/** Limits a customer query to the user's facility, unless they are an admin. */
export function inUserScope(user: SessionUser, requested?: number): SQL | undefined {
  const facility = facilityScope(user, requested);
  return facility === null ? undefined : eq(customers.facility_id, facility);
}

/**
 * The customer `id` when the user may reach it (their facility unless admin) and it is active (or,
 * with `deleted`, deleted); 404 otherwise, so another facility's customers look like missing ones.
 */
export async function reachableCustomer(db: Db | Tx, user: SessionUser, id: number, deleted = false): Promise<CustomerSummary> {
  const [found] = await selectCustomerSummaries(db)
    .where(and(eq(customers.ID, id), inUserScope(user), deleted ? isNotNull(customers.deleted_at) : isNull(customers.deleted_at)))
    .limit(1);
  if (!found) throw notFound('Customer');
  return found;
}
