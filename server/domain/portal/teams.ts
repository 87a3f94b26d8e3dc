import { and, count, eq, sql } from 'drizzle-orm';
import { OFFERING_MESSAGES } from '../../../core/api/portalOfferings';
import {
  PORTAL_TEAM_MESSAGES, type LeagueFreeAgent, type PortalDivision, type PortalFreeAgent, type PortalJoined, type PortalJoinView, type PortalTeam, type PortalTeamCreated,
} from '../../../core/api/portalTeams';
import { toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import { feeOptions } from '../../../core/validation/leagues';
import type { PortalUser } from '../../auth/portalSession';
import type { SessionUser } from '../../auth/session';
import { newToken } from '../../auth/tokens';
import type { Db, Tx } from '../../db/client';
import { customers, facilities, freeAgents, invoiceItems, invoices, leagues, payments, players, portalOrders, portalPayments, teamSignups, teams } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { requestHash } from '../../http/idempotency';
import { recordChange } from '../../services/changelog';
import type { Square } from '../../services/square';
import { balanceOf, invoiceFigures } from '../invoices/access';
import { recordInvoiceChange } from '../invoices/audit';
import { findLeague, leaguePrices, type LeaguePrices, type LeagueRow } from '../leagues/access';
import { currentSignup, signupInvoice, type TeamRow } from '../teams/access';
import { assertNotOnTeam } from '../teams/players';
import { signTeamUp, teamPlacesTaken } from '../teams/signups';
import { cardOrder, type CardPayment, type OrderKind, type Reserved } from './cardOrder';
import { familyIds } from './family';
import { priceSeats } from './holdKinds';
import { holdPrice, holdPriceWire, invoiceMemberships, membershipsToBuy, membershipsTotal, undoMemberships, type BoughtMembership } from './holdPrice';
import type { ReceiptDeps } from './receipt';
import { divisionFull, offerTeamPlaces, takeTeamPlace } from './teamWaitlist';

// Teams from the portal (issue 44 §4). A captain registers a new team into a division open online: the
// team (captain: the holder), its sign-up (source 'online') and team invoice as staff make them
// (signTeamUp: the early bird inside its window, else the full fee; the facility's tax and fee), paid by
// card — the invoice's balance, or the product's deposit where the division enables deposits — all or
// nothing (cardOrder). Where the division requires a membership and the captain has none, one is bought
// with the team as a class's registration buys it (./holdPrice.ts): the facility's cheapest membership
// on the team's invoice (a deposit pays it in full), made with the team; refused only where the facility
// sells none; the division's page shows the captain that membership and the total first (teamPrice, the
// same figures). The team's invite link carries a random 256-bit secret (teams.invite_token) the captain
// replaces or revokes. A join locks the team, counts its roster against the division's
// max_players and refuses a locked roster; where the division's product has an individual (per-player)
// price the league splits its fee: a joining player pays that price (at most what the team's invoice has
// left to pay, less payments in flight) toward it, the payment marked with the player
// (payments.player_customer_id, as staff take a player's payment). A free agent is a row of free_agents.

export type TeamDeps = ReceiptDeps & { square: Square; publicUrl: string };

const inviteUrl = (publicUrl: string, token: string | null) => (token ? `${publicUrl}/my/join/${token}` : null);

/** Whether a division is open for registration online now (a season or tournament container is no division). */
const isOpen = (league: LeagueRow, now: number) => league.available_online && !league.force_close && !league.is_container && !league.is_e_league
  && league.end_date > now
  && (league.registration_start_date === null || league.registration_start_date <= now)
  && (league.registration_end_date === null || league.registration_end_date >= now);

export function assertOpen(league: LeagueRow, now: number) {
  if (!isOpen(league, now)) throw conflict(PORTAL_TEAM_MESSAGES.notOpen);
}

/** The division by ID, locked when asked; 404 when it is not offered online at all. */
export async function onlineLeague(tx: Db | Tx, id: number, lock = false): Promise<LeagueRow> {
  const query = tx.select().from(leagues).where(and(eq(leagues.ID, id), eq(leagues.available_online, true)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound('League');
  return row;
}

async function leagueRef(db: Db | Tx, league: LeagueRow) {
  const [facility] = await db.select({ ID: facilities.ID, name: facilities.name, time_zone: facilities.time_zone }).from(facilities).where(eq(facilities.ID, league.facility_id));
  return { ID: league.ID, name: league.name, start_date: league.start_date, end_date: league.end_date, facility };
}

const rosterSize = async (db: Db | Tx, teamId: number) =>
  Number((await db.select({ n: count() }).from(players).where(eq(players.team_id, teamId)))[0].n);

/** The team as its captain sees it, in the division it plays now or next; null when it plays none. */
async function teamWire(db: Db | Tx, publicUrl: string, team: TeamRow): Promise<PortalTeam | null> {
  const current = await currentSignup(db, team.ID);
  if (!current) return null;
  const invoice = await signupInvoice(db, current.signup.ID);
  return {
    ID: team.ID, name: team.name, league: await leagueRef(db, current.league), invoice_id: invoice?.ID ?? null,
    players: await rosterSize(db, team.ID), max_players: current.league.max_players, lock_roster: team.lock_roster,
    invite_url: inviteUrl(publicUrl, team.invite_token),
  };
}

/** GET /portal/teams: the teams the holder captains that play a division now or next. */
export async function captainTeams(db: Db, publicUrl: string, holder: PortalUser): Promise<PortalTeam[]> {
  const rows = await db.select().from(teams).where(eq(teams.captain_id, holder.customer_id)).orderBy(teams.ID);
  const out: PortalTeam[] = [];
  for (const team of rows) {
    const wire = await teamWire(db, publicUrl, team);
    if (wire) out.push(wire);
  }
  return out;
}

/** The fee a team registering now is charged (cents): the early bird inside its window, else the full fee; null when none is set. */
function feeOption(prices: LeaguePrices, league: LeagueRow, now: number) {
  const options = feeOptions(prices, league, now);
  const early = options.find((o) => o.kind === 'early_bird');
  if (early && (league.early_bird_start_date === null || league.early_bird_start_date <= now)) return early;
  return options.find((o) => o.kind === 'full') ?? null;
}

/**
 * A division's terms now from its prices, as its page (GET /portal/divisions/{id}) and the offerings show
 * them and a team's registration charges them (cents): the fee (the early bird inside its window, else the
 * full fee; null when none is set), the deposit where enabled, the individual price.
 */
export function divisionTerms(prices: LeaguePrices, league: LeagueRow, now: number) {
  return { fee: feeOption(prices, league, now), deposit: league.enable_deposit && prices.deposit > 0 ? prices.deposit : null, individual: prices.individual };
}

/**
 * A team registering now for `holderId` at `fee` (cents), priced as registerTeam invoices it: the fee with
 * the facility's tax and fee, and the membership the holder lacks where the division requires one.
 */
const teamPrice = async (db: Db | Tx, league: LeagueRow, holderId: number, fee: number, now: number) =>
  holdPrice(db, { facility_id: league.facility_id, require_membership: league.require_membership, sibling: null },
    { customer_id: holderId, participant_ids: [holderId] }, await priceSeats(db, league.facility_id, fee, 1), now);

/** What a team's card payment takes (cents): the invoice's balance, or the deposit and the memberships bought with the team in full. */
const amountDue = (deposit: number | null, bought: BoughtMembership[], balance: number) =>
  (deposit === null ? balance : Math.min(deposit + membershipsTotal(bought), balance));

/** GET /portal/divisions/{id}: full or not for the holder (a place offered to them is theirs), and what their team's registration charges. */
export async function divisionView(db: Db, holder: PortalUser, id: number): Promise<PortalDivision> {
  const league = await onlineLeague(db, id);
  const now = nowSeconds();
  const { fee, deposit, individual } = divisionTerms(await leaguePrices(db, league), league, now);
  const price = fee && league.enable_team ? await teamPrice(db, league, holder.customer_id, fee.price, now) : null;
  return {
    league: await leagueRef(db, league), open: isOpen(league, now), enable_team: league.enable_team, enable_individual: league.enable_individual,
    fee: fee ? toDollars(fee.price) : null, early_bird: fee?.kind === 'early_bird',
    deposit: deposit === null ? null : toDollars(deposit), max_players: league.max_players,
    individual_price: individual > 0 ? toDollars(individual) : null,
    waitlist_open: league.enable_team && (await teamPlacesTaken(db, league, holder.customer_id)).taken >= league.max_teams,
    membership: price ? holdPriceWire(price).memberships?.[0] ?? null : null,
    total: price ? toDollars(price.total) : null,
    deposit_due: price && deposit !== null ? toDollars(amountDue(deposit, price.memberships, price.total)) : null,
  };
}

/** POST /portal/teams. */
export async function registerTeam(deps: TeamDeps, holder: PortalUser, body: { league_id: number; name: string; payment: 'full' | 'deposit'; idempotency_key: string; source_id: string }): Promise<PortalTeamCreated> {
  const { publicUrl } = deps;
  const hash = requestHash({ team: body.league_id, name: body.name, payment: body.payment, source_id: body.source_id });
  return cardOrder(deps, holder, { key: body.idempotency_key, hash, sourceId: body.source_id, note: `Team ${body.name}` }, teamOrder(publicUrl),
    async (tx) => {
      const league = await onlineLeague(tx, body.league_id, true);
      const now = nowSeconds();
      assertOpen(league, now);
      if (!league.enable_team) throw conflict(PORTAL_TEAM_MESSAGES.noTeams);
      const { fee, deposit } = divisionTerms(await leaguePrices(tx, league), league, now);
      if (!fee) throw conflict(PORTAL_TEAM_MESSAGES.noFee);
      const payDeposit = body.payment === 'deposit';
      if (payDeposit && deposit === null) throw badRequest(PORTAL_TEAM_MESSAGES.noDeposit);
      // Full (a place offered to this captain is theirs): 409 with the division's waitlist.
      if ((await teamPlacesTaken(tx, league, holder.customer_id)).taken >= league.max_teams) throw await divisionFull(tx, league);
      const membership = await membershipsToBuy(tx, league.facility_id, league.require_membership, [holder.customer_id], now);
      if (membership.missing) throw conflict(OFFERING_MESSAGES.membership);
      const [team] = await tx.insert(teams).values({
        name: body.name, facility_id: league.facility_id, age_group_id: league.age_group_id, captain_id: holder.customer_id, invite_token: newToken(),
      }).returning();
      await recordChange(tx, { object: 'team', object_id: team.ID, action: 'create_online', user_id: null, new_value: team });
      const { signup, invoice } = await signTeamUp(tx, null, league, team, fee.price);
      const membership_ids = await invoiceMemberships(tx, invoice, membership.bought, holder.customer_id);
      if (membership_ids.length) await recordInvoiceChange(tx, null, invoice, 'update');
      const balance = balanceOf(await invoiceFigures(tx, invoice.ID));
      // A deposit pays the membership bought with the team in full: it is made now.
      const amount = amountDue(payDeposit ? deposit : null, membership.bought, balance);
      return { invoice_id: invoice.ID, amount, reserved: { team_id: team.ID, signup_id: signup.ID, membership_ids } };
    });
}

/** A team order once reserved (the request's and the job's of ./pendingCharge.ts). */
const teamOrder = (publicUrl: string): OrderKind<PortalTeamCreated> => ({
  kind: 'team',
  async undo(tx, reserved) {
    const [signup] = await tx.select().from(teamSignups).where(eq(teamSignups.ID, reserved.signup_id!));
    // The division first (the order every writer of its sign-ups takes): its freed place goes to its waitlist.
    const [league] = signup ? await tx.select().from(leagues).where(eq(leagues.ID, signup.league_id)).for('update') : [];
    const invoice = signup ? await signupInvoice(tx, signup.ID) : null;
    await undoMemberships(tx, reserved.membership_ids);
    if (invoice) {
      await tx.delete(invoiceItems).where(eq(invoiceItems.invoice_id, invoice.ID));
      await tx.delete(invoices).where(eq(invoices.ID, invoice.ID));
    }
    await tx.delete(teamSignups).where(eq(teamSignups.ID, reserved.signup_id!));
    await tx.delete(players).where(eq(players.team_id, reserved.team_id!));
    await tx.delete(teams).where(eq(teams.ID, reserved.team_id!));
    if (league) await offerTeamPlaces(tx, league, publicUrl);
  },
  async answer(tx, reserved, payment) {
    // Registered: the captain's entry on the division's waitlist (its offer) is done with.
    await takeTeamPlace(tx, reserved.signup_id!);
    const [team] = await tx.select().from(teams).where(eq(teams.ID, reserved.team_id!));
    const invoice = await signupInvoice(tx, reserved.signup_id!);
    const [line] = await tx.select({ price: invoiceItems.price }).from(invoiceItems).where(eq(invoiceItems.team_signup_id, reserved.signup_id!)).limit(1);
    return { team: (await teamWire(tx, publicUrl, team))!, signup_id: reserved.signup_id!, invoice_id: invoice!.ID, fee: toDollars(line.price), payment };
  },
});

/** The team the holder captains, locked; 404 for anyone else's. */
async function captainsTeam(tx: Tx, holder: PortalUser, id: number) {
  const [team] = await tx.select().from(teams).where(and(eq(teams.ID, id), eq(teams.captain_id, holder.customer_id))).for('update');
  if (!team) throw notFound('Team');
  return team;
}

/** POST (a new link, the old one dead) or DELETE (no link) /portal/teams/{id}/invite. */
export async function setInvite(db: Db, publicUrl: string, holder: PortalUser, id: number, renew: boolean) {
  return db.transaction(async (tx) => {
    const team = await captainsTeam(tx, holder, id);
    const [updated] = await tx.update(teams).set({ invite_token: renew ? newToken() : null }).where(eq(teams.ID, team.ID)).returning();
    await recordChange(tx, { object: 'team', object_id: team.ID, action: renew ? 'invite_link' : 'invite_revoked', user_id: null, new_value: { ID: team.ID } });
    return { invite_url: inviteUrl(publicUrl, updated.invite_token) };
  });
}

/** The team of an invite link (locked when asked) and the division it plays now or next; 404 for a dead link. */
async function invitedTeam(db: Db | Tx, token: string, lock = false) {
  const query = db.select().from(teams).where(eq(teams.invite_token, token));
  const [team] = await (lock ? query.for('update') : query);
  const current = team ? await currentSignup(db, team.ID) : null;
  if (!team || !current) throw notFound('Invite link');
  return { team, league: current.league, signup: current.signup };
}

/** What a player joining now pays (cents): the individual price, at most the invoice's balance less payments in flight. */
async function shareDue(db: Db | Tx, league: LeagueRow, signupId: number) {
  const { individual } = await leaguePrices(db, league);
  const invoice = await signupInvoice(db, signupId);
  if (individual <= 0 || !invoice) return { share: 0, invoice };
  const now = nowSeconds();
  const [orders] = await db.select({ sum: sql<string>`coalesce(sum(${portalOrders.amount}), 0)` }).from(portalOrders)
    .where(and(eq(portalOrders.invoice_id, invoice.ID), eq(portalOrders.status, 'pending')));
  const [paying] = await db.select({ sum: sql<string>`coalesce(sum(${portalPayments.amount}), 0)` }).from(portalPayments)
    .where(and(eq(portalPayments.invoice_id, invoice.ID), eq(portalPayments.status, 'pending'), sql`${portalPayments.CreatedAt} > ${now - 600}`));
  const left = balanceOf(await invoiceFigures(db, invoice.ID)) - Number(orders.sum) - Number(paying.sum);
  return { share: Math.max(0, Math.min(individual, left)), invoice };
}

/** GET /portal/join/{token}. */
export async function joinView(db: Db, token: string): Promise<PortalJoinView> {
  const { team, league, signup } = await invitedTeam(db, token);
  const [captain] = team.captain_id
    ? await db.select({ first_name: customers.first_name, last_name: customers.last_name }).from(customers).where(eq(customers.ID, team.captain_id))
    : [];
  const size = await rosterSize(db, team.ID);
  const full = league.max_players !== null && size >= league.max_players;
  return {
    team: { ID: team.ID, name: team.name }, league: await leagueRef(db, league), captain: captain ?? null, players: size, max_players: league.max_players,
    lock_roster: team.lock_roster, open: !team.lock_roster && !full, share: toDollars((await shareDue(db, league, signup.ID)).share),
  };
}

/** POST /portal/join/{token}. */
export async function joinTeam(deps: TeamDeps, holder: PortalUser, token: string, body: { participant_id: number; idempotency_key?: string; source_id?: string }): Promise<PortalJoined> {
  // Without a key (nothing to pay) each request is its own attempt.
  const key = body.idempotency_key ?? newToken();
  const hash = requestHash({ join: token, participant: body.participant_id, source_id: body.source_id ?? null });
  return cardOrder(deps, holder, { key, hash, sourceId: body.source_id, note: 'Player share of the team fee' }, joinOrder,
    async (tx) => {
      if (!(await familyIds(tx, holder)).includes(body.participant_id)) throw notFound('Family member');
      const { team, league, signup } = await invitedTeam(tx, token, true);
      if (team.lock_roster) throw conflict(PORTAL_TEAM_MESSAGES.rosterLocked);
      if (league.max_players !== null && await rosterSize(tx, team.ID) >= league.max_players) throw conflict(PORTAL_TEAM_MESSAGES.rosterFull);
      await assertNotOnTeam(tx, team.ID, body.participant_id);
      // The team's invoice locked before its balance is read: a payment from the portal queues behind.
      await signupInvoice(tx, signup.ID, { lock: true });
      const { share, invoice } = await shareDue(tx, league, signup.ID);
      const [player] = await tx.insert(players).values({ team_id: team.ID, customer_id: body.participant_id, registration_date: nowSeconds(), source: 'online' }).returning();
      await recordChange(tx, { object: 'player', object_id: player.ID, action: 'create_online', user_id: null, new_value: player });
      return { invoice_id: invoice?.ID ?? null, amount: share, reserved: { team_id: team.ID, player_id: player.ID, player_customer_id: body.participant_id } };
    });
}

/** A join once reserved (the request's and the job's of ./pendingCharge.ts). */
const joinOrder: OrderKind<PortalJoined> = {
  kind: 'join',
  async undo(tx, reserved) {
    await tx.delete(players).where(eq(players.ID, reserved.player_id!));
  },
  async paid(tx, reserved, paymentId) {
    await tx.update(payments).set({ player_customer_id: reserved.player_customer_id! }).where(eq(payments.ID, paymentId));
  },
  async answer(_tx, reserved: Reserved, payment: CardPayment | null) {
    return { player_id: reserved.player_id!, team_id: reserved.team_id!, customer_id: reserved.player_customer_id!, payment };
  },
};

/** Each portal order kind's steps, for the job that settles an order whose request died. */
export const orderKinds = (publicUrl: string) => ({ team: teamOrder(publicUrl), join: joinOrder });

const freeAgentWire = (row: typeof freeAgents.$inferSelect): PortalFreeAgent => ({
  ID: row.ID, league_id: row.league_id, customer_id: row.customer_id, source: row.source, CreatedAt: row.CreatedAt,
});

/** POST /portal/free-agents. */
export async function registerFreeAgent(db: Db, holder: PortalUser, body: { league_id: number; participant_id: number }): Promise<PortalFreeAgent> {
  return db.transaction(async (tx) => {
    if (!(await familyIds(tx, holder)).includes(body.participant_id)) throw notFound('Family member');
    const league = await onlineLeague(tx, body.league_id);
    assertOpen(league, nowSeconds());
    if (!league.enable_individual) throw conflict(PORTAL_TEAM_MESSAGES.noIndividual);
    // A priced individual registration is bought through a hold and its checkout (./individualHolds.ts).
    if ((await leaguePrices(tx, league)).individual > 0) throw conflict(PORTAL_TEAM_MESSAGES.individualPaid);
    return freeAgentWire(await addFreeAgent(tx, holder, league, body.participant_id));
  });
}

/** Registers a family member individually for a division (which takes individual registrations); 409 when already registered. */
export async function addFreeAgent(tx: Tx, holder: PortalUser, league: LeagueRow, customerId: number) {
  const [row] = await tx.insert(freeAgents).values({ league_id: league.ID, customer_id: customerId, registered_by: holder.customer_id, source: 'online' })
    .onConflictDoNothing().returning();
  if (!row) throw conflict(PORTAL_TEAM_MESSAGES.alreadyFreeAgent);
  await recordChange(tx, { object: 'free_agent', object_id: row.ID, action: 'create_online', user_id: null, new_value: row });
  return row;
}

/** GET /league/{id}/free_agents (staff: the league's facility's). */
export async function leagueFreeAgents(db: Db, user: SessionUser, id: number): Promise<LeagueFreeAgent[]> {
  const league = await findLeague(db, user, id);
  const rows = await db.select({ agent: freeAgents, customer: { ID: customers.ID, first_name: customers.first_name, last_name: customers.last_name, email: customers.email, birthdate: customers.birthdate } })
    .from(freeAgents).innerJoin(customers, eq(customers.ID, freeAgents.customer_id))
    .where(eq(freeAgents.league_id, league.ID)).orderBy(freeAgents.ID);
  return rows.map(({ agent, customer }) => ({ ...freeAgentWire(agent), customer, team_id: agent.team_id }));
}
