import { and, asc, eq, isNotNull, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session';
import { facilityScope } from '../../auth/guard';
import type { Db, Tx } from '../../db/client';
import { customers, facilities } from '../../db/schema';
import { jsonObject } from '../../db/json';
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

/** Names compared as bytes (code points), the order of customers_name_idx. */
export const byteOrder = (name: SQL | SQL.Aliased | AnyColumn) => sql`(${name}) collate "C"`;

/**
 * Customers by last name, first name and ID, in the same order on every database: names compare as
 * bytes, whatever the database's collation. It is also the cheap order: PostgreSQL compares only "C"
 * with memcmp; under a libc collation (even C.UTF-8) each comparison is a strcoll call, which was a
 * third of a common last name's search (sorting 4,906 matches for the first 50).
 */
export const customerNameOrder = [asc(byteOrder(customers.last_name)), asc(byteOrder(customers.first_name)), asc(customers.ID)];

/** A customer summary (customerSummaryColumns) as JSON built by PostgreSQL, for answers sent as text. */
export const customerSummaryJson = jsonObject<CustomerSummary>({ ...customerSummaryColumns, facility: jsonObject(customerSummaryColumns.facility) });

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
