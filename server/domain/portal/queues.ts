import { asc, eq, type SQL } from 'drizzle-orm';
import type { WaitingEntry } from '../../../core/api/pickup';
import type { Db, Tx } from '../../db/client';
import { customers, portalWaitlists } from '../../db/schema';
import { recordChange } from '../../services/changelog';

// The queues beyond classes (portal_waitlists): a pickup game's (./pickupGames.ts) and a division's team
// places (./teamWaitlist.ts) — what both read and write the same way.

export type EntryRow = typeof portalWaitlists.$inferSelect;

/** Drops a waitlist entry (its offer taken or unanswered, or removed by staff), recorded. */
export async function dropEntry(tx: Tx, entryId: number, action: string, userId: number | null = null) {
  const [entry] = await tx.delete(portalWaitlists).where(eq(portalWaitlists.ID, entryId)).returning();
  if (entry) await recordChange(tx, { object: `${entry.offering_type === 'pickup' ? 'pickup' : 'team'}_waitlist`, object_id: entry.ID, action, user_id: userId, new_value: entry });
  return entry ?? null;
}

/** The entries of a queue with their customers, first in line first, as staff see them. */
export async function waitingEntries(db: Db | Tx, where: SQL, offeredUntil: (entry: EntryRow) => number | null) {
  const rows = await db.select({ entry: portalWaitlists, customer: { ID: customers.ID, first_name: customers.first_name, last_name: customers.last_name } })
    .from(portalWaitlists).innerJoin(customers, eq(customers.ID, portalWaitlists.customer_id))
    .where(where).orderBy(asc(portalWaitlists.CreatedAt), asc(portalWaitlists.ID));
  return rows.map(({ entry, customer }) => ({ ...waitingWire(entry, customer, offeredUntil(entry)), event_id: entry.event_id }));
}

export const waitingWire = (entry: EntryRow, customer: WaitingEntry['customer'], offered_until: number | null): WaitingEntry => ({
  ID: entry.ID, customer, team_name: entry.team_name, source: entry.source, CreatedAt: entry.CreatedAt, offered_until,
});
