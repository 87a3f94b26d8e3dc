import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { WaitingEntry } from '../../../core/api/pickup';
import { OFFERING_MESSAGES } from '../../../core/api/portalOfferings';
import { PORTAL_TEAM_MESSAGES } from '../../../core/api/portalTeams';
import { nowSeconds } from '../../../core/time';
import type { PortalUser } from '../../auth/portalSession';
import type { SessionUser } from '../../auth/session';
import type { Db, Tx } from '../../db/client';
import { leagues, portalWaitlists, teamSignups, teams } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../http/errors';
import { recordChange } from '../../services/changelog';
import { enqueue } from '../../services/jobs';
import { mailOffer, offerSeconds } from '../classes/offers';
import { findLeague, type LeagueRow } from '../leagues/access';
import { teamPlacesTaken } from '../teams/signups';
import { dropEntry, waitingEntries } from './queues';

// A division's team places (issue 44 item 5): a full division (max_teams reached, live offers included:
// teams/signups.ts teamPlacesTaken) lets a captain join its waitlist with the team's name. When a place
// frees (a sign-up removed or moved, max_teams raised, an offer unanswered, an entry with an offer
// removed) the first in line is offered it by mail: the entry's offered_until keeps the place for the
// captain 24 hours (2 within 3 days of the division's start); registering the team from the portal while
// it lives takes it (other captains are refused meanwhile); unanswered, a durable job drops the entry and
// offers the place to the next in line.

/** The durable job that ends a division's offer at its time (and rolls it to the next in line). */
export const TEAM_OFFER_JOB = 'portal.team_offer_expiry';

type EntryRow = typeof portalWaitlists.$inferSelect;

/** A division's offering type, as the offerings list it. */
export const divisionType = (league: LeagueRow) => (league.tournament_id !== null || league.is_tournament ? 'tournament' as const : 'league' as const);

/** Whether the division takes team registrations online now: no offer is made for one that does not. */
const takesTeamsOnline = (league: LeagueRow, now: number) => league.available_online && league.enable_team && !league.force_close && !league.is_container
  && !league.is_e_league && league.end_date > now
  && (league.registration_start_date === null || league.registration_start_date <= now)
  && (league.registration_end_date === null || league.registration_end_date >= now);

/** The 409 of a full division: with its waitlist, which the captain may join. */
export async function divisionFull(tx: Tx, league: LeagueRow): Promise<HttpError> {
  const [{ waiting }] = await tx.select({ waiting: count() }).from(portalWaitlists).where(eq(portalWaitlists.league_id, league.ID));
  return new HttpError(409, OFFERING_MESSAGES.divisionFull, { waitlist: { open: true, offering: { type: divisionType(league), id: league.ID }, waiting: Number(waiting) } });
}

/** POST /portal/waitlist for a division (locked by the caller, open online): `customerId` of the holder's family waits with `teamName`. */
export async function joinTeamWaitlist(tx: Tx, holder: PortalUser, customerId: number, league: LeagueRow, teamName: string | undefined): Promise<EntryRow> {
  if (!league.enable_team) throw conflict(PORTAL_TEAM_MESSAGES.noTeams);
  if (!teamName) throw new HttpError(400, OFFERING_MESSAGES.teamNameNeeded);
  if ((await teamPlacesTaken(tx, league)).taken < league.max_teams) throw conflict(OFFERING_MESSAGES.notFull);
  const [row] = await tx.insert(portalWaitlists).values({
    facility_id: league.facility_id, offering_type: divisionType(league), league_id: league.ID, customer_id: customerId, holder_id: holder.customer_id, team_name: teamName,
  }).onConflictDoNothing().returning();
  if (!row) throw conflict(OFFERING_MESSAGES.alreadyWaiting);
  await recordChange(tx, { object: 'team_waitlist', object_id: row.ID, action: 'create_online', user_id: null, new_value: row });
  return row;
}

/**
 * Offers the free places of a division (locked by the caller) to its waitlist, first in line first: the
 * entry's offer, its expiry job and its mail. Answers how many were offered.
 */
export async function offerTeamPlaces(tx: Tx, league: LeagueRow, publicUrl: string): Promise<number> {
  const now = nowSeconds();
  if (!takesTeamsOnline(league, now)) return 0;
  const free = league.max_teams - (await teamPlacesTaken(tx, league)).taken;
  if (free <= 0) return 0;
  const waiting = await tx.select().from(portalWaitlists)
    .where(and(eq(portalWaitlists.league_id, league.ID), isNull(portalWaitlists.offered_until)))
    .orderBy(asc(portalWaitlists.CreatedAt), asc(portalWaitlists.ID)).limit(free).for('update');
  const offered_until = now + offerSeconds(league, now);
  for (const entry of waiting) {
    const [row] = await tx.update(portalWaitlists).set({ offered_until }).where(eq(portalWaitlists.ID, entry.ID)).returning();
    await recordChange(tx, { object: 'team_waitlist', object_id: row.ID, action: 'offer', user_id: null, new_value: row });
    await enqueue(tx, TEAM_OFFER_JOB, [{ entry: entry.ID }], { delayMs: (offered_until - now) * 1000 });
    await mailOffer(tx, {
      holder: entry.holder_id, participant: entry.customer_id, heldFor: entry.team_name ?? undefined, offering: league.name, expiresAt: offered_until,
      link: `${publicUrl}/my/divisions/${league.ID}`,
    });
  }
  return waiting.length;
}

/** The division's offer expiry job: an offer still unanswered past its time drops its entry and goes to the next in line. Answers whether it did. */
export async function expireTeamOffer(db: Db, entryId: number, publicUrl: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ league_id: portalWaitlists.league_id }).from(portalWaitlists).where(eq(portalWaitlists.ID, entryId));
    if (!found?.league_id) return false;
    // The league first, then the entry: the order every writer of both takes.
    const [league] = await tx.select().from(leagues).where(eq(leagues.ID, found.league_id)).for('update');
    const [entry] = await tx.select().from(portalWaitlists).where(eq(portalWaitlists.ID, entryId)).for('update');
    if (!entry?.offered_until || entry.offered_until > nowSeconds()) return false;
    await dropEntry(tx, entry.ID, 'offer_expired');
    await offerTeamPlaces(tx, league, publicUrl);
    return true;
  });
}

/** After a team's registration from the portal: its captain's entry in the division leaves the waitlist (its offer taken). */
export async function takeTeamPlace(tx: Tx, signupId: number) {
  const [row] = await tx.select({ league_id: teamSignups.league_id, captain_id: teams.captain_id }).from(teamSignups)
    .innerJoin(teams, eq(teams.ID, teamSignups.team_id)).where(eq(teamSignups.ID, signupId));
  if (!row?.captain_id) return;
  const [entry] = await tx.select({ ID: portalWaitlists.ID }).from(portalWaitlists)
    .where(and(eq(portalWaitlists.league_id, row.league_id), eq(portalWaitlists.holder_id, row.captain_id)));
  if (entry) await dropEntry(tx, entry.ID, 'offer_taken');
}

/** GET /league/{id}/waitlist (staff: the league's facility's). */
export async function leagueWaitlist(db: Db, user: SessionUser, id: number): Promise<WaitingEntry[]> {
  const league = await findLeague(db, user, id);
  const now = nowSeconds();
  const rows = await waitingEntries(db, eq(portalWaitlists.league_id, league.ID), (e) => (e.offered_until !== null && e.offered_until > now ? e.offered_until : null));
  return rows.map(({ event_id: _game, ...entry }) => entry);
}

/** DELETE /league/waitlist/{id}: staff remove a waiting team (another facility's: 404); a place offered to it goes to the next in line. */
export async function removeTeamEntry(db: Db, user: SessionUser, id: number, publicUrl: string): Promise<WaitingEntry> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ league_id: portalWaitlists.league_id }).from(portalWaitlists).where(eq(portalWaitlists.ID, id));
    if (!found?.league_id) throw notFound('Waitlist entry');
    const league = await findLeague(tx, user, found.league_id, { lock: true });
    const [wire] = await waitingEntries(tx, eq(portalWaitlists.ID, id), (e) => e.offered_until);
    const entry = await dropEntry(tx, id, 'delete', user.ID);
    if (!entry || !wire) throw notFound('Waitlist entry');
    if (entry.offered_until !== null && entry.offered_until > nowSeconds()) await offerTeamPlaces(tx, league, publicUrl);
    const { event_id: _game, ...answer } = wire;
    return answer;
  });
}
