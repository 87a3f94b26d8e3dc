import { and, asc, desc, eq, ilike, inArray } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import * as api from '../../core/api/discounts';
import { DISCOUNT_MESSAGES, endsAfterStart, type DISCOUNT_SORTS } from '../../core/api/discounts';
import { toCents, toDollars } from '../../core/money';
import type { SessionUser } from '../auth/session';
import type { Db, Tx } from '../db/client';
import { discountApplications, discountRules, discounts, facilities, productTypes } from '../db/schema';
import { serve } from '../http/endpoint';
import { badRequest, conflict, notFound } from '../http/errors';
import { listPage, sendRange } from '../http/list';
import { declareCrud, type WireRow } from '../http/crud';
import { containing } from '../http/listQuery';
import { nest } from '../http/nest';
import { audited, recordChange } from '../services/changelog';

// Discounts and discount rules (spec 1 §2, §3, §4, §7; spec 2 §3), as core/api/discounts.ts declares
// them. A discount is stored as `value` (percent) or `amount` (cents) and answered with `value` the
// percent or the dollars. Every write records a changelog entry (objects 'discount' and
// 'discount_rule') in its transaction.

/** The discount as the API answers it: `value` is the percent or the dollars, `amount` stays inside. */
function discountToWire({ amount, value, ...row }: typeof discounts.$inferSelect) {
  return { ...row, value: row.is_percentage ? Number(value ?? 0) : toDollars(amount ?? 0) };
}

const DISCOUNT_SORT = {
  ID: discounts.ID, name: discounts.name, is_percentage: discounts.is_percentage, expired: discounts.expired, CreatedAt: discounts.CreatedAt,
} as const satisfies Record<(typeof DISCOUNT_SORTS)[number], unknown>;

/** Records a change to a discount in the changelog; answers the discount as the API shows it. */
async function logDiscount(tx: Tx, user: SessionUser, action: string, row: typeof discounts.$inferSelect) {
  const wire = discountToWire(row);
  await recordChange(tx, { object: 'discount', object_id: row.ID, action, user_id: user.ID, new_value: wire });
  return wire;
}

async function findDiscount(db: Db | Tx, id: number) {
  const [row] = await db.select().from(discounts).where(eq(discounts.ID, id));
  if (!row) throw notFound('Discount');
  return row;
}

// Rules -----------------------------------------------------------------------------------------

/** Checks what a rule refers to, so that a bad reference is a clear 400 rather than a constraint error. */
async function assertRuleReferences(db: Tx, rule: WireRow) {
  if (typeof rule.discount_id === 'number') {
    const [discount] = await db.select({ expired: discounts.expired }).from(discounts).where(eq(discounts.ID, rule.discount_id));
    if (!discount) throw badRequest('discount_id: there is no such discount');
    if (discount.expired) throw badRequest(DISCOUNT_MESSAGES.expiredDiscount);
  }
  if (typeof rule.facility_id === 'number') {
    const [facility] = await db.select({ ID: facilities.ID }).from(facilities).where(eq(facilities.ID, rule.facility_id));
    if (!facility) throw badRequest('facility_id: there is no such facility');
  }
  if (typeof rule.product_type_id === 'number') {
    const [type] = await db.select({ ID: productTypes.ID }).from(productTypes).where(eq(productTypes.ID, rule.product_type_id));
    if (!type) throw badRequest('product_type_id: there is no such product type');
  }
}

/** An edit keeps the end after the start, judged with the stored dates it leaves as they are. */
async function prepareRule(tx: Tx, values: WireRow, current: WireRow | undefined): Promise<WireRow> {
  if (current && !endsAfterStart({ start_date: current.start_date as number, end_date: current.end_date as number, ...values })) {
    throw badRequest(DISCOUNT_MESSAGES.endBeforeStart);
  }
  await assertRuleReferences(tx, values);
  return values;
}

/** The rules (core/api/discounts.ts discountRules), each with its discount, facility and product type. */
const ruleRoutes = declareCrud({
  api: api.discountRules,
  table: discountRules,
  searchable: ['comment'],
  alsoSearch: (pattern) =>
    inArray(discountRules.discount_id, new QueryBuilder().select({ ID: discounts.ID }).from(discounts).where(ilike(discounts.name, pattern))),
  onChange: audited('discount_rule'),
  prepare: prepareRule,
  present: async (rows, _user, db) => {
    const withDiscount = await nest(db, rows, 'discount_id', 'discount', discounts, {
      ID: discounts.ID, name: discounts.name, is_percentage: discounts.is_percentage, expired: discounts.expired,
    });
    const withFacility = await nest(db, withDiscount, 'facility_id', 'facility', facilities, { ID: facilities.ID, name: facilities.name });
    return nest(db, withFacility, 'product_type_id', 'product_type', productTypes, { ID: productTypes.ID, name: productTypes.name });
  },
});

export async function discountRoutes(app: FastifyInstance) {
  const db = () => app.deps.db;

  ruleRoutes(app);

  // Discounts -------------------------------------------------------------------------------------

  serve(app, api.discountList, async ({ query }, _request, reply) => {
    const { expired: showExpired = false, is_percentage } = query.filters as { expired?: boolean; is_percentage?: boolean };
    const where = and(
      showExpired ? undefined : eq(discounts.expired, false),
      is_percentage === undefined ? undefined : eq(discounts.is_percentage, is_percentage),
      ...query.words.map((word) => ilike(discounts.name, containing(word))),
      query.ids ? inArray(discounts.ID, query.ids) : undefined,
    );
    const sortColumn = DISCOUNT_SORT[query.sort.field as keyof typeof DISCOUNT_SORT];
    const direction = query.sort.order === 'ASC' ? asc : desc;
    const order = [direction(sortColumn), direction(discounts.ID)];
    const page = await listPage(db(), () => db().select().from(discounts).where(where).$dynamic(), order, query.range);
    sendRange(reply, 'discounts', page);
    return page.rows.map(discountToWire);
  });

  serve(app, api.getDiscount, async ({ params }) => discountToWire(await findDiscount(db(), params.id)));

  serve(app, api.createDiscount, async ({ user, body: { name, is_percentage, value } }) => {
    const stored = is_percentage ? { value, amount: null } : { value: null, amount: toCents(value) };
    return db().transaction(async (tx) => {
      const [row] = await tx.insert(discounts).values({ name, is_percentage, ...stored }).returning();
      return logDiscount(tx, user, 'create', row);
    });
  });

  serve(app, api.expireDiscount, async ({ user, params: { id }, query }) => {
    if (!query.expired) throw badRequest(DISCOUNT_MESSAGES.onlyExpire);
    const expiredNow = await db().transaction(async (tx) => {
      const [row] = await tx
        .update(discounts)
        .set({ expired: true })
        .where(and(eq(discounts.ID, id), eq(discounts.expired, false)))
        .returning();
      return row && logDiscount(tx, user, 'expire', row);
    });
    if (expiredNow) return expiredNow;
    await findDiscount(db(), id);
    throw conflict(DISCOUNT_MESSAGES.alreadyExpired);
  });

  serve(app, api.deleteDiscount, async ({ user, params: { id } }) =>
    db().transaction(async (tx) => {
      const discount = await findDiscount(tx, id);
      const [applied] = await tx
        .select({ ID: discountApplications.ID })
        .from(discountApplications)
        .where(eq(discountApplications.discount_id, id))
        .limit(1);
      if (applied) throw conflict(DISCOUNT_MESSAGES.applied);
      await tx.delete(discounts).where(eq(discounts.ID, id));
      return logDiscount(tx, user, 'delete', discount);
    }));
}
