import type { FastifyInstance } from 'fastify';
import { leagueStandings } from '../../../core/api/schedule';
import { serve } from '../../http/endpoint';
import { scheduledLeague } from '../../domain/schedule/access';
import { standingsOf } from '../../domain/schedule/standings';

// GET /league/standings?league_id[&group]: the league's table (domain/schedule/standings.ts).

export async function standingsRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  serve(app, leagueStandings, async ({ user, query: { league_id, group } }) => standingsOf(db, await scheduledLeague(db, user, league_id), group));
}
