import { and, eq, inArray } from 'drizzle-orm';
import { OFFERING_MESSAGES } from '../../../core/api/portalOfferings';
import { PORTAL_TEAM_MESSAGES } from '../../../core/api/portalTeams';
import { freeAgents, leagues, portalHolds } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { leaguePrices, type LeagueRow } from '../leagues/access';
import { liveHold } from '../classes/seats';
import { productTypeOf } from '../teams/signups';
import type { HoldKind } from './holdKinds';
import { addFreeAgent, assertOpen, onlineLeague } from './teams';

// A division's individual registration held online (issue 44 items 2–4): where the division has
// enable_individual, the members are held under the division's lock (no cap: staff place them on teams)
// and the checkout registers them as free agents (as POST /portal/free-agents does) with the division's
// individual price, one line each, on the family's invoice.

const divisionType = (league: LeagueRow) => (league.tournament_id !== null || league.is_tournament ? 'tournament' : 'league');

export const individualHolds: HoldKind = {
  async lock(tx, hold) {
    await tx.select({ ID: leagues.ID }).from(leagues).where(eq(leagues.ID, hold.league_id!)).for('update');
  },

  async take(tx, _holder, request, participants, now) {
    const league = await onlineLeague(tx, request.offering.id, true);
    if (divisionType(league) !== request.offering.type || league.is_container) throw notFound(request.offering.type === 'tournament' ? 'Tournament' : 'League');
    assertOpen(league, now);
    if (!league.enable_individual) throw conflict(PORTAL_TEAM_MESSAGES.noIndividual);
    const [registered] = await tx.select({ ID: freeAgents.ID }).from(freeAgents)
      .where(and(eq(freeAgents.league_id, league.ID), inArray(freeAgents.customer_id, participants))).limit(1);
    if (registered) throw conflict(PORTAL_TEAM_MESSAGES.alreadyFreeAgent);
    const holding = await tx.select({ ids: portalHolds.participant_ids }).from(portalHolds).where(and(eq(portalHolds.league_id, league.ID), liveHold(now)));
    if (holding.some((h) => h.ids.some((id) => participants.includes(id)))) throw conflict(OFFERING_MESSAGES.alreadyHeld);
    return { facility_id: league.facility_id, league_id: league.ID };
  },

  async describe(db, hold) {
    const [league] = await db.select().from(leagues).where(eq(leagues.ID, hold.league_id!));
    const { individual } = await leaguePrices(db, league);
    return {
      offering: { type: divisionType(league), id: league.ID, name: league.name }, price: individual, facility_id: league.facility_id,
      product_type_id: await productTypeOf(db, league),
      line: { product_id: league.product_id, new_product_id: league.new_product_id, event_id: null, team_signup_id: null, comment: `${league.name} — individual registration (online)` },
      membership: league.require_membership,
    };
  },

  async register(tx, holder, hold) {
    const league = await onlineLeague(tx, hold.league_id!);
    const made = [];
    for (const customerId of hold.participant_ids) made.push(await addFreeAgent(tx, holder, league, customerId));
    return made.map((row) => ({ ID: row.ID, customer_id: row.customer_id }));
  },

  async unregister(tx, hold) {
    await tx.delete(freeAgents).where(and(eq(freeAgents.league_id, hold.league_id!), inArray(freeAgents.customer_id, hold.participant_ids)));
  },

  async release() {},
};
