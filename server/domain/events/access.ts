import { and, eq } from 'drizzle-orm';
import { toDollars } from '../../../core/money';
import { defaultTimeZone } from '../../../core/time';
import type { SessionUser } from '../../auth/session';
import { facilityScope } from '../../auth/guard';
import type { Db, Tx } from '../../db/client';
import { events, facilities, fields, productTypes } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { recordChanges } from '../../services/changelog';

// What every event route starts from: the event, field or product type a request names, within the
// user's facility. Another facility's event answers 404, like a missing one; an unknown or foreign
// field or product type in a body answers 400.

export type EventRow = typeof events.$inferSelect;
export type FieldRow = typeof fields.$inferSelect;

/** The event `id` when the user may reach it (admins: any; everyone else: their facility's). */
export async function findEvent(db: Db | Tx, user: SessionUser, id: number): Promise<EventRow> {
  const scope = facilityScope(user);
  const [row] = await db.select().from(events).where(scope === null ? eq(events.ID, id) : and(eq(events.ID, id), eq(events.facility_id, scope)));
  if (!row) throw notFound('Event');
  return row;
}

/** The field a body names, when it is one of the user's facility. */
export async function findField(db: Db | Tx, user: SessionUser, id: number): Promise<FieldRow> {
  const scope = facilityScope(user);
  const [row] = await db.select().from(fields).where(scope === null ? eq(fields.ID, id) : and(eq(fields.ID, id), eq(fields.facility_id, scope)));
  if (!row) throw badRequest(`field_id: unknown field ${id}`);
  return row;
}

export async function checkProductType(db: Db | Tx, id: number): Promise<void> {
  const [row] = await db.select({ ID: productTypes.ID }).from(productTypes).where(eq(productTypes.ID, id));
  if (!row) throw badRequest(`product_type_id: unknown product type ${id}`);
}

/** The IANA zone a facility's times are shown in. */
export async function facilityZone(db: Db | Tx, facilityId: number): Promise<string> {
  const [row] = await db.select({ time_zone: facilities.time_zone }).from(facilities).where(eq(facilities.ID, facilityId));
  return row?.time_zone ?? defaultTimeZone(facilityId);
}

/** The facility a calendar request reads: the user's own, or for admins the one they name (required). */
export function calendarFacility(user: SessionUser, requested: number | undefined): number {
  const scope = facilityScope(user, requested);
  if (scope === null) throw badRequest('facility_id: Required');
  return scope;
}

/** Events are audited (the event page's Changes tab reads GET /changelog?object=event&id=). */
export async function recordEventChange(tx: Tx, user: SessionUser, row: EventRow, action: string, extra: Record<string, unknown> = {}): Promise<void> {
  await recordEventChanges(tx, user, [row], action, extra);
}

/** The same change to several events, one changelog row each, in one statement. */
export async function recordEventChanges(tx: Tx, user: SessionUser, rows: EventRow[], action: string, extra: Record<string, unknown> = {}): Promise<void> {
  await recordChanges(tx, rows.map((row) => ({ object: 'event', object_id: row.ID, action, user_id: user.ID, new_value: { ...eventWire(row), ...extra } })));
}

/** An event row on the wire: money in dollars. */
export function eventWire(row: EventRow) {
  const { contract_variant_price, ...rest } = row;
  return { ...rest, contract_variant_price: contract_variant_price === null ? null : toDollars(contract_variant_price) };
}
