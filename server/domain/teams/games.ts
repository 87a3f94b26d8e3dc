import { aliasedTable, and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { TeamMatch, TeamStandings } from '../../../core/api/teams';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { events, fields, leagues, matches, teamSignups, teams } from '../../db/schema';
import type { LeagueRow } from '../leagues/access';
import { standingsOf } from '../schedule/standings';

// A team's games and standings across every league and tournament it plays in (spec 3 §2.14; issue 41
// item 2): the staff team page (GET /team/{id}) and the public team page with its calendar feed read
// them alike, so a team in a league and a cup shows both.

const home = aliasedTable(teams, 'home_team');
const away = aliasedTable(teams, 'away_team');

// Prepared statements (server/db/prepared.ts): planning the games' join took fifteen times as long as running it.
const leaguesStatement = perDatabase((db) => db.select({ league: leagues }).from(teamSignups).innerJoin(leagues, eq(leagues.ID, teamSignups.league_id))
  .where(and(eq(teamSignups.team_id, sql.placeholder('id')), eq(leagues.is_container, false)))
  .orderBy(desc(leagues.start_date), desc(leagues.ID)).prepare('team_leagues'));

/** The leagues and tournament divisions the team is signed up to (not seasons: their divisions hold the games), the latest first. */
export async function teamLeagues(db: Db, teamId: number): Promise<LeagueRow[]> {
  const rows = await leaguesStatement(db).execute({ id: teamId });
  return rows.map((row) => row.league);
}

const gamesStatement = perDatabase((db) => db.select({
  match: matches, league: { ID: leagues.ID, name: leagues.name, is_tournament: leagues.is_tournament },
  home_team: home.name, away_team: away.name, field: fields.name, event_id: events.ID,
}).from(matches)
  .innerJoin(leagues, eq(leagues.ID, matches.league_id))
  .leftJoin(home, eq(home.ID, matches.home_team_id))
  .leftJoin(away, eq(away.ID, matches.away_team_id))
  .leftJoin(events, eq(events.match_id, matches.ID))
  .leftJoin(fields, eq(fields.ID, matches.field_id))
  .where(or(eq(matches.home_team_id, sql.placeholder('id')), eq(matches.away_team_id, sql.placeholder('id'))))
  .orderBy(asc(matches.date), asc(matches.level), asc(matches.index), asc(matches.ID))
  .prepare('team_games'));

/** Every game of the team, in any league, by kick-off, with its league, teams, field and booking. */
export async function teamGames(db: Db, teamId: number): Promise<TeamMatch[]> {
  const rows = await gamesStatement(db).execute({ id: teamId });
  return rows.map(({ match, league, home_team, away_team, field, event_id }) => ({
    ID: match.ID, league, event_id, week: match.week, round: match.round, group: match.group, date: match.date, duration: match.duration, field,
    match_type: match.match_type as TeamMatch['match_type'], level: match.level, is_bye: match.is_bye,
    home_team_id: match.home_team_id, away_team_id: match.away_team_id, home_team, away_team,
    home_score: match.home_score, away_score: match.away_score, no_show: match.no_show as TeamMatch['no_show'],
  }));
}

/** Each league's standings, in the order given. */
export async function leaguesStandings(db: Db, list: LeagueRow[]): Promise<TeamStandings[]> {
  const tables: TeamStandings[] = [];
  for (const league of list) {
    tables.push({ league: { ID: league.ID, name: league.name, is_tournament: league.is_tournament }, rows: await standingsOf(db, league) });
  }
  return tables;
}
