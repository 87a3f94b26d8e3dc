import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { nowSeconds } from '../../../core/time';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';

// Whether an address receives broadcasts (issue 29, issue 41 m26): an address is left out once any of
// its customers unsubscribed (./recipients.ts unsubscribedAmong), so unsubscribing marks all of them
// and re-subscribing clears all of them. `email` is lower case, as the signed link carries it.

const ofAddress = (email: string) => eq(sql`lower(${customers.email})`, email);

/** Whether the address is left out of broadcasts. */
export async function isUnsubscribed(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ ID: customers.ID }).from(customers).where(and(ofAddress(email), isNotNull(customers.unsubscribed_at))).limit(1);
  return Boolean(row);
}

export async function unsubscribeAddress(db: Db, email: string): Promise<void> {
  await db.update(customers).set({ unsubscribed_at: nowSeconds() }).where(and(ofAddress(email), isNull(customers.unsubscribed_at)));
}

export async function resubscribeAddress(db: Db, email: string): Promise<void> {
  await db.update(customers).set({ unsubscribed_at: null }).where(and(ofAddress(email), isNotNull(customers.unsubscribed_at)));
}
