import type { FastifyInstance } from 'fastify';
import { aliasedTable, and, eq, isNull, or } from 'drizzle-orm';
import { createCustomer, customerFamily, linkFamily } from '../../../core/api/customers';
import { STAFF_MESSAGES } from '../../../core/validation/staff';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { customers, facilities, families } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest } from '../../http/errors';
import { insertCustomer, linkChild } from '../../domain/customers/create';
import { reachableCustomer } from '../../domain/customers/summary';

// Customer creation and families (spec 1 §4, §7; spec 3 §5): POST /customer creates an adult or a
// child; POST /family links a child to a parent, which rewrites the child's email to the parent's
// email + '##' + the child's ID; GET /family/{id} lists a customer's parents and children.

/** The facility a new customer joins: one an admin chose (else their own); everyone else's own. */
async function facilityFor(db: Db, user: SessionUser, requested: number | undefined): Promise<number> {
  if (user.role !== 'admin' || !requested) return user.facility_id;
  const [found] = await db.select({ ID: facilities.ID }).from(facilities).where(eq(facilities.ID, requested));
  if (!found) throw badRequest(STAFF_MESSAGES.selectFacility);
  return found.ID;
}

const parents = aliasedTable(customers, 'parent');
const children = aliasedTable(customers, 'child');
const person = (t: typeof customers) => ({ ID: t.ID, first_name: t.first_name, last_name: t.last_name, email: t.email, is_kid: t.is_kid });

export async function customerCreateRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, createCustomer, async ({ user, body: input }) => {
    const facility_id = await facilityFor(db, user, input.facility_id);
    const created = await db.transaction((tx) => insertCustomer(tx, user, input, facility_id));
    return reachableCustomer(db, user, created.ID);
  });

  serve(app, customerFamily, async ({ user, params: { id } }) => {
    await reachableCustomer(db, user, id);
    return db
      .select({ ID: families.ID, parent_id: families.parent_id, child_id: families.child_id, relation: families.relation, parent: person(parents), child: person(children) })
      .from(families)
      .innerJoin(parents, eq(parents.ID, families.parent_id))
      .innerJoin(children, eq(children.ID, families.child_id))
      .where(and(or(eq(families.parent_id, id), eq(families.child_id, id)), isNull(parents.deleted_at), isNull(children.deleted_at)))
      .orderBy(families.ID);
  });

  serve(app, linkFamily, async ({ user, body: { parent_id, child_id, relation } }) => {
    if (parent_id === child_id) throw badRequest('A customer cannot be their own parent');
    const parent = await reachableCustomer(db, user, parent_id);
    const child = await reachableCustomer(db, user, child_id);
    if (parent.is_kid || !parent.email) throw badRequest('The parent must be an adult with an email');
    if (!child.is_kid) throw badRequest('Only a child can be linked to a parent');
    const { link: { ID } } = await db.transaction((tx) => linkChild(tx, user, { parent_id, child_id, relation }, parent.email));
    return { ID, parent_id, child_id, relation, child: await reachableCustomer(db, user, child_id) };
  });
}
