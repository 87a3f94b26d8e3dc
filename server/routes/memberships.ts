import { and, asc, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PRODUCT_TYPE } from '../../core/constants';
import { toCents, toDollars } from '../../core/money';
import { nowSeconds } from '../../core/time';
import { authorize } from '../auth/guard';
import { customers, gls, memberships, products } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { serve } from '../http/endpoint';
import {
  activeMemberships, createMembership, editMembership, membershipProducts, PROBLEM, SELECT_VALID_CUSTOMER, SELECT_VALID_DATE,
} from '../../core/api/memberships';
import { findCustomer } from '../domain/customers/access';
import { recordCustomerChange } from '../domain/customers/audit';
import { inUserScope } from '../domain/customers/summary';
import { membershipWire, sellMembership } from '../domain/memberships/sale';

// Memberships (spec 1 §3, §5, §7). POST /memberships/active lists the valid memberships held by the
// given customers; POST /membership sells one (its invoice under product type 18, with the product's
// taxes and fees), free for admins; PUT /membership/{id} transfers or extends one (admins, managers).

const DAY = 86400;
const id = z.number().int().positive();

/** A membership ends in the future, and within ten years (a later date is a typo). */
const MAX_VALIDITY = 10 * 366 * DAY;
const isValidUntil = (seconds: number, now = nowSeconds()) => seconds > now && seconds <= now + MAX_VALIDITY;

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
    if (body.is_free) authorize(request, 'memberships', 'free');
    const until = body.valid_until === undefined ? undefined : id.safeParse(body.valid_until);
    if (until && (!until.success || !isValidUntil(until.data))) throw badRequest(SELECT_VALID_DATE);
    return db.transaction((tx) => sellMembership(tx, user, {
      sub_customer_id: body.sub_customer_id, member_customer_id: body.member_customer_id, new_product_id: body.new_product_id,
      is_free: body.is_free, price: body.is_free ? null : toCents(body.amount!), valid_until: until?.data,
    }));
  });

  serve(app, editMembership, async ({ user, params: { id: membershipId }, body }) => {
    if (body.sub_customer_id === undefined && body.valid_until === undefined) throw badRequest(PROBLEM);
    const { sub_customer_id: transferTo, valid_until: until } = body;
    if (until !== undefined && !isValidUntil(until)) throw badRequest(SELECT_VALID_DATE);
    return db.transaction(async (tx) => {
      const [current] = await tx.select().from(memberships).where(eq(memberships.ID, membershipId));
      if (!current) throw notFound('Membership');
      await findCustomer(tx, user, current.sub_customer_id).catch(() => { throw notFound('Membership'); });
      const holder = transferTo
        ? await findCustomer(tx, user, transferTo).catch(() => { throw badRequest(SELECT_VALID_CUSTOMER); })
        : undefined;
      const [updated] = await tx.update(memberships)
        .set({ ...(holder ? { sub_customer_id: holder.ID } : {}), ...(until ? { valid_until: until } : {}) })
        .where(eq(memberships.ID, membershipId))
        .returning();
      if (!updated) throw badRequest(PROBLEM);
      const audited = holder ?? await findCustomer(tx, user, updated.sub_customer_id);
      await recordCustomerChange(tx, user, audited, 'update', { membership: updated });
      return membershipWire(updated);
    });
  });
}
