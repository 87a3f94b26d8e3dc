import { aliasedTable, and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MatchRecord } from '../../../core/api/schedule';
import { PRODUCT_TYPE } from '../../../core/constants';
import { BYE } from '../../../core/schedule/builder';
import { TO_BE_DECIDED } from '../../../core/schedule/playoffs';
import { tournamentGroups } from '../../../core/schedule/groups';
import type { SessionUser } from '../../auth/session';
import type { Db, Tx } from '../../db/client';
import { events, fields, gls, matches, products, teamSignups, teams } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { recordChanges } from '../../services/changelog';
import { findLeague, type LeagueRow } from '../leagues/access';
import { outsideDates, SCHEDULE_MESSAGES } from '../../../core/validation/schedule';
import { formatDate } from '../../../core/time';

// What the schedule's routes share: the league a request works on (a schedule is built for a league
// or a tournament division, never for a season), its teams, the product type its bookings take, the
// matches as the wire gives them, and the audit of every change to a match.

export type MatchRow = typeof matches.$inferSelect;

/** The league `id` (404 for another facility's), refused when it is a container: its divisions hold the games. */
export async function scheduledLeague(db: Db | Tx, user: SessionUser, id: number, options: { lock?: boolean } = {}): Promise<LeagueRow> {
  const league = await findLeague(db, user, id, options);
  if (league.is_container) throw badRequest(SCHEDULE_MESSAGES.notALeague);
  return league;
}

export interface LeagueTeamRow { team_id: number; name: string; group: number | null }

/**
 * The league's teams in its order, each with its group: the sign-up's group when set, else (for a
 * tournament division) the pool-play split of spec 3 §5 — more than 5 teams, the second half is group 2.
 */
export async function leagueTeams(db: Db | Tx, league: LeagueRow): Promise<LeagueTeamRow[]> {
  const rows = await db
    .select({ team_id: teams.ID, name: teams.name, group: teamSignups.group })
    .from(teamSignups)
    .innerJoin(teams, eq(teams.ID, teamSignups.team_id))
    .where(eq(teamSignups.league_id, league.ID))
    .orderBy(asc(teamSignups.order), asc(teamSignups.ID));
  return withGroups(league, rows);
}

/** The league's sign-ups (in its order) with their groups: a tournament division's split where the sign-up sets none. */
export function withGroups(league: LeagueRow, rows: LeagueTeamRow[]): LeagueTeamRow[] {
  if (!league.is_tournament) return rows.map((row) => ({ ...row, group: null }));
  const split = tournamentGroups(rows.length);
  return rows.map((row, i) => ({ ...row, group: row.group ?? split[i] }));
}

/** Refuses teams that are not the league's (400). */
export function checkTeams(known: readonly LeagueTeamRow[], ids: readonly number[]): void {
  const inLeague = new Set(known.map((t) => t.team_id));
  if (ids.some((id) => !inLeague.has(id))) throw badRequest(SCHEDULE_MESSAGES.teamNotInLeague);
}

/** Refuses dates (kick-offs, a schedule's start) outside the league's start and end dates (400), naming the dates. */
export function refuseOutsideDates(league: LeagueRow, dates: readonly number[], zone: string): void {
  if (dates.every((date) => date >= league.start_date && date <= league.end_date)) return;
  throw badRequest(outsideDates(formatDate(league.start_date, zone), formatDate(league.end_date, zone)));
}

/** Refuses fields that are not of the league's facility (400). */
export async function checkFields(db: Db | Tx, league: LeagueRow, ids: readonly number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return;
  const found = await db.select({ ID: fields.ID }).from(fields).where(and(inArray(fields.ID, wanted), eq(fields.facility_id, league.facility_id)));
  if (found.length !== wanted.length) throw badRequest(SCHEDULE_MESSAGES.fieldOfOtherFacility);
}

/** The product type a league's matches are booked as: its product's (through its GL), else the age group's league or tournament type. */
export async function matchProductType(db: Db | Tx, league: LeagueRow): Promise<number> {
  if (league.new_product_id) {
    const [row] = await db.select({ type: gls.product_type_id }).from(products).innerJoin(gls, eq(gls.ID, products.gl_id)).where(eq(products.ID, league.new_product_id));
    if (row) return row.type;
  }
  const youth = league.age_group_id === 2;
  if (league.is_tournament) return youth ? PRODUCT_TYPE.YOUTH_TOURNAMENT : PRODUCT_TYPE.ADULT_TOURNAMENT;
  return youth ? PRODUCT_TYPE.YOUTH_LEAGUE : PRODUCT_TYPE.ADULT_LEAGUE;
}

const home = aliasedTable(teams, 'home_team');
const away = aliasedTable(teams, 'away_team');

/** Matches as the wire gives them (byes' other side -1, unknown sides 0), with team names and bookings, by date then level and index. */
export async function matchRecords(db: Db | Tx, where: SQL): Promise<MatchRecord[]> {
  const rows = await db
    .select({
      match: matches, home_team: home.name, away_team: away.name,
      event: { ID: events.ID, field_id: events.field_id, start_date: events.start_date, end_date: events.end_date, field_number: fields.number, field_name: fields.name },
    })
    .from(matches)
    .leftJoin(home, eq(home.ID, matches.home_team_id))
    .leftJoin(away, eq(away.ID, matches.away_team_id))
    .leftJoin(events, eq(events.match_id, matches.ID))
    .leftJoin(fields, eq(fields.ID, events.field_id))
    .where(where)
    .orderBy(asc(matches.date), sql`${matches.level} desc`, asc(matches.index), asc(matches.ID));
  return rows.map(({ match, home_team, away_team, event }) => matchWire(match, home_team, away_team, event?.ID ? event as MatchRecord['event'] : null));
}

export function matchWire(row: MatchRow, homeName: string | null, awayName: string | null, event: MatchRecord['event']): MatchRecord {
  const { CreatedAt: _c, UpdatedAt: _u, token: _t, ...rest } = row;
  return {
    ...rest,
    match_type: row.match_type as MatchRecord['match_type'],
    home_team_id: row.home_team_id ?? TO_BE_DECIDED,
    away_team_id: row.away_team_id ?? (row.is_bye ? BYE : TO_BE_DECIDED),
    home_team: homeName, away_team: awayName, event,
  };
}

/** One match by ID within the user's reach (404 otherwise), with its league. */
export async function findMatch(db: Db | Tx, user: SessionUser, id: number, options: { lock?: boolean } = {}): Promise<{ match: MatchRow; league: LeagueRow }> {
  const query = db.select().from(matches).where(eq(matches.ID, id));
  const [match] = await (options.lock ? query.for('update') : query);
  if (!match) throw notFound('Match');
  const league = await findLeague(db, user, match.league_id).catch(() => { throw notFound('Match'); });
  return { match, league };
}

/** Matches are audited: one changelog row each (GET /changelog?object=match&id=). */
export async function auditMatches(tx: Tx, user: SessionUser | null, rows: MatchRow[], action: string, extra: Record<string, unknown> = {}): Promise<void> {
  await recordChanges(tx, rows.map((row) => ({ object: 'match', object_id: row.ID, action, user_id: user?.ID ?? null, new_value: { ...row, ...extra } })));
}
