import { eq } from 'drizzle-orm';
import type { CustomerCreate } from '../../../core/validation/customer';
import { childEmail } from '../../../core/validation/customer';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { customers, families } from '../../db/schema';
import { recordCustomerChange } from './audit';
import type { CustomerRow } from './access';

// Making customers inside a caller's transaction (spec 1 §4, §7): POST /customer and POST /family use
// these, and so does a class registration that brings its new participant (issue 41 item 7: the
// customers exist only if the registration does).

/** A new customer of `facility_id`, audited. */
export async function insertCustomer(tx: Tx, user: SessionUser, input: CustomerCreate, facility_id: number): Promise<CustomerRow> {
  const [row] = await tx.insert(customers).values({ ...input, facility_id }).returning();
  await recordCustomerChange(tx, user, row, 'create');
  return row;
}

/** Links a child to a parent: the child's email becomes the parent's + '##' + the child's ID. */
export async function linkChild(tx: Tx, user: SessionUser, link: { parent_id: number; child_id: number; relation: string }, parentEmail: string) {
  const [row] = await tx.insert(families).values(link).returning();
  const [child] = await tx.update(customers)
    .set({ email: childEmail(parentEmail, link.child_id), parent_email: parentEmail })
    .where(eq(customers.ID, link.child_id))
    .returning();
  await recordCustomerChange(tx, user, child, 'update', { family: link });
  return { link: row, child };
}
