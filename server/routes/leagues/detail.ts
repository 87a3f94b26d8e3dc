import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { LeagueDetail, LeagueDivision, LeagueTeam } from '../../../core/api/leagues';
import { toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import { feeOptions } from '../../../core/validation/leagues';
import type { SessionUser } from '../../auth/session';
import type { Db, Tx } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { customers, invoiceItems, invoices, leagues, players, teamSignups, teams } from '../../db/schema';
import { notFound } from '../../http/errors';
import { findLeague, leaguePrices, teamsCount } from '../../domain/leagues/access';
import { leagueRow } from './list';

// GET /league/{id} and /tournament/{id}: the league page in one call — its list row (facility, age
// group, count, price, money), the season or tournament above it, its teams with their invoices in
// their order, its divisions, and the fees a team may sign up at now.

const signupInvoice = sql<number | null>`(select min(${invoiceItems.invoice_id}) from ${invoiceItems} where ${invoiceItems.team_signup_id} = ${teamSignups.ID})`;
const teamsStatement = perDatabase((db) => db.select({
  signup: teamSignups,
  team: { ID: teams.ID, name: teams.name, color: teams.color },
  captain: { ID: customers.ID, first_name: customers.first_name, last_name: customers.last_name, email: customers.email },
  players_count: sql<number>`(select count(*)::int from ${players} where ${players.team_id} = ${teams.ID})`,
  bill: { ID: invoices.ID, invoiced: invoices.invoiced, discounted: invoices.discounted, paid: invoices.paid },
}).from(teamSignups)
  .innerJoin(teams, eq(teams.ID, teamSignups.team_id))
  .leftJoin(customers, eq(customers.ID, teams.captain_id))
  .leftJoin(invoices, eq(invoices.ID, signupInvoice))
  .where(eq(teamSignups.league_id, sql.placeholder('id')))
  .orderBy(asc(teamSignups.order), asc(teamSignups.ID))
  .prepare('league_teams'));

/**
 * A league's sign-ups in their order, each with its team, captain, roster size and invoice, in one
 * prepared statement (planning it took five times as long as running it).
 */
export async function leagueTeams(db: Db | Tx, leagueId: number): Promise<LeagueTeam[]> {
  const rows = await teamsStatement(db).execute({ id: leagueId });
  return rows.map(({ signup, team, captain, players_count, bill }) => ({
    ID: signup.ID, order: signup.order, group: signup.group, CreatedAt: signup.CreatedAt, source: signup.source,
    team: { ...team, players_count, captain: captain?.ID ? captain : null },
    invoice: bill ? {
      ID: bill.ID, invoiced: toDollars(bill.invoiced), discounted: toDollars(bill.discounted), paid: toDollars(bill.paid),
      balance: toDollars(bill.invoiced - bill.discounted - bill.paid),
    } : null,
  }));
}

const divisionsStatement = perDatabase((db) => db.select({
  ID: leagues.ID, name: leagues.name, parent_league_id: leagues.parent_league_id, tournament_id: leagues.tournament_id,
  rollover_from: leagues.rollover_from, rollover_date: leagues.rollover_date, is_tournament: leagues.is_tournament,
  teams_count: teamsCount(sql`${leagues.ID}`),
}).from(leagues).where(or(eq(leagues.parent_league_id, sql.placeholder('id')), eq(leagues.tournament_id, sql.placeholder('id'))))
  .orderBy(asc(leagues.name), asc(leagues.ID)).prepare('league_divisions'));

async function divisionsOf(db: Db, leagueId: number): Promise<{ divisions: LeagueDivision[]; leagues: LeagueDivision[] }> {
  const rows = await divisionsStatement(db).execute({ id: leagueId });
  const wire = ({ parent_league_id: _p, tournament_id: _t, ...row }: (typeof rows)[number]): LeagueDivision => row;
  return {
    divisions: rows.filter((r) => r.parent_league_id === leagueId).map(wire),
    leagues: rows.filter((r) => r.tournament_id === leagueId).map(wire),
  };
}

export async function readLeagueDetail(db: Db, user: SessionUser, id: number, kind: 'league' | 'tournament'): Promise<LeagueDetail> {
  const league = await findLeague(db, user, id);
  // A tournament is read as one (spec 3 §2.6): /tournament/{id} of a league is not found, and back.
  if ((kind === 'tournament') !== league.is_tournament) throw notFound(kind === 'tournament' ? 'Tournament' : 'League');
  const [row, teamRows, lists, prices, above] = await Promise.all([
    leagueRow(db, id),
    leagueTeams(db, id),
    divisionsOf(db, id),
    leaguePrices(db, league),
    // Most leagues have neither a season nor a tournament above them: no query for those.
    league.parent_league_id || league.tournament_id
      ? db.select({ ID: leagues.ID, name: leagues.name }).from(leagues).where(inArray(leagues.ID, [league.parent_league_id ?? 0, league.tournament_id ?? 0]))
      : [],
  ]);
  if (!row) throw notFound('League');
  const fees = feeOptions(prices, league, nowSeconds()).map((f) => ({ kind: f.kind, price: toDollars(f.price), discount: toDollars(f.discount) }));
  return {
    ...row,
    parent_league: above.find((l) => l.ID === league.parent_league_id) ?? null,
    tournament: above.find((l) => l.ID === league.tournament_id) ?? null,
    teams: teamRows,
    ...lists,
    fees,
    expected: row.invoiced,
  };
}
