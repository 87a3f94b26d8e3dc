import type { FastifyInstance } from 'fastify';
import { leagueListRoutes } from './list';
import { rolloverRoutes } from './rollover';
import { leagueWriteRoutes } from './write';

// Leagues, tournaments, seasons and divisions (spec 3 §7 "Leagues and tournaments"), one module per concern.

export async function leagueRoutes(app: FastifyInstance) {
  await app.register(leagueListRoutes);
  await app.register(leagueWriteRoutes);
  await app.register(rolloverRoutes);
}
