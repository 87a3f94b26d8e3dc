import { and, eq, inArray } from 'drizzle-orm';
import { nowSeconds } from '../../../core/time';
import type { Tx } from '../../db/client';
import { customers, portalHolds } from '../../db/schema';
import { enqueue } from '../../services/jobs';
import type { ClassRow } from './access';
import type { WaitlistEntryRow } from './enrolment';
import { WAITLIST_MAIL } from './promotionMail';
import { enqueueHoldExpiry, liveHold } from './seats';

// A waitlist offer (issue 44 item 5): when a seat frees in a class, a family that joined its waitlist
// online is offered the seat by mail rather than enrolled and invoiced: a hold of its own for 24 hours
// (2 hours when the class starts within 3 days), taken by checking it out from the portal. Unanswered, the
// hold's expiry job drops the entry and offers the seat to the next in line.

const DAY = 86400;

/** How long an offer holds its seat. */
export const offerSeconds = (cls: Pick<ClassRow, 'start_date'>, now = nowSeconds()) => (cls.start_date - now <= 3 * DAY ? 2 * 3600 : DAY);

/** The waitlist entries of a class that hold a live offer now. */
export async function offeredEntries(tx: Tx, classId: number): Promise<Set<number>> {
  const rows = await tx.select({ waitlist_id: portalHolds.waitlist_id }).from(portalHolds)
    .where(and(eq(portalHolds.class_id, classId), liveHold(nowSeconds())));
  return new Set(rows.flatMap((r) => (r.waitlist_id === null ? [] : [r.waitlist_id])));
}

/** Offers a seat of `cls` (locked) to a waitlist entry: the hold, its expiry job and the mail job. */
export async function offerSeat(tx: Tx, cls: ClassRow, entry: WaitlistEntryRow, publicUrl: string): Promise<void> {
  const holder = entry.parent_id ?? entry.customer_id;
  const expires_at = nowSeconds() + offerSeconds(cls);
  const [hold] = await tx.insert(portalHolds).values({
    facility_id: cls.facility_id, customer_id: holder, offering_type: cls.is_camp ? 'camp' : 'class', class_id: cls.ID,
    participant_ids: [entry.customer_id], seats: 1, expires_at, waitlist_id: entry.ID,
  }).returning();
  await enqueueHoldExpiry(tx, hold.ID, expires_at);
  await mailOffer(tx, { holder, participant: entry.customer_id, offering: cls.name, expiresAt: expires_at, link: `${publicUrl}/my/holds/${hold.ID}` });
}

/**
 * The mail of a waitlist offer (a class's, a pickup game's, a division's team place), a durable job
 * enqueued in the transaction that makes the offer: to the account holder, naming who the place is held
 * for (the participant, or `heldFor`: a team's name), for how long, and the link that takes it.
 */
export async function mailOffer(tx: Tx, offer: { holder: number; participant: number; heldFor?: string; offering: string; expiresAt: number; link: string }): Promise<void> {
  const people = await tx.select({ ID: customers.ID, first_name: customers.first_name, last_name: customers.last_name, email: customers.email })
    .from(customers).where(inArray(customers.ID, [offer.holder, offer.participant]));
  const to = people.find((p) => p.ID === offer.holder)?.email?.split('#')[0];
  const child = people.find((p) => p.ID === offer.participant)!;
  if (!to) return;
  const hours = Math.round((offer.expiresAt - nowSeconds()) / 3600);
  const text = [
    `A place opened in ${offer.offering} and it is held for ${offer.heldFor ?? `${child.first_name} ${child.last_name}`} for ${hours} hours.`,
    `Take it and pay: ${offer.link}`,
    'If you do not, it goes to the next family on the waitlist.',
  ].join('\n');
  await enqueue(tx, WAITLIST_MAIL, [{ to, subject: `A place in ${offer.offering} is held for ${offer.heldFor ?? child.first_name}`, text: `${text}\n` }]);
}
