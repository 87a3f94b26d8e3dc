import { and, asc, desc, eq, ilike, inArray } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as api from '../../core/api/discounts';
import { endsAfterStart } from '../../core/api/discounts';
import { isWholeCents, MAX_DOLLARS, toCents, toDollars, TOO_MUCH } from '../../core/money';
import { authorize } from '../auth/guard';
import type { SessionUser } from '../auth/session';
import type { Db, Tx } from '../db/client';
import { discountApplications, discountRules, discounts, facilities, productTypes } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { listPage, sendRange } from '../http/list';
import { declareCrud, type WireRow } from '../http/crud';
import { containing, listQueryParser } from '../http/listQuery';
import { nest } from '../http/nest';
import { parse } from '../http/validate';
import { idParam, queryBool } from '../../core/validation/wire';
import { audited, recordChange } from '../services/changelog';

// Discounts and discount rules (spec 1 §2, §3, §4, §7; spec 2 §3).
// - GET /discount: active discounts; ?expired=1 (or filter {"expired":true}) lists the expired ones too.
// - POST /discount (admins): name, is_percentage, value — a percent (more than 0, at most 100) or a
//   fixed amount in dollars (more than 0, whole cents). Stored as `value` (percent) or `amount` (cents);
//   answered with `value` meaning the percent or the dollars.
// - PUT /discount/{id}?expired=1 (admins and managers): active → expired; an expired discount has no
//   further expire action (409). Nothing else about a discount changes once made.
// - DELETE /discount/{id} (admins): only a discount never applied to an invoice (else 409: expire it).
// - GET, POST /discount/rule; PUT, DELETE /discount/rule/{id}: a discount offered at a facility for a
//   product type between two instants. Admins write; everyone else reads their own facility's rules.
// Every write records a changelog entry (objects 'discount' and 'discount_rule') in its transaction.

const NAME_MAX = 200;

const requiredText = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .trim()
  .min(1, 'is required')
  .max(NAME_MAX, `is too long (${NAME_MAX} characters at most)`);
export const DISCOUNT_MESSAGES = {
  alreadyExpired: 'This discount has already expired',
  onlyExpire: 'A discount cannot be changed, only expired: send PUT /discount/{id}?expired=1',
  applied: 'This discount has been applied to invoices and cannot be deleted; expire it instead',
  expiredDiscount: 'This discount has expired: rules can only offer an active discount',
  endBeforeStart: 'end_date: must be after start_date',
} as const;

const discountBody = z
  .strictObject({
    name: requiredText,
    is_percentage: z.boolean({ error: 'must be true (a percentage) or false (a fixed amount)' }),
    value: z.number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number') }),
  })
  .superRefine(({ is_percentage, value }, ctx) => {
    const problem = is_percentage
      ? !(value > 0 && value <= 100) && 'is a percentage: more than 0 and at most 100'
      : !(value > 0) ? 'is an amount in dollars: more than 0' : !isWholeCents(value) ? 'is an amount in dollars: at most two decimals'
        : value > MAX_DOLLARS && `is an amount in dollars: ${TOO_MUCH}`;
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
  });

/** The discount as the API answers it: `value` is the percent or the dollars, `amount` stays inside. */
function discountToWire({ amount, value, ...row }: typeof discounts.$inferSelect) {
  return { ...row, value: row.is_percentage ? Number(value ?? 0) : toDollars(amount ?? 0) };
}

const DISCOUNT_SORT = {
  ID: discounts.ID, name: discounts.name, is_percentage: discounts.is_percentage, expired: discounts.expired, CreatedAt: discounts.CreatedAt,
} as const;

const discountList = listQueryParser({
  sortable: Object.keys(DISCOUNT_SORT),
  defaultSort: ['name', 'ASC'],
  filters: { expired: queryBool, is_percentage: queryBool },
  searchable: true,
});

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

  app.get('/discount', async (request, reply) => {
    authorize(request, 'discounts', 'list');
    const query = discountList(request.query);
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

  app.get('/discount/:id', async (request) => {
    authorize(request, 'discounts', 'show');
    const { id } = parse(idParam, request.params);
    return discountToWire(await findDiscount(db(), id));
  });

  app.post('/discount', async (request, reply) => {
    const user = authorize(request, 'discounts', 'create');
    const { name, is_percentage, value } = parse(discountBody, request.body);
    const stored = is_percentage ? { value, amount: null } : { value: null, amount: toCents(value) };
    const created = await db().transaction(async (tx) => {
      const [row] = await tx.insert(discounts).values({ name, is_percentage, ...stored }).returning();
      return logDiscount(tx, user, 'create', row);
    });
    return reply.status(201).send(created);
  });

  app.put('/discount/:id', async (request) => {
    const user = authorize(request, 'discounts', 'expire');
    const { id } = parse(idParam, request.params);
    const { expired } = parse(z.strictObject({ expired: queryBool.optional() }), request.query);
    const body = request.body;
    const emptyBody = body === undefined || body === null || (typeof body === 'object' && Object.keys(body).length === 0);
    if (!expired || !emptyBody) throw badRequest(DISCOUNT_MESSAGES.onlyExpire);
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

  app.delete('/discount/:id', async (request) => {
    const user = authorize(request, 'discounts', 'delete');
    const { id } = parse(idParam, request.params);
    return db().transaction(async (tx) => {
      const discount = await findDiscount(tx, id);
      const [applied] = await tx
        .select({ ID: discountApplications.ID })
        .from(discountApplications)
        .where(eq(discountApplications.discount_id, id))
        .limit(1);
      if (applied) throw conflict(DISCOUNT_MESSAGES.applied);
      await tx.delete(discounts).where(eq(discounts.ID, id));
      return logDiscount(tx, user, 'delete', discount);
    });
  });
}
