import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { getClass, type ClassDetail, type ClassEvent, type Promotion, type TrialRow } from '../../../core/api/classes';
import { toDollars } from '../../../core/money';
import { changelog, classes, coachAssignments, events, facilities, fields, trialAssistants, users } from '../../db/schema';
import type { Db } from '../../db/client';
import { serve } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import { classMoney, classWire, coveredClasses, eventsLeftColumn, findClass, participantsCount, priceOf, productOf, typeOf, type ClassRow } from './access';
import { attendeeOf, attendeeRows, peopleOf, trialOf, waitlistOf, waitlistRows } from './people';

// GET /class/{id} (spec 3 §2.16, §4): the class page in one call — the class with its facility, money
// (a season: its divisions'), product and price now; its events with their free trials; a season's
// divisions and the union of their attendees; a class's attendees, waitlist, coaches and the history of
// its waitlist promotions (read from the changelog, where each promotion is written).

const eventColumns = {
  ID: events.ID, start_date: events.start_date, end_date: events.end_date, field_id: events.field_id, product_type_id: events.product_type_id,
  comment: events.comment, quota: events.quota, facility_id: events.facility_id, keep: events.keep, field: { ID: fields.ID, name: fields.name },
};

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

/** The coaches of a class and (a season) of its divisions. */
const coachesOf = (db: Db, classId: number) =>
  db.select({ class_id: coachAssignments.class_id, worker_id: coachAssignments.worker_id, position: coachAssignments.position, name: sql<string>`${users.first_name} || ' ' || ${users.last_name}` })
    .from(coachAssignments).innerJoin(users, eq(users.ID, coachAssignments.worker_id))
    .where(inArray(coachAssignments.class_id, coveredClasses(sql`${classId}`))).orderBy(asc(coachAssignments.position), asc(coachAssignments.ID));

async function promotionsOf(db: Db, classId: number): Promise<Promotion[]> {
  const rows = await db.select({ at: changelog.CreatedAt, value: changelog.new_value }).from(changelog)
    .where(and(eq(changelog.object_type, 'class'), eq(changelog.object_id, classId), eq(changelog.action, 'waitlist_promote')))
    .orderBy(desc(changelog.ID)).limit(100);
  return rows.map(({ at, value }) => ({ at, ...(JSON.parse(value) as { promotion: Omit<Promotion, 'at'> }).promotion }));
}

export async function readClass(db: Db, cls: ClassRow): Promise<ClassDetail> {
  const id = cls.ID;
  const self = sql`${classes.ID}`;
  const season = cls.is_container;
  // The class's own figures in one query; its registrations, events and coaches beside it; then the
  // people of every registration (attendees, waitlist, trials) in one read.
  const [[row], product, divisionRows, attendeeList, waiting, eventList, trials, promotions, coachRows] = await Promise.all([
    db.select({
      facility: { ID: facilities.ID, name: facilities.name, time_zone: facilities.time_zone }, participants: participantsCount(self),
      money: classMoney(self), eventsLeft: eventsLeftColumn(self),
      parent: sql<string | null>`(select p.name from ${classes} p where p.id = ${classes.class_parent_id})`,
    }).from(classes).innerJoin(facilities, eq(facilities.ID, classes.facility_id)).where(eq(classes.ID, id)),
    productOf(db, cls),
    season ? db.select().from(classes).where(eq(classes.class_parent_id, id)).orderBy(asc(classes.name), asc(classes.ID)) : [],
    season ? attendeeRows(db, sql`(select d.id from ${classes} d where d.class_parent_id = ${id})`) : attendeeRows(db, [id]),
    season ? [] : waitlistRows(db, id),
    season ? [] : eventRows(db, eq(events.class_id, id)),
    season ? [] : trialRows(db, sql`${trialAssistants.event_id} in (select e.id from ${events} e where e.class_id = ${id})`),
    season ? [] : promotionsOf(db, id),
    coachesOf(db, id),
  ]);
  if (!row) throw notFound('Class');
  const people = await peopleOf(db, [...attendeeList, ...waiting, ...trials]);
  const attendeeAnswers = attendeeList.map(attendeeOf(people));
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
    events: withTrials(eventList, trials.map(trialOf(people))),
    divisions: divisionRows.map((d) => ({
      ID: d.ID, name: d.name, max_kids: d.max_kids, start_date: d.start_date, end_date: d.end_date,
      attendees: attendeeAnswers.filter((a) => a.class_id === d.ID).length,
      coaches: coachRows.filter((c) => c.class_id === d.ID).map((c) => c.name),
    })),
    attendees: attendeeAnswers,
    waitlists: waiting.map(waitlistOf(people)),
    coaches: coachRows.filter((c) => c.class_id === id).map(({ worker_id, name, position }) => ({ worker_id, name, position })),
    promotions,
  };
}

export async function classDetailRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  serve(app, getClass, async ({ user, params: { id } }) => readClass(db, await findClass(db, user, id)));
}
