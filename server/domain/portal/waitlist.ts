import { and, eq, or, lt, sql } from 'drizzle-orm';
import { OFFERING_MESSAGES, type OfferingType, type PortalWaitlistEntry } from '../../../core/api/portalOfferings';
import { nowSeconds } from '../../../core/time';
import type { PortalUser } from '../../auth/portalSession';
import type { Db } from '../../db/client';
import { waitlists } from '../../db/schema';
import { conflict } from '../../http/errors';
import { joinWaitlist } from '../classes/enrolment';
import { seatsTaken } from '../classes/seats';
import { familyMembers, lockOfferedClass, registrationOpen } from './holds';

// The waitlist from the portal (issue 44 item 5): the class's own queue (staff's screens show the same
// entries, marked online). A seat that frees is offered to an online entry by mail as a hold of its own
// (domain/classes/offers.ts), rolled to the next in line when unanswered.

/** POST /portal/waitlist: the member joins a full class's waitlist; its position in the queue. */
export async function joinOnlineWaitlist(db: Db, holder: PortalUser, body: { offering: { type: OfferingType; id: number }; participant_id: number }): Promise<PortalWaitlistEntry> {
  const [customer_id] = await familyMembers(db, holder, [body.participant_id]);
  return db.transaction(async (tx) => {
    const cls = await lockOfferedClass(tx, body.offering.type, body.offering.id);
    if (!registrationOpen(cls, nowSeconds())) throw conflict(OFFERING_MESSAGES.notOnline);
    if (await seatsTaken(tx, cls.ID) < cls.max_kids) throw conflict(OFFERING_MESSAGES.notFull);
    const parent_id = customer_id === holder.customer_id ? null : holder.customer_id;
    const entry = await joinWaitlist(tx, null, cls, { customer_id, parent_id, uniform_size: null, source: 'online' });
    const [{ ahead }] = await tx.select({ ahead: sql<number>`count(*)::int` }).from(waitlists).where(and(
      eq(waitlists.class_id, cls.ID),
      or(lt(waitlists.CreatedAt, entry.CreatedAt), and(eq(waitlists.CreatedAt, entry.CreatedAt), lt(waitlists.ID, entry.ID))),
    ));
    return { ID: entry.ID, offering: body.offering, customer_id, position: Number(ahead) + 1 };
  });
}
