import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { mergeCustomers as mergeEndpoint, NO_CUSTOMERS_TO_MERGE } from '../../../core/api/customers';
import { nowSeconds } from '../../../core/time';
import { isKidCustomer } from '../../../core/validation/customer';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import {
  attendances, attendees, contracts, customers, eplayerSignups, eplayers, ematches, events, families, healthChecks,
  invoices, memberships, payments, pickupPlayers, players, suspensions, teams, trialAssistants, waitlists,
} from '../../db/schema';
import { transaction } from '../../db/transaction';
import { serve } from '../../http/endpoint';
import { badRequest, conflict, notFound } from '../../http/errors';
import { findCustomer, type CustomerRow } from '../../domain/customers/access';
import { recordCustomerChange } from '../../domain/customers/audit';
import { inUserScope } from '../../domain/customers/summary';

// Merge customer (spec 1 §7): POST /customer/merge/{id} {customer_ids} moves everything that points at
// the other customers to the kept one and soft-deletes them, in one transaction: a failure (an unknown
// or unreachable id, a constraint) changes nothing. The customers are locked first, in ID order, so
// merges of the same people queue behind each other (and crossed merges cannot deadlock): a customer
// the first one merged is refused to the next (409), and each credit moves exactly once.

export const MERGE_SAME_KIND = 'Only customers of the same kind can be merged: adults with adults, children with children';
export const alreadyMerged = (c: CustomerRow) =>
  `${c.first_name} ${c.last_name} (customer ${c.ID}) has already been merged or deleted; reload the page to see who is left`;

type Table = PgTable & { ID: AnyPgColumn };

/**
 * Every column referring to a customer, and for those under a unique index the other columns of that
 * index: a row that would duplicate one the kept customer already has (the same class, team, event …)
 * is dropped rather than moved. tests/api/customer-merge.test.ts checks this list against the schema.
 */
const CUSTOMER_REFERENCES: Array<{ table: Table; column: AnyPgColumn; unique?: AnyPgColumn }> = [
  { table: invoices, column: invoices.customer_id },
  { table: payments, column: payments.player_customer_id },
  { table: events, column: events.customer_id },
  { table: attendances, column: attendances.customer_id, unique: attendances.event_id },
  { table: healthChecks, column: healthChecks.customer_id },
  { table: attendees, column: attendees.customer_id, unique: attendees.class_id },
  { table: attendees, column: attendees.parent_id },
  { table: trialAssistants, column: trialAssistants.customer_id, unique: trialAssistants.event_id },
  { table: trialAssistants, column: trialAssistants.parent_id },
  { table: waitlists, column: waitlists.customer_id, unique: waitlists.class_id },
  { table: waitlists, column: waitlists.parent_id },
  { table: contracts, column: contracts.customer_id },
  { table: families, column: families.parent_id, unique: families.child_id },
  { table: families, column: families.child_id, unique: families.parent_id },
  { table: memberships, column: memberships.sub_customer_id },
  { table: memberships, column: memberships.member_customer_id },
  { table: suspensions, column: suspensions.customer_id },
  { table: teams, column: teams.captain_id },
  { table: players, column: players.customer_id, unique: players.team_id },
  { table: pickupPlayers, column: pickupPlayers.customer_id },
];

/** Points `column` of `table` at `to` instead of any of `from`, dropping rows that would collide on `unique`. */
async function repoint(tx: Tx, table: Table, column: AnyPgColumn, from: number[], to: number, unique?: AnyPgColumn): Promise<void> {
  if (unique) {
    // Already held by the kept one …
    await tx.delete(table).where(and(inArray(column, from), inArray(unique, tx.select({ v: unique }).from(table).where(eq(column, to)))));
    // … or by several of the merged ones: keep the oldest.
    const firsts = tx.select({ v: sql`min(${table.ID})` }).from(table).where(inArray(column, from)).groupBy(unique);
    await tx.delete(table).where(and(inArray(column, from), sql`${table.ID} not in ${firsts}`));
  }
  await tx.execute(sql`update ${table} set ${sql.identifier(column.name)} = ${to} where ${inArray(column, from)}`);
}

/** Customers have one e-player: the kept one's (or the first merged one's) takes the others' sign-ups and matches. */
async function mergeEplayers(tx: Tx, from: number[], to: number): Promise<void> {
  const rows = await tx.select().from(eplayers).where(inArray(eplayers.customer_id, [to, ...from])).orderBy(sql`${eplayers.customer_id} = ${to} desc`, eplayers.ID);
  if (rows.length === 0) return;
  const [target, ...others] = rows;
  if (target.customer_id !== to) await tx.update(eplayers).set({ customer_id: to }).where(eq(eplayers.ID, target.ID));
  if (others.length === 0) return;
  const otherIds = others.map((e) => e.ID);
  await repoint(tx, eplayerSignups, eplayerSignups.eplayer_id, otherIds, target.ID, eplayerSignups.league_id);
  await repoint(tx, ematches, ematches.home_player_id, otherIds, target.ID);
  await repoint(tx, ematches, ematches.away_player_id, otherIds, target.ID);
  await tx.delete(eplayers).where(inArray(eplayers.ID, otherIds));
}

export async function mergeCustomers(tx: Tx, keptId: number, mergedIds: number[]): Promise<void> {
  const everyone = [keptId, ...mergedIds];
  // Links between the merged people would become links of the kept customer to itself.
  await tx.delete(families).where(and(inArray(families.parent_id, everyone), inArray(families.child_id, everyone)));
  for (const { table, column, unique } of CUSTOMER_REFERENCES) await repoint(tx, table, column, mergedIds, keptId, unique);
  await mergeEplayers(tx, mergedIds, keptId);
  // Their credit balances add up on the kept customer.
  const [{ credits }] = await tx
    .select({ credits: sql<string>`coalesce(sum(${customers.credits}), 0)` })
    .from(customers)
    .where(inArray(customers.ID, mergedIds));
  await tx.update(customers).set({ credits: sql`${customers.credits} + ${Number(credits)}` }).where(eq(customers.ID, keptId));
  await tx.update(customers).set({ deleted_at: nowSeconds(), credits: 0 }).where(inArray(customers.ID, mergedIds));
}

/**
 * Locks the customers `ids` (the kept one first) for the rest of the transaction, in ID order, and
 * answers their rows in the order asked: 404 for one missing or out of the user's reach, 409 for one
 * already merged or deleted (possibly by a merge that was waiting for the same locks).
 */
async function lockCustomers(tx: Tx, user: SessionUser, ids: number[]): Promise<CustomerRow[]> {
  const rows = await tx.select().from(customers)
    .where(and(inArray(customers.ID, ids), inUserScope(user)))
    .orderBy(customers.ID)
    .for('update');
  const byId = new Map(rows.map((row) => [row.ID, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound('Customer');
    if (row.deleted_at !== null) throw conflict(alreadyMerged(row));
    return row;
  });
}

export async function customerMergeRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, mergeEndpoint, async ({ user, params: { id }, body }) => {
    const merged = [...new Set(body.customer_ids)].filter((other) => other !== id);
    if (merged.length === 0) throw badRequest(NO_CUSTOMERS_TO_MERGE);
    await transaction(db, async (tx) => {
      const [keptRow, ...others] = await lockCustomers(tx, user, [id, ...merged]);
      const kid = isKidCustomer(keptRow);
      // A child merged into an adult (or back) would take the other's place in their family links.
      if (others.some((other) => isKidCustomer(other) !== kid)) throw badRequest(MERGE_SAME_KIND);
      await mergeCustomers(tx, id, merged);
      const kept = await findCustomer(tx, user, id);
      await recordCustomerChange(tx, user, kept, 'merge', { merged });
      for (const other of others) await recordCustomerChange(tx, user, { ...other, deleted_at: nowSeconds() }, 'delete', { merged_into: id });
    });
    return { ID: id, merged };
  });
}

