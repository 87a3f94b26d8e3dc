import type { FastifyInstance } from 'fastify';
import { playerRoutes } from './players';
import { publicTeamRoutes } from './public';
import { teamReadRoutes } from './read';
import { signupRoutes } from './signups';
import { teamWriteRoutes } from './write';

// Teams, rosters and league sign-ups (spec 3 §7 "Teams"), one module per concern.

export async function teamRoutes(app: FastifyInstance) {
  await app.register(teamReadRoutes);
  await app.register(teamWriteRoutes);
  await app.register(signupRoutes);
  await app.register(playerRoutes);
  await app.register(publicTeamRoutes);
}
