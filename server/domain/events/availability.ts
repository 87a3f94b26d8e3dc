import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { InTheWay } from '../../../core/api/events';
import { outsideOpeningHours } from '../../../core/openingHours';
import { formatDateTime } from '../../../core/time';
import type { Db, Tx } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { events, fields, productTypes } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { facilityZone } from './access';
import { overlapsOn } from './overlap';

// Availability (spec 2 §2): a slot is free on a field when no other event overlaps it on that field,
// on the full field it is part of, or on any of its parts (split fields). The write guard locks the
// fields concerned (FOR UPDATE, in ID order) before looking, so two requests for one slot queue on
// the lock and the second sees the first's event: no double booking by race. Events saved with keep
// may overlap (they show red).

/** A LIMIT no query reaches: a planner fence (see eventsInTheWayOfEach). */
const NO_LIMIT = 2 ** 31 - 1;

export interface Slot {
  field_id: number;
  start_date: number;
  end_date: number;
}


/** The field itself, its full field and its parts: the fields a booking of `fieldIds` occupies. */
export async function relatedFields(db: Db | Tx, fieldIds: number[]): Promise<number[]> {
  if (!fieldIds.length) return [];
  const rows = await db
    .select({ ID: fields.ID, parent: fields.parent_field_id })
    .from(fields)
    .where(or(inArray(fields.ID, fieldIds), inArray(fields.parent_field_id, fieldIds)));
  const ids = new Set(fieldIds);
  for (const row of rows) {
    ids.add(row.ID);
    if (row.parent !== null && fieldIds.includes(row.ID)) ids.add(row.parent);
  }
  // A part's sibling parts are left out: the two halves of a field are booked independently.
  return [...ids].sort((a, b) => a - b);
}

/** Locks the fields a booking occupies, in ID order (the one order every writer takes). */
export async function lockFields(tx: Tx, fieldIds: number[]): Promise<void> {
  if (!fieldIds.length) return;
  await tx.select({ ID: fields.ID }).from(fields).where(inArray(fields.ID, fieldIds)).orderBy(asc(fields.ID)).for('update');
}

const probe = sql`probe`;
const ground = sql.placeholder('ground');

/**
 * Per probe (a slot and one field it occupies), the events in its way. The probes come as arrays, so
 * that the statement's text is the same whatever the slots: prepared, PostgreSQL plans it once per
 * connection (planning 52 probes written out took longer than running them). The LIMIT (never
 * reached) keeps the subquery a loop over the probes: joined flat, the planner misjudges the ranges
 * and hashes the whole events table instead.
 */
function inTheWayQuery(db: Db | Tx) {
  const inItsWay = db
    .select({
      ID: events.ID, field_id: events.field_id, start_date: events.start_date, end_date: events.end_date,
      product_type: sql<string>`${productTypes.name}`.as('product_type'), comment: events.comment,
    })
    .from(events)
    .innerJoin(productTypes, eq(productTypes.ID, events.product_type_id))
    .where(and(
      eq(events.field_id, sql`${probe}.field_id`),
      overlapsOn(sql`${ground}::int[]`, sql`${probe}.start_date`, sql`${probe}.end_date`),
      // An empty event (start = end) occupies nothing.
      sql`${events.end_date} > ${events.start_date}`,
      sql`${events.ID} <> all(${sql.placeholder('exclude')}::int[])`,
    ))
    .limit(NO_LIMIT)
    .as('in_its_way');
  return db
    .select({
      slot: sql<number>`${probe}.slot`.mapWith(Number),
      ID: inItsWay.ID, field_id: inItsWay.field_id, start_date: inItsWay.start_date, end_date: inItsWay.end_date,
      product_type: inItsWay.product_type, comment: inItsWay.comment,
    })
    .from(sql`unnest(${sql.placeholder('slots')}::int[], ${sql.placeholder('fields')}::int[], ${sql.placeholder('starts')}::bigint[], ${sql.placeholder('ends')}::bigint[])
      as ${probe} (slot, field_id, start_date, end_date)`)
    .innerJoinLateral(inItsWay, sql`true`)
    .orderBy(sql`${probe}.slot`, asc(inItsWay.start_date), asc(inItsWay.ID))
    .prepare('events_in_the_way');
}

/** The statement built once per database, or per connection inside a transaction (db/prepared.ts). */
const inTheWayOf = perDatabase(inTheWayQuery);

/**
 * For each slot, the events overlapping it on its field and the fields split from or into it, other
 * than `exclude`: one look-up of the fields concerned, then one query that probes the (field, start)
 * index once per slot and field it occupies (a 52-week repeat check is two queries, reading only the
 * events in the way rather than a year of the field's bookings).
 */
export async function eventsInTheWayOfEach(db: Db | Tx, slots: Slot[], exclude: number[] = []): Promise<InTheWay[][]> {
  if (!slots.length) return [];
  const slotFields = [...new Set(slots.map((s) => s.field_id))];
  const fieldRows = await db
    .select({ ID: fields.ID, parent: fields.parent_field_id })
    .from(fields)
    .where(or(inArray(fields.ID, slotFields), inArray(fields.parent_field_id, slotFields)));
  const blocking = (fieldId: number) => {
    const ids = new Set([fieldId]);
    for (const f of fieldRows) {
      if (f.parent === fieldId) ids.add(f.ID);
      if (f.ID === fieldId && f.parent !== null) ids.add(f.parent);
    }
    return [...ids];
  };
  const probes = slots.flatMap((slot, i) => blocking(slot.field_id).map((fieldId) => ({ slot: i, fieldId, start: slot.start_date, end: slot.end_date })));
  const rows = await inTheWayOf(db).execute({
    slots: probes.map((p) => p.slot),
    fields: probes.map((p) => p.fieldId),
    starts: probes.map((p) => p.start),
    ends: probes.map((p) => p.end),
    ground: [...new Set(probes.map((p) => p.fieldId))],
    exclude,
  });
  const inTheWay = slots.map((): InTheWay[] => []);
  for (const { slot, ...event } of rows) inTheWay[slot].push(event);
  return inTheWay;
}

/** One line naming the event in the way, in its facility's time: "event 12 (Adult Rental, 11/23/2026 19:00–20:00)". */
export async function describeInTheWay(db: Db | Tx, facilityId: number, other: InTheWay): Promise<string> {
  const zone = await facilityZone(db, facilityId);
  const end = formatDateTime(other.end_date, zone).split(' ')[1];
  return `event ${other.ID} (${other.product_type}${other.comment ? `: ${other.comment}` : ''}, ${formatDateTime(other.start_date, zone)}–${end})`;
}

/** For each slot, why its field is closed then (outside its opening hours, a closed day), or null. */
export async function closedReasons(db: Db | Tx, slots: Slot[]): Promise<Array<string | null>> {
  if (!slots.length) return [];
  const rows = await db.select().from(fields).where(inArray(fields.ID, [...new Set(slots.map((s) => s.field_id))]));
  const zones = new Map<number, string>();
  for (const facilityId of new Set(rows.map((f) => f.facility_id))) zones.set(facilityId, await facilityZone(db, facilityId));
  return slots.map((slot) => {
    const field = rows.find((f) => f.ID === slot.field_id);
    return field ? outsideOpeningHours(field, slot.start_date, slot.end_date, zones.get(field.facility_id)!) : null;
  });
}

/** Refuses (400, whatever keep says) a slot outside its field's opening hours: the calendar's writes. */
export async function refuseClosedSlots(db: Db | Tx, slots: Slot[]): Promise<void> {
  const closed = (await closedReasons(db, slots)).find((reason) => reason !== null);
  if (closed) throw badRequest(closed);
}

/**
 * The write guard, inside the write's transaction: locks the fields of every slot, then refuses (409,
 * naming the event in the way) any slot that is not kept and overlaps another event.
 */
export async function guardSlots(tx: Tx, facilityId: number, slots: Array<Slot & { keep: boolean }>, exclude: number[] = []): Promise<void> {
  await lockFields(tx, await relatedFields(tx, [...new Set(slots.map((s) => s.field_id))]));
  const checked = slots.filter((slot) => !slot.keep);
  // One look for every slot (a bulk move of a hundred events is two queries, not two hundred).
  const [other] = (await eventsInTheWayOfEach(tx, checked, exclude)).flatMap((inTheWay) => inTheWay.slice(0, 1));
  if (other) throw conflict(`This field is already booked at that time: ${await describeInTheWay(tx, facilityId, other)}`);
}
