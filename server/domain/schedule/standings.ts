import { sql } from 'drizzle-orm';
import type { StandingsWireRow } from '../../../core/api/schedule';
import { standings, type ResultMatch } from '../../../core/schedule/standings';
import type { Db, Tx } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { matches, teamSignups, teams } from '../../db/schema';
import type { LeagueRow } from '../leagues/access';
import { withGroups, type LeagueTeamRow } from './access';

// A league's standings (GET /league/standings, the play-offs' seeds): the table of
// core/schedule/standings.ts from the league's games — rows in rank order (a tournament's group by
// group, or one group), each naming its team.

type GameTuple = [ResultMatch['home_team_id'], ResultMatch['away_team_id'], ResultMatch['home_score'], ResultMatch['away_score'], string, boolean, ResultMatch['no_show']];

type TeamTuple = [LeagueTeamRow['team_id'], LeagueTeamRow['name'], LeagueTeamRow['group']];

/**
 * The league's teams (its order) and games in one prepared statement, each as one JSON text of arrays
 * PostgreSQL builds: a season of 870 games read as rows cost more in parsing and mapping than the ranking
 * itself, arrays build in half the time of objects, and each statement is a round trip (bench
 * schedule.standings).
 */
const standingsStatement = perDatabase((db) => db.select({
  // Each nested in a second sql, which keeps the columns' table names (see pickupGames.ts takenOfGame).
  teams: sql<string>`${sql`(select coalesce(json_agg(json_build_array(${teams.ID}, ${teams.name}, ${teamSignups.group}) order by ${teamSignups.order}, ${teamSignups.ID}), '[]')::text
    from ${teamSignups} join ${teams} on ${teams.ID} = ${teamSignups.team_id} where ${teamSignups.league_id} = ${sql.placeholder('league')})`}`,
  games: sql<string>`${sql`(select coalesce(json_agg(json_build_array(${matches.home_team_id}, ${matches.away_team_id}, ${matches.home_score}, ${matches.away_score},
    ${matches.match_type}, ${matches.is_bye}, ${matches.no_show})), '[]')::text from ${matches} where ${matches.league_id} = ${sql.placeholder('league')})`}`,
}).from(sql`(select 1) as one`).prepare('league_standings'));

async function teamsAndGames(db: Db | Tx, league: LeagueRow): Promise<{ teams: LeagueTeamRow[]; games: ResultMatch[] }> {
  const [row] = await standingsStatement(db).execute({ league: league.ID });
  const teamRows = (JSON.parse(row.teams) as TeamTuple[]).map(([team_id, name, group]) => ({ team_id, name, group }));
  const games = (JSON.parse(row.games) as GameTuple[]).map(([home_team_id, away_team_id, home_score, away_score, match_type, is_bye, no_show]) => ({
    home_team_id, away_team_id, home_score, away_score, match_type, is_bye, no_show,
  }));
  return { teams: withGroups(league, teamRows), games };
}

export async function standingsOf(db: Db | Tx, league: LeagueRow, group?: number): Promise<StandingsWireRow[]> {
  const { teams: signedUp, games } = await teamsAndGames(db, league);
  return standings(signedUp, games)
    .filter((row) => group === undefined || row.group === group)
    .map((row) => ({ id: row.team_id, ...row }));
}
