import { asc, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  createLeague, createTournament, deleteLeague, deleteTournament, getLeague, getTeamSignup, getTournament, moveLeagueTeam,
  updateLeague, updateTournament, type LeagueBody, type LeagueUpdate,
} from '../../../core/api/leagues';
import { toDollars } from '../../../core/money';
import { holdsDataMessage, LEAGUE_MESSAGES } from '../../../core/validation/leagues';
import { facilityScope } from '../../auth/guard';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { broadcasts, customers, facilities, invoiceItems, invoices, leagues, players, products, teamSignups, teams } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, conflict, notFound } from '../../http/errors';
import { auditLeague, findLeague, leagueHoldings, leaguePrices, leagueWire, variationFor, type LeagueRow } from '../../domain/leagues/access';
import { offerTeamPlaces } from '../../domain/portal/teamWaitlist';
import { leagueTeams, readLeagueDetail } from './detail';

// One league (spec 3 §2.4–2.6, §7): GET /league/{id} and /tournament/{id} (the page), POST /league and
// /tournament (admins: a league, a season, a division of either, a tournament), PUT (the form, or one
// field such as force_close; non-admins keep their facility), DELETE (admins and managers, only with
// no teams and no divisions), PUT /league/order/{id} (a team up or down) and GET /signup/league/{id}.

/** The product and the season or tournament above a league: they exist, at the league's facility. */
async function checkReferences(tx: Tx, facilityId: number, input: Pick<LeagueBody, 'new_product_id' | 'parent_league_id' | 'tournament_id'>) {
  const [facility] = await tx.select({ ID: facilities.ID }).from(facilities).where(eq(facilities.ID, facilityId));
  if (!facility) throw badRequest('facility_id: there is no such facility');
  if (input.new_product_id) {
    const [product] = await tx.select({ ID: products.ID, team: products.team_price, full: products.full_price }).from(products).where(eq(products.ID, input.new_product_id));
    // Product choices are those with a team or full price above 0 (spec 3 §5).
    if (!product) throw badRequest(LEAGUE_MESSAGES.selectProduct);
    const prices = await leaguePrices(tx, { product_id: null, new_product_id: input.new_product_id, facility_id: facilityId });
    if (prices.full <= 0) throw badRequest(LEAGUE_MESSAGES.selectProduct);
  }
  for (const above of [input.parent_league_id, input.tournament_id]) {
    if (!above) continue;
    const [row] = await tx.select({ ID: leagues.ID, facility_id: leagues.facility_id }).from(leagues).where(eq(leagues.ID, above));
    if (!row || row.facility_id !== facilityId) throw badRequest('parent_league_id: there is no such season or tournament at this facility');
  }
}

export async function insertLeague(tx: Tx, user: SessionUser, input: LeagueBody & { rollover_from?: number | null }, tournament: boolean): Promise<LeagueRow> {
  const facility_id = facilityScope(user, input.facility_id) ?? input.facility_id;
  await checkReferences(tx, facility_id, input);
  const [row] = await tx.insert(leagues).values({
    ...input,
    facility_id,
    is_tournament: tournament || input.is_tournament,
    age_group_id: input.age_group_id ?? null,
    gender: input.gender ?? null,
    product_id: input.product_id ?? await variationFor(tx, input.new_product_id, facility_id),
    parent_league_id: input.parent_league_id ?? null,
    tournament_id: input.tournament_id ?? null,
  }).returning();
  await auditLeague(tx, user, row, 'create');
  return row;
}

async function changeLeague(tx: Tx, user: SessionUser, id: number, changes: LeagueUpdate, tournament: boolean, publicUrl: string): Promise<LeagueRow> {
  const league = await findLeague(tx, user, id, { lock: true });
  if (league.is_tournament !== tournament) throw notFound(tournament ? 'Tournament' : 'League');
  // Non-admins keep their facility (spec 3 §5: the field is fixed for them).
  const facility_id = changes.facility_id === undefined ? league.facility_id : facilityScope(user, changes.facility_id) ?? changes.facility_id;
  const merged = { ...league, ...changes, facility_id };
  if (merged.end_date < merged.start_date) throw badRequest(LEAGUE_MESSAGES.datesOrder);
  if (!merged.is_container && (!merged.age_group_id || !merged.gender)) throw badRequest(LEAGUE_MESSAGES.required);
  if (changes.new_product_id !== undefined || changes.facility_id !== undefined || changes.parent_league_id || changes.tournament_id) {
    await checkReferences(tx, facility_id, { new_product_id: merged.new_product_id ?? 0, parent_league_id: merged.parent_league_id, tournament_id: merged.tournament_id });
  }
  const product_id = changes.new_product_id !== undefined || changes.facility_id !== undefined
    ? changes.product_id ?? await variationFor(tx, merged.new_product_id, facility_id)
    : changes.product_id;
  const [row] = await tx.update(leagues).set({ ...changes, facility_id, ...(product_id !== undefined ? { product_id } : {}) }).where(eq(leagues.ID, id)).returning();
  await auditLeague(tx, user, row, 'update');
  // max_teams raised (or registration reopened): the free places go to the waitlist.
  await offerTeamPlaces(tx, row, publicUrl);
  return row;
}

async function removeLeague(tx: Tx, user: SessionUser, id: number, tournament: boolean): Promise<LeagueRow> {
  const league = await findLeague(tx, user, id, { lock: true });
  if (league.is_tournament !== tournament) throw notFound(tournament ? 'Tournament' : 'League');
  const [signup] = await tx.select({ ID: teamSignups.ID }).from(teamSignups).where(eq(teamSignups.league_id, id)).limit(1);
  if (signup) throw conflict(LEAGUE_MESSAGES.hasTeams);
  const [division] = await tx.select({ ID: leagues.ID }).from(leagues).where(or(eq(leagues.parent_league_id, id), eq(leagues.tournament_id, id))).limit(1);
  if (division) throw conflict(LEAGUE_MESSAGES.hasDivisions);
  // E-players, e-matches and games keep it too, said so (m14) rather than as the database's refusal.
  const held = await leagueHoldings(tx, id);
  if (held.eplayers || held.ematches || held.matches) {
    throw conflict(holdsDataMessage(league.is_tournament ? 'tournament' : league.is_container ? 'season' : 'league', held));
  }
  // What was mailed from its page stays in the broadcast history, without the league.
  await tx.update(broadcasts).set({ league_id: null }).where(eq(broadcasts.league_id, id));
  // A season rolled over into this one, or from it, forgets the link.
  await tx.update(leagues).set({ rollover_to: null }).where(eq(leagues.rollover_to, id));
  await tx.update(leagues).set({ rollover_from: null }).where(eq(leagues.rollover_from, id));
  await tx.delete(leagues).where(eq(leagues.ID, id));
  await auditLeague(tx, user, league, 'delete');
  return league;
}

export async function leagueWriteRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  serve(app, getLeague, async ({ user, params: { id } }) => readLeagueDetail(db, user, id, 'league'));
  serve(app, getTournament, async ({ user, params: { id } }) => readLeagueDetail(db, user, id, 'tournament'));

  serve(app, createLeague, async ({ user, body }) => leagueWire(await db.transaction((tx) => insertLeague(tx, user, body, false))));
  serve(app, createTournament, async ({ user, body }) => leagueWire(await db.transaction((tx) => insertLeague(tx, user, body, true))));

  const update = async (user: SessionUser, id: number, body: LeagueUpdate, tournament: boolean) => {
    const row = await db.transaction((tx) => changeLeague(tx, user, id, body, tournament, config.publicUrl));
    app.jobs.wake();
    return leagueWire(row);
  };
  serve(app, updateLeague, ({ user, params: { id }, body }) => update(user, id, body, false));
  serve(app, updateTournament, ({ user, params: { id }, body }) => update(user, id, body, true));

  serve(app, deleteLeague, async ({ user, params: { id } }) => leagueWire(await db.transaction((tx) => removeLeague(tx, user, id, false))));
  serve(app, deleteTournament, async ({ user, params: { id } }) => leagueWire(await db.transaction((tx) => removeLeague(tx, user, id, true))));

  serve(app, moveLeagueTeam, async ({ user, params: { id }, body: { signup_id, direction } }) => db.transaction(async (tx) => {
    const league = await findLeague(tx, user, id, { lock: true });
    const rows = await tx.select({ ID: teamSignups.ID, order: teamSignups.order }).from(teamSignups)
      .where(eq(teamSignups.league_id, id)).orderBy(asc(teamSignups.order), asc(teamSignups.ID)).for('update');
    const at = rows.findIndex((r) => r.ID === signup_id);
    if (at < 0) throw notFound('Team sign-up');
    const other = direction === 'up' ? at - 1 : at + 1;
    if (other >= 0 && other < rows.length) {
      // Orders are renumbered 0…n−1 in the list's order, then the two neighbours swap.
      const order = rows.map((r) => r.ID);
      [order[at], order[other]] = [order[other], order[at]];
      for (const [index, signupId] of order.entries()) await tx.update(teamSignups).set({ order: index }).where(eq(teamSignups.ID, signupId));
      await auditLeague(tx, user, league, 'team_order');
    }
    return leagueTeams(tx, id);
  }));

  serve(app, getTeamSignup, async ({ user, params: { id } }) => {
    const [signup] = await db.select().from(teamSignups).where(eq(teamSignups.ID, id));
    if (!signup) throw notFound('Team sign-up');
    await findLeague(db, user, signup.league_id);
    const [team] = await db.select().from(teams).where(eq(teams.ID, signup.team_id));
    const roster = await db.select({ ID: players.ID, customer_id: players.customer_id, first_name: customers.first_name, last_name: customers.last_name })
      .from(players).innerJoin(customers, eq(customers.ID, players.customer_id)).where(eq(players.team_id, signup.team_id)).orderBy(asc(players.ID));
    const [bill] = await db.select().from(invoices)
      .where(sql`${invoices.ID} = (select min(${invoiceItems.invoice_id}) from ${invoiceItems} where ${invoiceItems.team_signup_id} = ${id})`);
    return {
      ID: signup.ID, league_id: signup.league_id, group: signup.group,
      team: { ID: team.ID, name: team.name, group: signup.group, roster },
      invoice: bill ? {
        ID: bill.ID, invoiced: toDollars(bill.invoiced), discounted: toDollars(bill.discounted), paid: toDollars(bill.paid),
        balance: toDollars(bill.invoiced - bill.discounted - bill.paid),
      } : null,
    };
  });
}


