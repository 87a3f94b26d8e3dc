import { and, eq, inArray, isNull, ne, or, sql, type SQLWrapper } from 'drizzle-orm';
import { PORTAL_MESSAGES, type PortalMe, type PortalMember } from '../../../core/api/portal';
import { childEmail, CUSTOMER_TYPE_KID } from '../../../core/validation/customer';
import { nowSeconds } from '../../../core/time';
import type { PortalUser } from '../../auth/portalSession';
import type { Db, Tx } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { childDataConsents, customers, families, memberships, portalPasswords, products } from '../../db/schema';
import { conflict } from '../../http/errors';
import { recordChange } from '../../services/changelog';
import { customerWire, type CustomerRow } from '../customers/access';

// The family a portal session sees (issue 43 §3): the account holder and the children of their family
// links (the records staff see: no second customer table), never anyone else. Every portal call scopes
// by familyIds; a record outside it is 404, as if it did not exist.

/**
 * The holder and their live children, as a condition on customers: the family's one rule (the holder's
 * links; a deleted child is not in it). The IDs as one array, which PostgreSQL reads by the primary key
 * (an OR of the holder and a subquery had it scan every customer).
 */
export const inFamily = (holder: SQLWrapper) => and(
  sql`${customers.ID} = any(array_prepend(${holder}::int, array(select ${families.child_id} from ${families} where ${families.parent_id} = ${holder})))`,
  or(eq(customers.ID, holder), isNull(customers.deleted_at)),
);

/** The holder's live children, a prepared statement (server/db/prepared.ts: every portal call reads it). */
const HOLDER = sql.placeholder('holder');
const childrenOf = perDatabase((db) => db.select({ ID: customers.ID }).from(customers)
  .where(and(inFamily(HOLDER), ne(customers.ID, HOLDER)))
  .orderBy(customers.ID)
  .prepare('portal_family_children'));

/** The holder's ID and their (live) children's, the holder first. */
export async function familyIds(db: Db | Tx, holder: PortalUser): Promise<number[]> {
  const children = await childrenOf(db).execute({ holder: holder.customer_id });
  return [holder.customer_id, ...children.map((c) => c.ID)];
}

const memberWire = (row: CustomerRow): PortalMember => ({
  ID: row.ID, first_name: row.first_name, last_name: row.last_name, email: row.email, phone: row.phone, address: row.address,
  state: row.state, country: row.country, birthdate: row.birthdate, gender: row.gender, is_kid: row.is_kid, facility_id: row.facility_id,
  waiver_signed: row.waiver_signed,
});

/** GET /portal/me. */
export async function portalFamily(db: Db, holder: PortalUser): Promise<PortalMe> {
  const ids = await familyIds(db, holder);
  const rows = await db.select().from(customers).where(inArray(customers.ID, ids));
  const byId = new Map(rows.map((r) => [r.ID, r]));
  const held = await db.select({ ID: memberships.ID, customer_id: memberships.sub_customer_id, product: products.name, facility_id: memberships.facility_id, valid_until: memberships.valid_until })
    .from(memberships).leftJoin(products, eq(products.ID, memberships.new_product_id))
    .where(inArray(memberships.sub_customer_id, ids))
    .orderBy(sql`${memberships.valid_until} desc`, memberships.ID);
  const [consent] = await db.select({ given_at: childDataConsents.given_at }).from(childDataConsents).where(eq(childDataConsents.customer_id, holder.customer_id));
  const [password] = await db.select({ ID: portalPasswords.ID }).from(portalPasswords).where(eq(portalPasswords.customer_id, holder.customer_id));
  const now = nowSeconds();
  const members = ids.flatMap((id) => byId.get(id) ?? []).map(memberWire);
  return {
    holder: members[0],
    children: members.slice(1),
    memberships: held.map((m) => ({ ...m, active: m.valid_until >= now })),
    waivers: members.filter((m) => m.waiver_signed).map((m) => ({ customer_id: m.ID, signed: true as const })),
    child_data_consent: consent ?? null,
    has_password: !!password,
  };
}

/** PUT /portal/me: the holder's contact fields sent, recorded in the changelog as the customer's own change. */
export async function editContact(db: Db, holder: PortalUser, edit: Partial<Pick<CustomerRow, 'phone' | 'address' | 'state' | 'country'>>): Promise<PortalMe> {
  if (Object.keys(edit).length) {
    await db.transaction(async (tx) => {
      const [row] = await tx.update(customers).set(edit).where(eq(customers.ID, holder.customer_id)).returning();
      await recordChange(tx, { object: 'customer', object_id: row.ID, action: 'update', user_id: null, new_value: { ...customerWire(row), by: 'portal' } });
    });
  }
  return portalFamily(db, holder);
}

/**
 * POST /portal/children: a child of the holder's facility linked to the holder (email: the holder's +
 * '##' + ID, as a staff family link makes it). The duplicate check of staff's wizard on name and birth
 * date, within the family: the same child twice is refused (409). The holder's row is locked so two
 * concurrent adds of one child make one.
 */
export async function addChild(db: Db, holder: PortalUser, input: { first_name: string; last_name: string; birth_date: number; gender: string }): Promise<PortalMember> {
  return db.transaction(async (tx) => {
    const [parent] = await tx.select().from(customers).where(eq(customers.ID, holder.customer_id)).for('update');
    const ids = await familyIds(tx, holder);
    const [twin] = await tx.select({ ID: customers.ID }).from(customers).where(and(
      inArray(customers.ID, ids.slice(1)),
      eq(sql`lower(${customers.first_name})`, input.first_name.toLowerCase()),
      eq(sql`lower(${customers.last_name})`, input.last_name.toLowerCase()),
      eq(customers.birthdate, input.birth_date),
    )).limit(1);
    if (twin) throw conflict(PORTAL_MESSAGES.duplicateChild);
    const [inserted] = await tx.insert(customers).values({
      first_name: input.first_name, last_name: input.last_name, birthdate: input.birth_date, gender: input.gender, is_kid: true,
      customer_type_id: CUSTOMER_TYPE_KID, facility_id: parent.facility_id, phone: parent.phone, address: parent.address, state: parent.state, country: parent.country,
    }).returning();
    await tx.insert(families).values({ parent_id: parent.ID, child_id: inserted.ID, relation: '' });
    const [child] = await tx.update(customers).set({ email: childEmail(parent.email, inserted.ID), parent_email: parent.email }).where(eq(customers.ID, inserted.ID)).returning();
    await recordChange(tx, { object: 'customer', object_id: child.ID, action: 'create', user_id: null, new_value: { ...customerWire(child), by: 'portal', family: { parent_id: parent.ID } } });
    return memberWire(child);
  });
}


