import { and, asc, desc, eq, inArray, like, or, sql } from 'drizzle-orm';
import { aliasedTable } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  customerProfile, EMAIL_CONFIRMATION_SENT, updateCustomer, updateCustomerEmail, updateCustomerNote,
} from '../../../core/api/customers';
import { toCents } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import { customerEditIssues, customerEmailProblem, isKidCustomer } from '../../../core/validation/customer';
import { STAFF_MESSAGES } from '../../../core/validation/staff';
import { authorize } from '../../auth/guard';
import type { Db, Tx } from '../../db/client';
import { columnsBut } from '../../db/columns';
import { customers, eplayers, facilities, families, memberships, products, suspensions } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { serve } from '../../http/endpoint';
import { badRequest, forbidden, preconditionFailed } from '../../http/errors';
import { customerWire, findCustomer, type CustomerRow } from '../../domain/customers/access';
import { recordCustomerChange } from '../../domain/customers/audit';
import { hubspotKeyOf } from './hubspotKey';
import { customerTotals } from '../../domain/customers/invoiceTotals';
import { expectedVersion } from '../../http/version';
import { atVersion, findVersionedCustomer, STALE_CUSTOMER } from './version';

// The customer profile (spec 1 §2, §7): GET /customer/{id} with everything the summary card and the
// profile tab show in one answer, PUT /customer/{id} (details, or an admin's credit),
// PUT /customer/email/{id}?email= and PUT /customer/note/{id}. GET and PUT /customer/{id} carry the
// row's version as ETag, and PUT honours If-Match (version.ts).

const parents = aliasedTable(customers, 'parent');
const children = aliasedTable(customers, 'child');

/** The family links of a customer, either side, with both people's names and emails. */
async function familyOf(db: Db | Tx, customerId: number) {
  return db
    .select({
      ID: families.ID,
      parent_id: families.parent_id,
      child_id: families.child_id,
      relation: families.relation,
      parent: { ID: parents.ID, first_name: parents.first_name, last_name: parents.last_name, email: parents.email },
      child: { ID: children.ID, first_name: children.first_name, last_name: children.last_name, email: children.email },
    })
    .from(families)
    .innerJoin(parents, eq(parents.ID, families.parent_id))
    .innerJoin(children, eq(children.ID, families.child_id))
    .where(or(eq(families.parent_id, customerId), eq(families.child_id, customerId)))
    .orderBy(asc(families.ID));
}

const holders = aliasedTable(customers, 'holder');

/** Memberships the customer holds or bought, newest first, each with `valid` (valid_until not past). */
export async function membershipsOf(db: Db | Tx, customerId: number) {
  const now = nowSeconds();
  const rows = await db
    .select({
      membership: columnsBut(memberships, 'facility_id', 'UpdatedAt'),
      holder: { ID: holders.ID, first_name: holders.first_name, last_name: holders.last_name },
      product: { ID: products.ID, name: products.name },
    })
    .from(memberships)
    .innerJoin(holders, eq(holders.ID, memberships.sub_customer_id))
    .leftJoin(products, eq(products.ID, memberships.new_product_id))
    .where(or(eq(memberships.sub_customer_id, customerId), eq(memberships.member_customer_id, customerId)))
    .orderBy(desc(memberships.valid_until), desc(memberships.ID));
  return rows.map(({ membership, holder, product }) => ({ ...membership, holder, product, valid: membership.valid_until >= now }));
}

export async function suspensionsOf(db: Db | Tx, customerId: number) {
  return db.select(columnsBut(suspensions, 'CreatedAt', 'UpdatedAt')).from(suspensions).where(eq(suspensions.customer_id, customerId)).orderBy(desc(suspensions.from));
}

/** Suspended while now falls inside one of the periods (spec 1 §3). */
export const isSuspended = (periods: Array<{ from: number; until: number }>, now = nowSeconds()) =>
  periods.some((p) => p.from <= now && now <= p.until);

/** The whole profile: the customer, facility, totals, family, e-player, memberships, suspensions and HubSpot. */
async function profileOf(db: Db, customer: CustomerRow) {
  const [facility, money, family, [eplayer], owned, periods, hubspotKey] = await Promise.all([
    db.select({ ID: facilities.ID, name: facilities.name, time_zone: facilities.time_zone }).from(facilities).where(eq(facilities.ID, customer.facility_id)),
    customerTotals(db, customer.ID),
    familyOf(db, customer.ID),
    db.select(columnsBut(eplayers, 'CreatedAt', 'UpdatedAt')).from(eplayers).where(eq(eplayers.customer_id, customer.ID)),
    membershipsOf(db, customer.ID),
    suspensionsOf(db, customer.ID),
    hubspotKeyOf(db, customer.facility_id),
  ]);
  return {
    ...customerWire(customer),
    facility: facility[0] ?? null,
    ...money,
    suspended: isSuspended(periods),
    suspensions: periods,
    family,
    eplayer: eplayer ?? null,
    memberships: owned,
    /** Whether a HubSpot integration applies to the customer's facility (the profile's HubSpot button). */
    hubspot: hubspotKey !== null,
  };
}

export async function customerProfileRoutes(app: FastifyInstance) {
  const { db, mailer } = app.deps;

  serve(app, customerProfile, async ({ user, params: { id } }, _request, reply) => {
    const { customer, etag } = await findVersionedCustomer(db, user, id);
    reply.header('etag', etag);
    return profileOf(db, customer);
  });

  serve(app, updateCustomer, async ({ user, params: { id }, body }, request, reply) => {
    const expected = expectedVersion(request);
    if (Object.keys(body).length === 0) throw badRequest('Nothing to change');
    if (body.credits !== undefined) authorize(request, 'customer_profile', 'credit');
    if (body.facility_id !== undefined && user.role !== 'admin' && body.facility_id !== user.facility_id) {
      throw forbidden('Only admins can move a customer to another facility');
    }
    const { credits, ...rest } = body;
    await transaction(db, async (tx) => {
      const before = await findCustomer(tx, user, id);
      const issues = customerEditIssues(before, rest, nowSeconds());
      if (issues.length) throw badRequest(issues.map(([field, message]) => `${field}: ${message}`).join('; '));
      if (rest.facility_id !== undefined && rest.facility_id !== before.facility_id) {
        const [facility] = await tx.select({ ID: facilities.ID }).from(facilities).where(eq(facilities.ID, rest.facility_id));
        if (!facility) throw badRequest(STAFF_MESSAGES.selectFacility);
      }
      const changes = { ...rest, ...(credits === undefined ? {} : { credits: toCents(credits) }) };
      const [after] = await tx.update(customers).set(changes).where(atVersion(before.ID, expected)).returning();
      if (!after) throw preconditionFailed(STALE_CUSTOMER);
      await recordCustomerChange(tx, user, after, 'update');
    });
    const { customer, etag } = await findVersionedCustomer(db, user, id);
    reply.header('etag', etag);
    return profileOf(db, customer);
  });

  serve(app, updateCustomerEmail, async ({ user, params: { id }, query }) => {
    const email = (query.email ?? '').trim().toLowerCase();
    const problem = customerEmailProblem(email);
    if (problem) throw badRequest(problem);
    const customer = await db.transaction(async (tx) => {
      const before = await findCustomer(tx, user, id);
      if (isKidCustomer(before)) throw badRequest('A child\'s email follows its parent\'s and cannot be edited');
      const [after] = await tx.update(customers).set({ email }).where(eq(customers.ID, id)).returning();
      // The children's emails are this email plus '##' and their ID (spec 1 §4): keep them in step.
      const kids = tx.select({ ID: families.child_id }).from(families).where(eq(families.parent_id, id));
      await tx.update(customers)
        .set({ email: sql`${email} || '##' || ${customers.ID}`, parent_email: email })
        .where(and(inArray(customers.ID, kids), like(customers.email, '%##%')));
      await recordCustomerChange(tx, user, after, 'update');
      return after;
    });
    await mailer.send({
      to: email,
      subject: 'Your email address was updated',
      text: `Hello ${customer.first_name},\n\nThis address is now the email on your account. If you did not ask for this change, please contact the facility.\n`,
    });
    return { message: EMAIL_CONFIRMATION_SENT, email };
  });

  serve(app, updateCustomerNote, async ({ user, params: { id }, body: { note } }) => {
    const after = await db.transaction(async (tx) => {
      await findCustomer(tx, user, id);
      const [row] = await tx.update(customers).set({ note }).where(eq(customers.ID, id)).returning();
      await recordCustomerChange(tx, user, row, 'update');
      return row;
    });
    return customerWire(after);
  });
}

