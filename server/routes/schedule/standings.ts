import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { leagueStandings, type StandingsWireRow } from '../../../core/api/schedule';
import { standings } from '../../../core/schedule/standings';
import type { Db, Tx } from '../../db/client';
import { matches } from '../../db/schema';
import { serve } from '../../http/endpoint';
import type { LeagueRow } from '../leagues/access';
import { leagueTeams, scheduledLeague } from './access';

// GET /league/standings?league_id[&group]: the table of core/schedule/standings.ts from the league's
// games — rows in rank order (a tournament's group by group, or one group), each naming its team.

export async function standingsOf(db: Db | Tx, league: LeagueRow, group?: number): Promise<StandingsWireRow[]> {
  const teams = await leagueTeams(db, league);
  const played = await db
    .select({
      home_team_id: matches.home_team_id, away_team_id: matches.away_team_id, home_score: matches.home_score, away_score: matches.away_score,
      match_type: matches.match_type, is_bye: matches.is_bye, no_show: matches.no_show,
    })
    .from(matches)
    .where(eq(matches.league_id, league.ID));
  return standings(teams, played)
    .filter((row) => group === undefined || row.group === group)
    .map((row) => ({ id: row.team_id, ...row }));
}

export async function standingsRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  serve(app, leagueStandings, async ({ user, query: { league_id, group } }) => standingsOf(db, await scheduledLeague(db, user, league_id), group));
}
