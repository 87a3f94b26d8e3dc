import { and, eq, or, lt, sql, type SQL } from 'drizzle-orm';
import { OFFERING_MESSAGES, type OfferingType, type PortalWaitlistEntry } from '../../../core/api/portalOfferings';
import { nowSeconds } from '../../../core/time';
import type { PortalUser } from '../../auth/portalSession';
import type { Db, Tx } from '../../db/client';
import { portalWaitlists, waitlists } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { joinWaitlist } from '../classes/enrolment';
import { seatsTaken } from '../classes/seats';
import { familyMembers, lockOfferedClass, registrationOpen } from './holds';
import { joinGameWaitlist } from './pickupGames';
import { joinTeamWaitlist } from './teamWaitlist';
import { assertOpen, onlineLeague } from './teams';

// The waitlist from the portal (issue 44 item 5). A class's or camp's is the class's own queue (staff's
// screens show the same entries, marked online); a seat that frees is offered to an online entry by
// mail as a hold of its own (domain/classes/offers.ts), rolled to the next in line when unanswered. A
// pickup game's (./pickupGames.ts) and a division's team places (./teamWaitlist.ts) are queues of
// portal_waitlists, offered and rolled alike. Rentals and individual registrations have none.

interface JoinBody { offering: { type: OfferingType; id: number }; participant_id: number; event_id?: number; team_name?: string }

/** How many entries of a queue (`where`) are ahead of the entry made at `createdAt` with `id`, plus one. */
async function positionIn(tx: Tx, table: typeof waitlists | typeof portalWaitlists, where: SQL, entry: { ID: number; CreatedAt: number }) {
  const [{ ahead }] = await tx.select({ ahead: sql<number>`count(*)::int` }).from(table).where(and(
    where, or(lt(table.CreatedAt, entry.CreatedAt), and(eq(table.CreatedAt, entry.CreatedAt), lt(table.ID, entry.ID))),
  ));
  return Number(ahead) + 1;
}

/** POST /portal/waitlist: the member joins a full offering's waitlist; its position in the queue. */
export async function joinOnlineWaitlist(db: Db, holder: PortalUser, body: JoinBody): Promise<PortalWaitlistEntry> {
  const [customer_id] = await familyMembers(db, holder, [body.participant_id]);
  const { type, id } = body.offering;
  return db.transaction(async (tx) => {
    if (type === 'pickup') {
      const entry = await joinGameWaitlist(tx, holder, customer_id, id, body.event_id);
      return { ID: entry.ID, offering: body.offering, customer_id, event_id: entry.event_id!, position: await positionIn(tx, portalWaitlists, eq(portalWaitlists.event_id, entry.event_id!), entry) };
    }
    if (type === 'league' || type === 'tournament') {
      const league = await onlineLeague(tx, id, true);
      assertOpen(league, nowSeconds());
      const entry = await joinTeamWaitlist(tx, holder, customer_id, league, body.team_name);
      return { ID: entry.ID, offering: body.offering, customer_id, team_name: entry.team_name!, position: await positionIn(tx, portalWaitlists, eq(portalWaitlists.league_id, league.ID), entry) };
    }
    if (type === 'rental') throw badRequest(OFFERING_MESSAGES.noWaitlist);
    const cls = await lockOfferedClass(tx, type, id);
    if (!registrationOpen(cls, nowSeconds())) throw conflict(OFFERING_MESSAGES.notOnline);
    if (await seatsTaken(tx, cls.ID) < cls.max_kids) throw conflict(OFFERING_MESSAGES.notFull);
    const parent_id = customer_id === holder.customer_id ? null : holder.customer_id;
    const entry = await joinWaitlist(tx, null, cls, { customer_id, parent_id, uniform_size: null, source: 'online' });
    return { ID: entry.ID, offering: body.offering, customer_id, position: await positionIn(tx, waitlists, eq(waitlists.class_id, cls.ID), entry) };
  });
}
