import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { EventBody, EventChange } from '../../../core/api/events';
import { EVENT_MESSAGES, type SeriesScope } from '../../../core/validation/event';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { customers, events, invoiceItems, payments, trialAssistants, users } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { checkProductType, findField, recordEventChange, recordEventChanges, type EventRow, type FieldRow } from './access';
import { guardSlots, refuseClosedSlots } from './availability';
import { bookingProductColumns, type ProductColumns } from './bookingProduct';
import { shiftSeries } from './series';

// Booking events (the calendar's, a class's, a schedule's games): inserting one after the guard,
// editing one or part of its repeat series, deleting some. Every write locks the fields concerned
// before checking the slot (see availability.ts) and records the change.

export function checkTimes(start: number, end: number): void {
  if (end <= start) throw badRequest(EVENT_MESSAGES.endBeforeStart);
}

/** The references a body names exist (and the field is the user's facility's); answers the field. */
export async function checkReferences(tx: Tx, user: SessionUser, body: Partial<EventBody>) {
  const field = body.field_id !== undefined ? await findField(tx, user, body.field_id) : undefined;
  if (body.product_type_id !== undefined) await checkProductType(tx, body.product_type_id);
  if (body.customer_id) {
    const [row] = await tx.select({ ID: customers.ID }).from(customers).where(and(eq(customers.ID, body.customer_id), isNull(customers.deleted_at)));
    if (!row) throw badRequest(`customer_id: unknown customer ${body.customer_id}`);
  }
  if (body.coach_id) {
    const [row] = await tx.select({ ID: users.ID }).from(users).where(eq(users.ID, body.coach_id));
    if (!row) throw badRequest(`coach_id: unknown coach ${body.coach_id}`);
  }
  return field;
}

/**
 * Inserts one event after the guard (a kept one skips the overlap check, not the lock), with the product
 * it takes (bookingProduct.ts), unless the caller already found it (`product`).
 */
export async function insertEvent(tx: Tx, user: SessionUser, body: EventBody, product?: ProductColumns): Promise<EventRow> {
  checkTimes(body.start_date, body.end_date);
  const field = (await checkReferences(tx, user, body))!;
  const keep = body.keep ?? false;
  await refuseClosedSlots(tx, [body]);
  await guardSlots(tx, field.facility_id, [{ ...body, keep }]);
  const columns = product ?? await bookingProductColumns(tx, body, field);
  const [row] = await tx.insert(events).values({ ...body, ...columns, keep, facility_id: field.facility_id }).returning();
  await recordEventChange(tx, user, row, 'create');
  return row;
}

/** Whether any payment was taken on an invoice billing one of the events. */
export async function hasPayments(tx: Tx, eventIds: number[]): Promise<boolean> {
  if (!eventIds.length) return false;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(inArray(payments.invoice_id, tx.select({ id: invoiceItems.invoice_id }).from(invoiceItems).where(inArray(invoiceItems.event_id, eventIds))));
  return row.n > 0;
}

/** The events a scoped edit or delete reaches: the event, it and the later ones of its series, or the series. */
export async function scopedEvents(tx: Tx, event: EventRow, scope: SeriesScope): Promise<EventRow[]> {
  if (scope === 'this' || !event.block_token) return [event];
  return tx
    .select()
    .from(events)
    .where(and(eq(events.block_token, event.block_token), eq(events.facility_id, event.facility_id),
      scope === 'following' ? gte(events.start_date, event.start_date) : undefined))
    .orderBy(events.start_date, events.ID);
}

/** Edits events (one, or part of a series) in one transaction; a slot change is guarded unless `force`. */
export async function updateEvents(tx: Tx, user: SessionUser, event: EventRow, body: EventChange, scope: SeriesScope, force: boolean) {
  await checkReferences(tx, user, body);
  const targets = await scopedEvents(tx, event, scope);
  const zoneFacility = event.facility_id;
  const moved = await shiftSeries(tx, zoneFacility, event, targets, body);
  for (const slot of moved) checkTimes(slot.start_date, slot.end_date);
  const slotChanged = moved.some((m, i) => m.field_id !== targets[i].field_id || m.start_date !== targets[i].start_date || m.end_date !== targets[i].end_date);
  if (slotChanged) {
    await refuseClosedSlots(tx, moved);
    await guardSlots(tx, zoneFacility, moved.map((m) => ({ ...m, keep: force })), targets.map((t) => t.ID));
  }
  const { field_id: _f, start_date: _s, end_date: _e, keep: _k, new_product_id: _p, ...rest } = body;
  const fieldsById = new Map<number, FieldRow>();
  const fieldOf = async (id: number) => fieldsById.get(id) ?? fieldsById.set(id, await findField(tx, user, id)).get(id)!;
  const updated: EventRow[] = [];
  for (const [i, target] of targets.entries()) {
    const product = await reprice(tx, target, body, moved[i].field_id, fieldOf);
    const [row] = await tx
      .update(events)
      .set({ ...rest, ...moved[i], ...product, ...(force && { keep: true }), UpdatedAt: Math.floor(Date.now() / 1000) })
      .where(eq(events.ID, target.ID))
      .returning();
    await recordEventChange(tx, user, row, 'update', { changes: describeChanges(target, row) });
    updated.push(row);
  }
  return updated;
}

/**
 * The product columns of an edited booking: the product named, or the one its new type or field takes;
 * nothing when neither changes, nor for the events of a contract, class or match (billed by those).
 */
async function reprice(tx: Tx, target: EventRow, body: EventChange, fieldId: number, fieldOf: (id: number) => Promise<FieldRow>) {
  if (target.contract_id || target.class_id || target.match_id) return {};
  const product_type_id = body.product_type_id ?? target.product_type_id;
  if (!body.new_product_id && product_type_id === target.product_type_id && fieldId === target.field_id) return {};
  return bookingProductColumns(tx, { product_type_id, new_product_id: body.new_product_id }, await fieldOf(fieldId));
}

/** "field_id: 3 → 4, start_date: … → …": what an edit changed, for the changelog. */
function describeChanges(before: EventRow, after: EventRow): string[] {
  const keys = Object.keys(after) as Array<keyof EventRow>;
  return keys.filter((k) => k !== 'UpdatedAt' && before[k] !== after[k]).map((k) => `${k}: ${before[k] ?? ''} → ${after[k] ?? ''}`);
}

/** Deletes events; a manager only when no payment was taken on them (admins always). */
export async function deleteEvents(tx: Tx, user: SessionUser, targets: EventRow[]) {
  const ids = targets.map((t) => t.ID);
  if (user.role !== 'admin' && (await hasPayments(tx, ids))) {
    throw conflict('Payments were taken for this event: it cannot be deleted (ask an admin)');
  }
  const [trial] = await tx.select({ ID: trialAssistants.ID }).from(trialAssistants).where(inArray(trialAssistants.event_id, ids)).limit(1);
  if (trial) throw conflict('A free trial is booked on this event: remove the trial before deleting it');
  await tx.delete(events).where(inArray(events.ID, ids));
  await recordEventChanges(tx, user, targets, 'delete');
  return { deleted: ids };
}

/** A fresh token for a new repeat series. */
export const newBlockToken = () => randomUUID();
