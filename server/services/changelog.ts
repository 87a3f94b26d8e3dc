import { and, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SessionUser } from '../auth/session';
import { nowSeconds } from '../../core/time';
import type { Db, Tx } from '../db/client';
import { prepared } from '../db/prepared';
import { changelog, customers, discountRules, events, fields, integrations, invoices, users } from '../db/schema';
import type { CrudAction, WireRow } from '../http/crud';

// The changelog (spec 1 §3, §7): one row per change to an audited record, holding the record as it
// is after the change as JSON text. Routes write it inside the change's own transaction, so a change
// and its entry are stored together or not at all.

export interface Change {
  /** The kind of record, as GET /changelog?object= names it: 'field', 'customer', 'discount' … */
  object: string;
  object_id: number;
  /** create, update, delete, or a domain's own verb (expire, merge …). */
  action: string;
  /** Who made it; null for the system. */
  user_id: number | null;
  /** The record after the change: an object (stored as JSON) or JSON text. */
  new_value: unknown;
}

/** One change's INSERT, prepared once (money writes record one on every call). */
const prepareInsert = (db: Db) => db.insert(changelog).values({
  object_type: sql.placeholder('object'),
  object_id: sql.placeholder('id'),
  action: sql.placeholder('action'),
  user_id: sql.placeholder('user'),
  new_value: sql.placeholder('value'),
  CreatedAt: sql.placeholder('now'),
}).prepare('changelog_insert');
const inserts = new WeakMap<Db, ReturnType<typeof prepareInsert>>();

export async function recordChange(tx: Tx | Db, { object, object_id, action, user_id, new_value }: Change): Promise<void> {
  await prepared(inserts, tx, prepareInsert).execute({ object, id: object_id, action, user: user_id, value: valueText(new_value), now: nowSeconds() });
}

const valueText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? {}));

/** Several changes in one INSERT (a bulk edit of a hundred events is one statement, not a hundred). */
export async function recordChanges(tx: Tx | Db, changes: Change[]): Promise<void> {
  if (!changes.length) return;
  await tx.insert(changelog).values(changes.map(({ object, object_id, action, user_id, new_value }) => ({
    object_type: object,
    object_id,
    action,
    user_id,
    new_value: valueText(new_value),
  })));
}

/**
 * The crud helper's `onChange` hook recording every write of `object`; `shape` decides what of the
 * record is kept (e.g. without secrets).
 */
export const audited =
  (object: string, shape: (row: WireRow) => unknown = (row) => row) =>
  (tx: Tx, action: CrudAction, row: WireRow, user: SessionUser) =>
    recordChange(tx, { object, object_id: Number(row.ID), action, user_id: user.ID, new_value: shape(row) });

/** A changelog entry as GET /changelog answers it. */
export interface ChangeEntry {
  ID: number;
  action: string;
  user: { ID: number; first_name: string; last_name: string } | null;
  CreatedAt: number;
  /** JSON text, as stored. */
  new_value: string;
}

/** The changes of one record, newest first. */
export async function listChanges(db: Db, object: string, objectId: number): Promise<ChangeEntry[]> {
  const rows = await db
    .select({
      ID: changelog.ID,
      action: changelog.action,
      CreatedAt: changelog.CreatedAt,
      new_value: changelog.new_value,
      user_id: users.ID,
      first_name: users.first_name,
      last_name: users.last_name,
    })
    .from(changelog)
    .leftJoin(users, eq(users.ID, changelog.user_id))
    .where(and(eq(changelog.object_type, object), eq(changelog.object_id, objectId)))
    .orderBy(desc(changelog.CreatedAt), desc(changelog.ID));
  return rows.map(({ user_id, first_name, last_name, ...entry }) => ({
    ...entry,
    user: user_id === null ? null : { ID: user_id, first_name: first_name ?? '', last_name: last_name ?? '' },
  }));
}

type FacilityTable = PgTable & { ID: AnyPgColumn; facility_id: AnyPgColumn };

const facilityColumn = (table: FacilityTable) => async (db: Db, id: number) => {
  const [row] = await db.select({ facility_id: table.facility_id }).from(table).where(eq(table.ID, id));
  return row ? (row.facility_id as number) : undefined;
};

/**
 * Objects whose records belong to one facility, and how to find it: a manager reads the changes of
 * their own facility's records only. Objects not listed (taxes, GLs, product types …) are shared by
 * every facility. A domain whose records have a facility adds its line here.
 */
const FACILITY_OF: Record<string, (db: Db, id: number) => Promise<number | undefined>> = {
  facility: async (_db, id) => id,
  field: facilityColumn(fields),
  integration: facilityColumn(integrations),
  customer: facilityColumn(customers),
  discount_rule: facilityColumn(discountRules),
  event: facilityColumn(events),
  invoice: facilityColumn(invoices),
};

/**
 * Whether a user may read the changes of a record: admins any; others a shared object, or a record
 * of their own facility (a missing record, or an integration for ALL, is not theirs).
 */
export async function mayReadChanges(db: Db, user: SessionUser, object: string, objectId: number): Promise<boolean> {
  if (user.role === 'admin') return true;
  const facilityOf = FACILITY_OF[object];
  if (!facilityOf) return true;
  return (await facilityOf(db, objectId)) === user.facility_id;
}
