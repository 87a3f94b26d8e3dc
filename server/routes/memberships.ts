import { and, asc, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PRODUCT_TYPE } from '../../core/constants';
import { applyRate, sum, toCents, toDollars } from '../../core/money';
import { nowSeconds } from '../../core/time';
import { authorize } from '../auth/guard';
import type { SessionUser } from '../auth/session';
import type { Tx } from '../db/client';
import {
  customers, families, fees, gls, invoiceItems, invoices, memberships, productFees, productTaxes, productVariations, products, taxes,
} from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { serve } from '../http/endpoint';
import {
  activeMemberships, AMOUNT_ABOVE_ZERO, createMembership, editMembership, MEMBERSHIP_NOT_ADDED, membershipProducts, NOT_A_MEMBERSHIP, PROBLEM,
  SELECT_FAMILY_MEMBER, SELECT_VALID_CUSTOMER, SELECT_VALID_DATE,
} from '../../core/api/memberships';
import { findCustomer } from './customers/access';
import { recordCustomerChange } from './customers/audit';
import { inUserScope } from './customers/summary';

// Memberships (spec 1 §3, §5, §7). POST /memberships/active lists the valid memberships held by the
// given customers; POST /membership sells one (its invoice under product type 18, with the product's
// taxes and fees), free for admins; PUT /membership/{id} transfers or extends one (admins, managers).

const DAY = 86400;
const id = z.number().int().positive();

/** A membership ends in the future, and within ten years (a later date is a typo). */
const MAX_VALIDITY = 10 * 366 * DAY;
const isValidUntil = (seconds: number, now = nowSeconds()) => seconds > now && seconds <= now + MAX_VALIDITY;

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
  const [taxRates, feeRates, [variation]] = await Promise.all([
    tx.select({ value: taxes.value }).from(productTaxes).innerJoin(taxes, eq(taxes.ID, productTaxes.product_tax_id)).where(eq(productTaxes.new_product_id, productId)),
    tx.select({ value: fees.value }).from(productFees).innerJoin(fees, eq(fees.ID, productFees.product_fee_id)).where(eq(productFees.new_product_id, productId)),
    tx.select({ ID: productVariations.ID }).from(productVariations).where(and(eq(productVariations.new_product_id, productId), eq(productVariations.facility_id, facilityId))),
  ]);
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
  return { ...membership, invoice };
}

export async function membershipRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, membershipProducts, async () => {
    const rows = await db
      .select({ ID: products.ID, name: products.name, base_price: products.base_price, duration: products.duration })
      .from(products)
      .innerJoin(gls, eq(gls.ID, products.gl_id))
      .where(and(eq(gls.product_type_id, PRODUCT_TYPE.MEMBERSHIP), isNull(products.deleted_at)))
      .orderBy(asc(products.name));
    return rows.map((row) => ({ ...row, base_price: toDollars(row.base_price) }));
  });

  serve(app, activeMemberships, async ({ user, body: { customer_ids } }) => {
    if (customer_ids.length === 0) return [];
    return db
      .select({
        ID: memberships.ID,
        sub_customer_id: memberships.sub_customer_id,
        member_customer_id: memberships.member_customer_id,
        valid_until: memberships.valid_until,
        is_free: memberships.is_free,
        new_product_id: memberships.new_product_id,
        CreatedAt: memberships.CreatedAt,
      })
      .from(memberships)
      .innerJoin(customers, eq(customers.ID, memberships.sub_customer_id))
      .where(and(inArray(memberships.sub_customer_id, customer_ids), gte(memberships.valid_until, nowSeconds()), inUserScope(user)));
  });

  serve(app, createMembership, async ({ user, body }, request) => {
    if (!body.sub_customer_id) throw badRequest(SELECT_FAMILY_MEMBER);
    if (!body.member_customer_id) throw badRequest(MEMBERSHIP_NOT_ADDED);
    if (body.is_free) authorize(request, 'memberships', 'free');
    else if (body.amount === undefined || body.amount <= 0) throw badRequest(AMOUNT_ABOVE_ZERO);
    const until = body.valid_until === undefined ? undefined : id.safeParse(body.valid_until);
    if (until && (!until.success || !isValidUntil(until.data))) throw badRequest(SELECT_VALID_DATE);
    return db.transaction((tx) => sellMembership(tx, user, {
      sub_customer_id: body.sub_customer_id!, member_customer_id: body.member_customer_id!, new_product_id: body.new_product_id,
      is_free: body.is_free, price: body.is_free ? null : toCents(body.amount!), valid_until: until?.data,
    }));
  });

  serve(app, editMembership, async ({ user, params: { id: membershipId }, body }) => {
    if (body.sub_customer_id === undefined && body.valid_until === undefined) throw badRequest(PROBLEM);
    const transferTo = body.sub_customer_id === undefined ? undefined : id.safeParse(body.sub_customer_id);
    if (transferTo && !transferTo.success) throw badRequest(SELECT_VALID_CUSTOMER);
    const until = body.valid_until === undefined ? undefined : id.safeParse(body.valid_until);
    if (until && (!until.success || !isValidUntil(until.data))) throw badRequest(SELECT_VALID_DATE);
    return db.transaction(async (tx) => {
      const [current] = await tx.select().from(memberships).where(eq(memberships.ID, membershipId));
      if (!current) throw notFound('Membership');
      await findCustomer(tx, user, current.sub_customer_id).catch(() => { throw notFound('Membership'); });
      const holder = transferTo
        ? await findCustomer(tx, user, transferTo.data!).catch(() => { throw badRequest(SELECT_VALID_CUSTOMER); })
        : undefined;
      const [updated] = await tx.update(memberships)
        .set({ ...(holder ? { sub_customer_id: holder.ID } : {}), ...(until ? { valid_until: until.data } : {}) })
        .where(eq(memberships.ID, membershipId))
        .returning();
      if (!updated) throw badRequest(PROBLEM);
      const audited = holder ?? await findCustomer(tx, user, updated.sub_customer_id);
      await recordCustomerChange(tx, user, audited, 'update', { membership: updated });
      return updated;
    });
  });
}
