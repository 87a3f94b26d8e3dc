import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { NOT_A_MEMBERSHIP, SELECT_FAMILY_MEMBER } from '../../../core/api/memberships';
import { PRODUCT_TYPE } from '../../../core/constants';
import { sum, toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import type { SessionUser } from '../../auth/session';
import type { Db, Tx } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { families, fees, gls, invoiceItems, invoices, memberships, productFees, productTaxes, productVariations, products, taxes } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { findCustomer, type CustomerRow } from '../customers/access';
import { recordCustomerChange } from '../customers/audit';
import { lineAmounts } from '../invoices/lines';

// Selling a membership (spec 1 §3, §5): to a holder of the member's family, with its invoice under
// product type 18 (the product's taxes and fees) unless free. POST /membership sells one; so does a
// Terminal checkout for a membership once it completes; and an online registration for a class that
// requires one, its line on the registration's invoice (issue 44 §3, server/domain/portal/holdPrice.ts).

const DAY = 86400;

/** Whether two customers are the same or linked as parent and child. */
async function sameFamily(tx: Tx, a: number, b: number): Promise<boolean> {
  if (a === b) return true;
  const [link] = await tx.select({ ID: families.ID }).from(families).where(or(
    and(eq(families.parent_id, a), eq(families.child_id, b)),
    and(eq(families.parent_id, b), eq(families.child_id, a)),
  )).limit(1);
  return Boolean(link);
}

/** A membership product (its GL is under product type 18), or 400. */
export async function membershipProduct(tx: Tx, productId: number) {
  const [product] = await tx.select({ product: products }).from(products)
    .innerJoin(gls, eq(gls.ID, products.gl_id))
    .where(and(eq(products.ID, productId), eq(gls.product_type_id, PRODUCT_TYPE.MEMBERSHIP)));
  if (!product || product.product.deleted_at) throw badRequest(NOT_A_MEMBERSHIP);
  return product.product;
}

/** A membership product's tax and fee percents: the sums of its taxes and its fees. */
export async function membershipRates(db: Db | Tx, productId: number) {
  // One after the other: a transaction's one connection takes one query at a time.
  const taxRates = await db.select({ value: taxes.value }).from(productTaxes).innerJoin(taxes, eq(taxes.ID, productTaxes.product_tax_id)).where(eq(productTaxes.new_product_id, productId));
  const feeRates = await db.select({ value: fees.value }).from(productFees).innerJoin(fees, eq(fees.ID, productFees.product_fee_id)).where(eq(productFees.new_product_id, productId));
  return { taxes: sum(taxRates.map((t) => t.value)), fees: sum(feeRates.map((f) => f.value)) };
}

/** A membership's line on `invoiceId`: the product at `price` cents with its taxes and fees (also on a registration's invoice). */
export async function addMembershipLine(tx: Tx, invoiceId: number, facilityId: number, productId: number, price: number) {
  const rates = await membershipRates(tx, productId);
  const [variation] = await tx.select({ ID: productVariations.ID }).from(productVariations)
    .where(and(eq(productVariations.new_product_id, productId), eq(productVariations.facility_id, facilityId)));
  const [item] = await tx.insert(invoiceItems).values({
    invoice_id: invoiceId,
    product_id: variation?.ID ?? null,
    new_product_id: productId,
    price,
    quantity: 1,
    taxes: rates.taxes,
    fees: rates.fees,
    ...lineAmounts(price, 1, rates.taxes, rates.fees),
  }).returning();
  return item;
}

/** The invoice of a sold membership: one line at `price` cents with the product's taxes and fees. */
async function invoiceMembership(tx: Tx, user: SessionUser, facilityId: number, customerId: number, productId: number, price: number) {
  const [invoice] = await tx.insert(invoices).values({
    facility_id: facilityId, customer_id: customerId, product_type_id: PRODUCT_TYPE.MEMBERSHIP, date: nowSeconds(), user_id: user.ID, comment: 'Membership',
  }).returning();
  const item = await addMembershipLine(tx, invoice.ID, facilityId, productId, price);
  return { ID: invoice.ID, total: toDollars(item.price + item.amount_taxes + item.amount_fees) };
}

const membershipPrice = sql<string>`coalesce(nullif(${productVariations.base_price}, 0), ${products.base_price})`;
/** The cheapest membership product at a facility, a prepared statement (server/db/prepared.ts: every portal offerings call and class hold reads it). */
const cheapestMembership = perDatabase((db) => db.select({ ID: products.ID, name: products.name, duration: products.duration, price: membershipPrice }).from(products)
  .innerJoin(gls, eq(gls.ID, products.gl_id))
  .leftJoin(productVariations, and(eq(productVariations.new_product_id, products.ID), eq(productVariations.facility_id, sql.placeholder('facility'))))
  .where(and(eq(gls.product_type_id, PRODUCT_TYPE.MEMBERSHIP), isNull(products.deleted_at), or(isNull(productVariations.ID), eq(productVariations.available, true))))
  .orderBy(asc(membershipPrice), asc(products.ID)).limit(1)
  .prepare('facility_membership'));

/** The membership product a facility sells a family online: its cheapest (price in cents at the facility), null when it sells none. */
export async function facilityMembership(db: Db | Tx, facilityId: number) {
  const [row] = await cheapestMembership(db).execute({ facility: facilityId });
  return row ? { ...row, price: Number(row.price) } : null;
}

/**
 * A membership made for `holder` (its changelog on the holder's record): valid from now for the product's
 * duration (a year when it has none) unless `valid_until` says otherwise.
 */
export async function grantMembership(tx: Tx, user: SessionUser | null, holder: CustomerRow, sale: {
  member_customer_id: number; product: { ID: number; duration: number }; facility_id: number | null; is_free: boolean; valid_until?: number; invoice_id: number | null;
}) {
  const [membership] = await tx.insert(memberships).values({
    sub_customer_id: holder.ID, member_customer_id: sale.member_customer_id, valid_until: sale.valid_until ?? nowSeconds() + (sale.product.duration || 365 * DAY),
    is_free: sale.is_free, new_product_id: sale.product.ID, facility_id: sale.facility_id,
  }).returning();
  await recordCustomerChange(tx, user, holder, 'update', { membership, invoice_id: sale.invoice_id });
  return membership;
}

/** A membership as answered: without its facility (the holder's) and its last change. */
export const membershipWire = ({ facility_id: _f, UpdatedAt: _u, ...membership }: typeof memberships.$inferSelect) => membership;

/** A membership sold inside `tx` (its invoice unless free); the holder must be of the member's family. */
export async function sellMembership(tx: Tx, user: SessionUser, sale: {
  sub_customer_id: number; member_customer_id: number; new_product_id: number; is_free: boolean; price: number | null; valid_until?: number;
}) {
  const { sub_customer_id, member_customer_id } = sale;
  const member = await findCustomer(tx, user, member_customer_id);
  const holder = await findCustomer(tx, user, sub_customer_id).catch(() => { throw badRequest(SELECT_FAMILY_MEMBER); });
  if (!(await sameFamily(tx, holder.ID, member.ID))) throw badRequest(SELECT_FAMILY_MEMBER);
  const product = await membershipProduct(tx, sale.new_product_id);
  const invoice = sale.price === null ? null : await invoiceMembership(tx, user, member.facility_id, member.ID, product.ID, sale.price);
  const membership = await grantMembership(tx, user, holder, {
    member_customer_id, product, facility_id: member.facility_id, is_free: sale.is_free, valid_until: sale.valid_until, invoice_id: invoice?.ID ?? null,
  });
  return { ...membershipWire(membership), invoice };
}
