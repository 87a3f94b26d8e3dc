import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { getClass, type ClassDetail, type ClassEvent, type Promotion, type TrialRow } from '../../../core/api/classes';
import { toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import { attendees, changelog, classes, coachAssignments, customers, events, facilities, fields, gls, invoices, productVariations, products, trialAssistants, users, waitlists } from '../../db/schema';
import { jsonList, jsonObject, jsonRow } from '../../db/json';
import type { Db } from '../../db/client';
import { perDatabaseAndKey } from '../../db/prepared';
import { serve } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import {
  classMoney, classWire, coveredClasses, eventsLeftColumn, findClass, participantsCount, priceOf, productColumns, typeOf, type ClassProductRow, type ClassRow,
} from '../../domain/classes/access';
import { attendeeOf, invoiceFigures, peopleFrom, peopleOf, personColumns, trialOf, waitlistOf } from './people';

// GET /class/{id} (spec 3 §2.16, §4): the class page in one call — the class with its facility, money
// (a season: its divisions'), product and price now; its events with their free trials; a season's
// divisions and the union of their attendees; a class's attendees, waitlist, coaches and the history of
// its waitlist promotions (read from the changelog, where each promotion is written).

const eventFields = {
  ID: events.ID, start_date: events.start_date, end_date: events.end_date, field_id: events.field_id, product_type_id: events.product_type_id,
  comment: events.comment, quota: events.quota, facility_id: events.facility_id, keep: events.keep,
};
const eventColumns = { ...eventFields, field: { ID: fields.ID, name: fields.name } };

const eventRows = (db: Db, where: SQL | undefined) =>
  db.select(eventColumns).from(events).innerJoin(fields, eq(fields.ID, events.field_id)).where(where).orderBy(asc(events.start_date), asc(events.ID));

const trialRows = (db: Db, where: SQL | undefined) => db.select().from(trialAssistants).where(where).orderBy(asc(trialAssistants.ID));

const withTrials = (rows: Array<Omit<ClassEvent, 'assistents'>>, trials: TrialRow[]): ClassEvent[] =>
  rows.map((r) => ({ ...r, assistents: trials.filter((t) => t.event_id === r.ID) }));

/** One event of a class with its free trials. */
export async function classEvent(db: Db, eventId: number): Promise<ClassEvent> {
  const [rows, trials] = await Promise.all([eventRows(db, eq(events.ID, eventId)), trialRows(db, eq(trialAssistants.event_id, eventId))]);
  return withTrials(rows, trials.map(trialOf(await peopleOf(db, trials))))[0];
}

/** A class's product as the page shows it (productOf's row), as one JSON column. */
function productJson(shape: PageShape): SQL<ClassProductRow | null> {
  if (shape.product === 'none') return sql`null`;
  const variation = shape.product === 'variation'
    ? eq(productVariations.ID, sql.placeholder('product_id'))
    : and(eq(productVariations.new_product_id, products.ID), eq(productVariations.facility_id, sql.placeholder('facility_id')));
  return sql`(select ${jsonObject(productColumns)} from ${products} join ${gls} on ${gls.ID} = ${products.gl_id}
    left join ${productVariations} on ${variation} where ${products.ID} = ${sql.placeholder('new_product_id')})`;
}

/**
 * What changes the page's statement (not only its values): a season's or a class's, and which product
 * row it prices from. Each shape is one prepared statement (server/db/prepared.ts): its SQL is built
 * once, and PostgreSQL plans it once per connection — planning this statement took longer than running
 * it (5.2 against 4.6 ms, EXPLAIN ANALYZE on the scale-167 set).
 */
interface PageShape { season: boolean; product: 'none' | 'variation' | 'facility' }
const shapeOf = (cls: ClassRow): PageShape => ({
  season: cls.is_container, product: !cls.new_product_id ? 'none' : cls.product_id ? 'variation' : 'facility',
});

type EventRow = Omit<ClassEvent, 'assistents'>;
type PromotionValue = { at: number; value: string };

/**
 * The class page in one statement beside the class's own row (read first, as every class route does, for
 * the facility wall): its figures, product, divisions, registrations of every kind with their people and
 * invoices, events, coaches and promotions, each list a JSON column (server/db/json.ts). Under load a
 * page is then two queries, not a dozen waiting for the pool.
 */
function pageColumns(shape: PageShape) {
  const id = sql.placeholder('id');
  const self = sql`${classes.ID}`;
  const { season } = shape;
  const none = sql`'[]'::json`;
  const registered = season ? sql`(select d.id from ${classes} d where d.class_parent_id = ${id})` : sql`(${id})`;
  const classEvents = sql`(select e.id from ${events} e where e.class_id = ${id})`;
  // Every person and invoice the registrations name (a season has attendees only).
  const personIds = sql`(select a.customer_id from ${attendees} a where a.class_id in ${registered}
    union select a.parent_id from ${attendees} a where a.class_id in ${registered}
    union select w.customer_id from ${waitlists} w where w.class_id = ${id} union select w.parent_id from ${waitlists} w where w.class_id = ${id}
    union select t.customer_id from ${trialAssistants} t where t.event_id in ${classEvents} union select t.parent_id from ${trialAssistants} t where t.event_id in ${classEvents})`;
  const invoiceIds = sql`(select a.invoice_id from ${attendees} a where a.class_id in ${registered} union select w.invoice_id from ${waitlists} w where w.class_id = ${id})`;
  return {
    facility: { ID: facilities.ID, name: facilities.name, time_zone: facilities.time_zone },
    participants: participantsCount(self),
    money: classMoney(self),
    eventsLeft: eventsLeftColumn(self, sql.placeholder('now')),
    parent: sql<string | null>`(select p.name from ${classes} p where p.id = ${classes.class_parent_id})`,
    product: productJson(shape),
    divisions: season
      ? jsonList(jsonRow(classes), sql`from ${classes} where ${classes.class_parent_id} = ${id}`, sql`${classes.name}, ${classes.ID}`)
      : sql<ClassRow[]>`${none}`,
    attendees: jsonList(jsonRow(attendees), sql`from ${attendees} where ${attendees.class_id} in ${registered}`, sql`${attendees.CreatedAt}, ${attendees.ID}`),
    waiting: season ? sql<WaitlistEntry[]>`${none}`
      : jsonList(jsonRow(waitlists), sql`from ${waitlists} where ${waitlists.class_id} = ${id}`, sql`${waitlists.CreatedAt}, ${waitlists.ID}`),
    events: season ? sql<EventRow[]>`${none}`
      : jsonList(jsonObject<EventRow>({ ...eventFields, field: jsonObject({ ID: fields.ID, name: fields.name }) }),
        sql`from ${events} join ${fields} on ${fields.ID} = ${events.field_id} where ${events.class_id} = ${id}`, sql`${events.start_date}, ${events.ID}`),
    trials: season ? sql<TrialEntry[]>`${none}`
      : jsonList(jsonRow(trialAssistants), sql`from ${trialAssistants} where ${trialAssistants.event_id} in ${classEvents}`, sql`${trialAssistants.ID}`),
    promotions: season ? sql<PromotionValue[]>`${none}`
      : sql<PromotionValue[]>`coalesce((select json_agg(json_build_object('at', x.at, 'value', x.value) order by x.id desc) from (
          select ${changelog.ID} as id, ${changelog.CreatedAt} as at, ${changelog.new_value} as value from ${changelog}
          where ${changelog.object_type} = 'class' and ${changelog.object_id} = ${id} and ${changelog.action} = 'waitlist_promote'
          order by ${changelog.ID} desc limit 100) x), '[]'::json)`,
    coaches: jsonList(
      jsonObject<CoachRow>({ class_id: coachAssignments.class_id, worker_id: coachAssignments.worker_id, position: coachAssignments.position, name: sql`${users.first_name} || ' ' || ${users.last_name}` }),
      sql`from ${coachAssignments} join ${users} on ${users.ID} = ${coachAssignments.worker_id} where ${coachAssignments.class_id} in ${coveredClasses(sql`${id}`)}`,
      sql`${coachAssignments.position}, ${coachAssignments.ID}`),
    people: jsonList(jsonObject<PersonRow>(personColumns), sql`from ${customers} where ${customers.ID} in ${personIds}`, sql`${customers.ID}`),
    bills: jsonList(jsonObject<BillRow>(invoiceFigures), sql`from ${invoices} where ${invoices.ID} in ${invoiceIds}`, sql`${invoices.ID}`),
  };
}

type CoachRow = { class_id: number; worker_id: number; position: number; name: string };
type WaitlistEntry = typeof waitlists.$inferSelect;
type TrialEntry = typeof trialAssistants.$inferSelect;
type PersonRow = Parameters<typeof peopleFrom>[0][number];
type BillRow = Parameters<typeof peopleFrom>[1][number];

const pageStatement = (db: Db, shape: PageShape) => db.select(pageColumns(shape)).from(classes)
  .innerJoin(facilities, eq(facilities.ID, classes.facility_id)).where(eq(classes.ID, sql.placeholder('id')))
  .prepare(`class_page_${shape.season ? 'season' : 'class'}_${shape.product}`);
const pageStatements = perDatabaseAndKey<ReturnType<typeof pageStatement>>();

export async function readClass(db: Db, cls: ClassRow): Promise<ClassDetail> {
  const id = cls.ID;
  const shape = shapeOf(cls);
  const [row] = await pageStatements(db, `${shape.season}:${shape.product}`, () => pageStatement(db, shape))
    .execute({ id, now: nowSeconds(), product_id: cls.product_id, new_product_id: cls.new_product_id, facility_id: cls.facility_id });
  if (!row) throw notFound('Class');
  const people = peopleFrom(row.people, row.bills);
  const attendeeAnswers = row.attendees.map(attendeeOf(people));
  const product = row.product && { ...row.product, base_price: Number(row.product.base_price), individual_price: Number(row.product.individual_price) };
  const price = priceOf(cls, product, row.eventsLeft);
  const [invoiced, paid] = row.money;
  return {
    ...classWire(cls), facility: row.facility, participants: row.participants, class_type: typeOf(cls, product?.gl_code ?? null),
    invoiced: toDollars(invoiced), paid: toDollars(paid), balance: toDollars(invoiced - paid), expected: toDollars(invoiced),
    class_parent: cls.class_parent_id && row.parent !== null ? { ID: cls.class_parent_id, name: row.parent } : null,
    newProduct: product ? {
      ID: product.new_product_id, name: product.name, gl: { code: product.gl_code, product_type_id: product.product_type_id },
      base_price: toDollars(product.base_price), individual_price: toDollars(product.individual_price), prorate: product.prorate,
    } : null,
    price: { price: toDollars(price.price), base: toDollars(price.base), per_event: toDollars(price.perEvent), events_left: price.eventsLeft, fixed: price.fixed, prorate: price.prorate },
    events: withTrials(row.events, row.trials.map(trialOf(people))),
    divisions: row.divisions.map((d) => ({
      ID: d.ID, name: d.name, max_kids: d.max_kids, start_date: d.start_date, end_date: d.end_date,
      attendees: attendeeAnswers.filter((a) => a.class_id === d.ID).length,
      coaches: row.coaches.filter((c) => c.class_id === d.ID).map((c) => c.name),
    })),
    attendees: attendeeAnswers,
    waitlists: row.waiting.map(waitlistOf(people)),
    coaches: row.coaches.filter((c) => c.class_id === id).map(({ worker_id, name, position }) => ({ worker_id, name, position })),
    promotions: row.promotions.map(({ at, value }) => {
      const { customer_id, name, attendee_id, invoice_id, price } = (JSON.parse(value) as { promotion: Omit<Promotion, 'at'> }).promotion;
      return { at, customer_id, name, attendee_id, invoice_id, price };
    }),
  };
}

export async function classDetailRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  serve(app, getClass, async ({ user, params: { id } }) => readClass(db, await findClass(db, user, id)));
}
