import type { FastifyInstance } from 'fastify';
import { ematchRoutes } from './matches';
import { eplayerRoutes } from './players';

// E-sports leagues (issue 27 items 3–5): e-players (players.ts) and e-matches with the day's actions (matches.ts).

export async function eleagueRoutes(app: FastifyInstance) {
  await eplayerRoutes(app);
  await ematchRoutes(app);
}
