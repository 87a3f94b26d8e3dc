import { and, asc, count, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ClassRecord } from '../../../core/api/classes';
import { toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import { classPrice, CLASS_MESSAGES, classType, type ClassType } from '../../../core/validation/classes';
import { findChildParent, isKidCustomer } from '../../../core/validation/customer';
import { facilityScope } from '../../auth/guard';
import type { SessionUser } from '../../auth/session';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { attendees, classes, customers, events, families, gls, invoices, productVariations, products } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { recordChange } from '../../services/changelog';
import type { CustomerRow } from '../customers/access';

// The class a request works on: it exists and (for anyone but an admin) is the user's facility's, else
// 404. Writes that count its participants take it with `lock` (FOR UPDATE): registrations, moves and
// promotions into one class queue behind each other, so it never holds more than max_kids. Several
// classes are locked in the order of their IDs.

export type ClassRow = typeof classes.$inferSelect;

export async function findClass(db: Db | Tx, user: SessionUser, id: number, options: { lock?: boolean } = {}): Promise<ClassRow> {
  const facility = facilityScope(user);
  const query = db.select().from(classes).where(and(eq(classes.ID, id), facility === null ? undefined : eq(classes.facility_id, facility)));
  const [row] = await (options.lock ? query.for('update') : query);
  if (!row) throw notFound('Class');
  return row;
}

/** Locks classes in the order of their IDs (no two writers wait on each other crosswise). */
export async function lockClasses(tx: Tx, user: SessionUser, ids: number[]): Promise<Map<number, ClassRow>> {
  const locked = new Map<number, ClassRow>();
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) locked.set(id, await findClass(tx, user, id, { lock: true }));
  return locked;
}

/** A class as the wire (and the audit) has it: the fee in dollars; the kept attendee count stays inside. */
export const classWire = ({ fee, attendee_count: _kept, ...row }: ClassRow): ClassRecord => ({ ...row, fee: fee === null ? null : toDollars(fee) });

export async function auditClass(tx: Tx, user: SessionUser | null, row: ClassRow, action: string, extra: Record<string, unknown> = {}): Promise<void> {
  await recordChange(tx, { object: 'class', object_id: row.ID, action, user_id: user?.ID ?? null, new_value: { ...classWire(row), ...extra } });
}

/** The classes a class's figures cover: itself and (a season) its divisions. */
export const coveredClasses = (cls: SQL) => sql`(select c.id from ${classes} c where c.id = ${cls} or c.class_parent_id = ${cls})`;

/** The registrations' invoices of a class (and its divisions). */
const classInvoices = (cls: SQL) => sql`(select ${attendees.invoice_id} from ${attendees} where ${attendees.class_id} in ${coveredClasses(cls)})`;

/**
 * A class's money in cents, [invoiced, paid]: invoiced = Σ(invoiced − discounted), paid = Σ paid (spec 3
 * §4). One column, so that its invoices are found once for both sums.
 */
export const classMoney = (cls: SQL) =>
  sql<[number, number]>`(select json_build_array(coalesce(sum(${invoices.invoiced} - ${invoices.discounted}), 0), coalesce(sum(${invoices.paid}), 0)) from ${invoices} where ${invoices.ID} in ${classInvoices(cls)})`;

/** How many participants a class has (a season: its divisions'), from the classes' kept counts. */
export const participantsCount = (cls: SQL) => sql<number>`(select coalesce(sum(c.attendee_count), 0)::int from ${classes} c where c.id = ${cls} or c.class_parent_id = ${cls})`;

/** The GL code of a class's product, as a column. */
export const glCodeColumn = sql<string | null>`(select ${gls.code} from ${products} join ${gls} on ${gls.ID} = ${products.gl_id} where ${products.ID} = ${classes.new_product_id})`;

export const typeOf = (row: Pick<ClassRow, 'is_camp'>, glCode: string | null) => classType(row, glCode) as ClassType;

export async function attendeesOf(tx: Tx | Db, classId: number): Promise<number> {
  const [{ n }] = await tx.select({ n: count() }).from(attendees).where(eq(attendees.class_id, classId));
  return n;
}

/** What a class sells at: its product's GL type, prices at the class's facility (cents) and prorate flag. */
/** A class's product, its variation's prices over the product's (their numeric sums come as strings). */
export const productColumns = {
  new_product_id: products.ID,
  product_id: productVariations.ID,
  name: products.name,
  gl_code: gls.code,
  product_type_id: gls.product_type_id,
  base_price: sql<string>`coalesce(nullif(${productVariations.base_price}, 0), ${products.base_price})`,
  individual_price: sql<string>`coalesce(nullif(${productVariations.individual_price}, 0), ${products.individual_price})`,
  prorate: products.prorate,
};

/**
 * The variation a class sells at: its own when it names one, else its product's at its facility. Over
 * values (one class) or columns (classes in a query); a product_id of 0 names none.
 */
const classVariation = (productId: SQL | number | null, facilityId: SQL | number) => or(
  and(sql`coalesce(${productId}::int, 0) <> 0`, eq(productVariations.ID, sql`${productId}`)),
  and(sql`coalesce(${productId}::int, 0) = 0`, eq(productVariations.new_product_id, products.ID), eq(productVariations.facility_id, sql`${facilityId}`)));

const productPrices = <R extends { base_price: string; individual_price: string }>(row: R): Omit<R, 'base_price' | 'individual_price'> & { base_price: number; individual_price: number } =>
  ({ ...row, base_price: Number(row.base_price), individual_price: Number(row.individual_price) });

export async function productOf(db: Db | Tx, cls: Pick<ClassRow, 'product_id' | 'new_product_id' | 'facility_id'>) {
  if (!cls.new_product_id) return null;
  const [row] = await db.select(productColumns).from(products)
    .innerJoin(gls, eq(gls.ID, products.gl_id))
    .leftJoin(productVariations, classVariation(cls.product_id, cls.facility_id))
    .where(eq(products.ID, cls.new_product_id));
  return row ? productPrices(row) : null;
}
export type ClassProductRow = NonNullable<Awaited<ReturnType<typeof productOf>>>;

/** The classes' products (the class IDs one array parameter), prepared: the offerings read them on every call. */
const classProducts = perDatabase((db) => db.select({ class_id: classes.ID, ...productColumns }).from(classes)
  .innerJoin(products, eq(products.ID, classes.new_product_id))
  .innerJoin(gls, eq(gls.ID, products.gl_id))
  .leftJoin(productVariations, classVariation(sql`${classes.product_id}`, sql`${classes.facility_id}`))
  .where(sql`${classes.ID} = any(${sql.placeholder('ids')}::int[])`)
  .prepare('class_products'));

/**
 * The products of stored classes, by class ID, in one statement (as productOf reads each); a class without
 * one is absent. (Read beside the classes rather than joined to them: a lateral join per class cost
 * PostgreSQL more than this second statement, bench/PORTAL.md.)
 */
export async function productsOf(db: Db | Tx, ids: number[]): Promise<Map<number, ClassProductRow>> {
  if (!ids.length) return new Map();
  const rows = await classProducts(db).execute({ ids });
  const found = new Map<number, ClassProductRow>();
  // The first row per class, as productOf takes the first.
  for (const { class_id, ...row } of rows) if (!found.has(class_id)) found.set(class_id, productPrices(row));
  return found;
}

/** How many of a class's events are still to come (after `now`: a value, or a prepared statement's placeholder), as a column. */
export const eventsLeftColumn = (cls: SQL, now: SQLWrapper | number = nowSeconds()) => sql<number>`(select count(*)::int from ${events} e where e.class_id = ${cls} and e.start_date > ${now})`;

/** The price of a registration into the class, cents, given its events still to come (core/validation/classes classPrice). */
export function priceOf(cls: Pick<ClassRow, 'fee'>, product: ClassProductRow | null, eventsLeft: number) {
  const basis = { base: cls.fee ?? product?.base_price ?? 0, perEvent: product?.individual_price ?? 0, prorate: product?.prorate ?? false, eventsLeft };
  return { ...basis, ...classPrice(basis) };
}

/** The price of a registration into the class now, cents. */
export async function priceNow(db: Db | Tx, cls: ClassRow) {
  const product = await productOf(db, cls);
  const [{ left }] = rowsOf<{ left: number }>(await db.execute(sql`select ${eventsLeftColumn(sql`${cls.ID}`)} as left`));
  return priceOf(cls, product, left);
}

/** The variation of a product at a facility, when there is one. */
export async function variationAt(db: Db | Tx, newProductId: number, facilityId: number): Promise<number | null> {
  const [row] = await db.select({ ID: productVariations.ID }).from(productVariations)
    .where(and(eq(productVariations.new_product_id, newProductId), eq(productVariations.facility_id, facilityId)));
  return row?.ID ?? null;
}

/**
 * Who pays for a child's place (spec 3 §5): the parent on record whose e-mail is the part of the
 * child's before '#' (the one asked for, when it is such a parent), else 400 'The selected child
 * appears to have no parent on our records'. An adult pays for themselves (null).
 */
export async function payingParent(tx: Tx, child: CustomerRow, requested?: number | null): Promise<number | null> {
  if (!isKidCustomer(child)) return null;
  const parents = await tx.select({ ID: customers.ID, email: customers.email }).from(families)
    .innerJoin(customers, eq(customers.ID, families.parent_id))
    .where(eq(families.child_id, child.ID)).orderBy(asc(families.ID));
  const asked = parents.find((p) => p.ID === requested);
  const candidates = parents.map((p) => ({ ID: p.ID, email: p.email ?? '' }));
  const found = asked && findChildParent({ email: child.email ?? '' }, [{ ID: asked.ID, email: asked.email ?? '' }])
    ? asked : findChildParent({ email: child.email ?? '' }, candidates);
  if (!found) throw badRequest(CLASS_MESSAGES.noParent);
  return found.ID;
}
