import { and, asc, desc, eq, gte, ilike, inArray, isNull, like, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { activeClasses, classList, classProducts, type ActiveClass, type ClassListRow } from '../../../core/api/classes';
import { toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import { facilityScope } from '../../auth/guard';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { classes, facilities, gls, productVariations, products } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { containing } from '../../http/listQuery';
import { classMoney, classWire, glCodeColumn, participantsCount, priceNow, typeOf } from '../../domain/classes/access';

// The classes list (spec 3 §2.15, §7): GET /class answers a page of top-level classes and seasons
// (divisions are on their season's page) with `classes`, `nb_classes` and the total of participants
// of every class found; GET /class/active the classes of a facility not ended yet, with their
// divisions, counts and prices (the change-class and change-trial-date dialogs); GET /class/products
// the class products sold at a facility. Non-admins see their own facility whatever they send; admins
// name one (facility_id) or several (facility_ids).

const money = classMoney(sql`${classes.ID}`);
const participants = participantsCount(sql`${classes.ID}`);

interface Search { facility_id?: number; facility_ids?: number[]; start?: number; end?: number; query?: string; container_only?: boolean }

function conditions(user: SessionUser, search: Search): SQL | undefined {
  const own = facilityScope(user);
  const chosen = own !== null ? [own] : search.facility_ids?.length ? search.facility_ids : search.facility_id ? [search.facility_id] : [];
  const words = (search.query ?? '').split(/\s+/).filter(Boolean);
  return and(
    isNull(classes.class_parent_id),
    chosen.length ? inArray(classes.facility_id, chosen) : undefined,
    search.container_only ? eq(classes.is_container, true) : undefined,
    // A class running at any time of the range (the range's days from 00:00:00 to 23:59:59).
    search.start ? gte(classes.end_date, search.start) : undefined,
    search.end ? lte(classes.start_date, search.end) : undefined,
    ...words.map((word) => or(ilike(classes.name, containing(word)), ilike(facilities.name, containing(word)), /^\d+$/.test(word) ? eq(classes.ID, Number(word)) : undefined)),
  );
}

export async function classListRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, classList, async ({ user, query }) => {
    const where = conditions(user, query);
    const matching = db.select({ ID: classes.ID }).from(classes).innerJoin(facilities, eq(facilities.ID, classes.facility_id)).where(where);
    const [rows, [totals]] = await Promise.all([
      db.select({
        cls: classes, facility: { ID: facilities.ID, name: facilities.name, time_zone: facilities.time_zone },
        participants, money, gl: glCodeColumn,
      }).from(classes).innerJoin(facilities, eq(facilities.ID, classes.facility_id)).where(where)
        .orderBy(desc(classes.start_date), desc(classes.ID)).limit(query.limit).offset(query.offset),
      db.select({
        nb_classes: sql<number>`(select count(*)::int from ${matching.as('m')})`,
        participants: sql<number>`(select coalesce(sum(c.attendee_count), 0)::int from ${classes} c where c.id in (${matching}) or c.class_parent_id in (${matching}))`,
      }).from(sql`(select 1) one`),
    ]);
    return {
      classes: rows.map(({ cls, facility, participants: n, money: [invoiced, paid], gl }): ClassListRow => ({
        ...classWire(cls), facility, participants: n, class_type: typeOf(cls, gl),
        invoiced: toDollars(invoiced), paid: toDollars(paid), balance: toDollars(invoiced - paid),
      })),
      nb_classes: totals.nb_classes,
      participants: totals.participants,
    };
  });

  serve(app, activeClasses, async ({ user, query }) => {
    const facility = facilityScope(user) ?? (query.facility_id || null);
    const top = await db.select().from(classes).where(and(
      isNull(classes.class_parent_id), gte(classes.end_date, nowSeconds()),
      facility === null ? undefined : eq(classes.facility_id, facility),
      query.container_only ? eq(classes.is_container, true) : undefined,
    )).orderBy(asc(classes.start_date), asc(classes.ID)).limit(200);
    const divisions = top.length ? await db.select().from(classes).where(inArray(classes.class_parent_id, top.map((c) => c.ID))).orderBy(asc(classes.name), asc(classes.ID)) : [];
    const priced = async (c: typeof classes.$inferSelect) => ({ ID: c.ID, name: c.name, max_kids: c.max_kids, attendees: c.attendee_count, price: toDollars((await priceNow(db, c)).price) });
    return Promise.all(top.map(async (c): Promise<ActiveClass> => ({
      ...(await priced(c)), facility_id: c.facility_id, start_date: c.start_date, end_date: c.end_date, is_container: c.is_container, accepts_free_trial: c.accepts_free_trial,
      divisions: await Promise.all(divisions.filter((d) => d.class_parent_id === c.ID).map(priced)),
    })));
  });

  serve(app, classProducts, async ({ user, query }) => {
    const facility = facilityScope(user) ?? (query.facility_id || null);
    const rows = await productsSold(db, facility, query.gl_prefix ?? '14');
    return rows;
  });
}

/** The class products (GL 14…) whose GL code starts with `prefix`, priced at `facility` (null: list prices). */
async function productsSold(db: Db, facility: number | null, prefix: string) {
  const rows = await db.select({
    new_product_id: products.ID, product_id: productVariations.ID, name: products.name, gl_code: gls.code, product_type_id: gls.product_type_id,
    base_price: sql<string>`coalesce(nullif(${productVariations.base_price}, 0), ${products.base_price})`,
    individual_price: sql<string>`coalesce(nullif(${productVariations.individual_price}, 0), ${products.individual_price})`,
    prorate: products.prorate,
  }).from(products)
    .innerJoin(gls, eq(gls.ID, products.gl_id))
    .leftJoin(productVariations, and(eq(productVariations.new_product_id, products.ID), facility === null ? sql`false` : eq(productVariations.facility_id, facility)))
    .where(and(like(gls.code, `${prefix}%`), like(gls.code, '14%')))
    .orderBy(asc(products.name), asc(products.ID));
  return rows.map((r) => {
    const base = toDollars(Number(r.base_price));
    const each = toDollars(Number(r.individual_price));
    return { ...r, base_price: base, individual_price: each, text: `${r.name} — $${base.toFixed(2)}${each ? ` ($${each.toFixed(2)} per event)` : ''}` };
  });
}
