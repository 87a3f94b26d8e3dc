import { and, eq, or } from 'drizzle-orm';
import { NOT_A_MEMBERSHIP, SELECT_FAMILY_MEMBER } from '../../../core/api/memberships';
import { PRODUCT_TYPE } from '../../../core/constants';
import { applyRate, sum, toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { families, fees, gls, invoiceItems, invoices, memberships, productFees, productTaxes, productVariations, products, taxes } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { findCustomer } from '../customers/access';
import { recordCustomerChange } from '../customers/audit';

// Selling a membership (spec 1 §3, §5): to a holder of the member's family, with its invoice under
// product type 18 (the product's taxes and fees) unless free. POST /membership sells one; so does a
// Terminal checkout for a membership once it completes.

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

/** The invoice of a sold membership: one line at `price` cents with the product's taxes and fees. */
async function invoiceMembership(tx: Tx, user: SessionUser, facilityId: number, customerId: number, productId: number, price: number) {
  // One after the other: a transaction's one connection takes one query at a time.
  const taxRates = await tx.select({ value: taxes.value }).from(productTaxes).innerJoin(taxes, eq(taxes.ID, productTaxes.product_tax_id)).where(eq(productTaxes.new_product_id, productId));
  const feeRates = await tx.select({ value: fees.value }).from(productFees).innerJoin(fees, eq(fees.ID, productFees.product_fee_id)).where(eq(productFees.new_product_id, productId));
  const [variation] = await tx.select({ ID: productVariations.ID }).from(productVariations)
    .where(and(eq(productVariations.new_product_id, productId), eq(productVariations.facility_id, facilityId)));
  const taxPercent = sum(taxRates.map((t) => t.value));
  const feePercent = sum(feeRates.map((f) => f.value));
  const [invoice] = await tx.insert(invoices).values({
    facility_id: facilityId, customer_id: customerId, product_type_id: PRODUCT_TYPE.MEMBERSHIP, date: nowSeconds(), user_id: user.ID, comment: 'Membership',
  }).returning();
  const [item] = await tx.insert(invoiceItems).values({
    invoice_id: invoice.ID,
    product_id: variation?.ID ?? null,
    new_product_id: productId,
    price,
    quantity: 1,
    taxes: taxPercent,
    fees: feePercent,
    amount_taxes: applyRate(price, taxPercent / 100),
    amount_fees: applyRate(price, feePercent / 100),
  }).returning();
  return { ID: invoice.ID, total: toDollars(item.price + item.amount_taxes + item.amount_fees) };
}

/** A membership sold inside `tx` (its invoice unless free); the holder must be of the member's family. */
/** A membership as answered: without its facility (the holder's) and its last change. */
export const membershipWire = ({ facility_id: _f, UpdatedAt: _u, ...membership }: typeof memberships.$inferSelect) => membership;

export async function sellMembership(tx: Tx, user: SessionUser, sale: {
  sub_customer_id: number; member_customer_id: number; new_product_id: number; is_free: boolean; price: number | null; valid_until?: number;
}) {
  const { sub_customer_id, member_customer_id } = sale;
  const member = await findCustomer(tx, user, member_customer_id);
  const holder = await findCustomer(tx, user, sub_customer_id).catch(() => { throw badRequest(SELECT_FAMILY_MEMBER); });
  if (!(await sameFamily(tx, holder.ID, member.ID))) throw badRequest(SELECT_FAMILY_MEMBER);
  const product = await membershipProduct(tx, sale.new_product_id);
  const valid_until = sale.valid_until ?? nowSeconds() + (product.duration || 365 * DAY);
  const [membership] = await tx.insert(memberships).values({
    sub_customer_id, member_customer_id, valid_until, is_free: sale.is_free, new_product_id: product.ID, facility_id: member.facility_id,
  }).returning();
  const invoice = sale.price === null ? null : await invoiceMembership(tx, user, member.facility_id, member.ID, product.ID, sale.price);
  await recordCustomerChange(tx, user, holder, 'update', { membership, invoice_id: invoice?.ID ?? null });
  return { ...membershipWire(membership), invoice };
}
