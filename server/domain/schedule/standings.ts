import { eq, sql } from 'drizzle-orm';
import type { StandingsWireRow } from '../../../core/api/schedule';
import { standings, type ResultMatch } from '../../../core/schedule/standings';
import type { Db, Tx } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { matches } from '../../db/schema';
import type { LeagueRow } from '../leagues/access';
import { leagueTeams } from './access';

// A league's standings (GET /league/standings, the play-offs' seeds): the table of
// core/schedule/standings.ts from the league's games — rows in rank order (a tournament's group by
// group, or one group), each naming its team.

type GameTuple = [ResultMatch['home_team_id'], ResultMatch['away_team_id'], ResultMatch['home_score'], ResultMatch['away_score'], string, boolean, ResultMatch['no_show']];

/**
 * The league's games as one JSON text of arrays PostgreSQL builds: a season of 870 games read as rows
 * cost more in parsing and mapping than the ranking itself, and arrays build in half the time of
 * objects (bench schedule.standings). A prepared statement: built and planned once per connection.
 */
const gamesStatement = perDatabase((db) => db.select({
  games: sql<string>`coalesce(json_agg(json_build_array(${matches.home_team_id}, ${matches.away_team_id}, ${matches.home_score}, ${matches.away_score},
    ${matches.match_type}, ${matches.is_bye}, ${matches.no_show})), '[]')::text`,
}).from(matches).where(eq(matches.league_id, sql.placeholder('league'))).prepare('league_games'));

async function leagueGames(db: Db | Tx, leagueId: number): Promise<ResultMatch[]> {
  const [{ games }] = await gamesStatement(db).execute({ league: leagueId });
  return (JSON.parse(games) as GameTuple[]).map(([home_team_id, away_team_id, home_score, away_score, match_type, is_bye, no_show]) => ({
    home_team_id, away_team_id, home_score, away_score, match_type, is_bye, no_show,
  }));
}

export async function standingsOf(db: Db | Tx, league: LeagueRow, group?: number): Promise<StandingsWireRow[]> {
  // One after the other: `db` may be a transaction, whose one connection takes one query at a time.
  const teams = await leagueTeams(db, league);
  const games = await leagueGames(db, league.ID);
  return standings(teams, games)
    .filter((row) => group === undefined || row.group === group)
    .map((row) => ({ id: row.team_id, ...row }));
}
