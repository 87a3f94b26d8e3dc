import type { FastifyInstance } from 'fastify';
import { buildRoutes } from './build';
import { standingsRoutes } from './leagueStandings';
import { matchRoutes } from './matches';
import { playoffRoutes } from './playoffs';

// Matches, schedules, play-offs and standings (spec 3 §7; issue 25), one module per concern. Live
// scores come from the scoreboards (domain/schedule/live.ts, wired in routes/scoreboards.ts).

export async function scheduleRoutes(app: FastifyInstance) {
  await app.register(buildRoutes);
  await app.register(matchRoutes);
  await app.register(standingsRoutes);
  await app.register(playoffRoutes);
}
