import type { FastifyInstance } from 'fastify';
import { buildLeagueSchedule, buildTournamentSchedule } from '../../../core/api/schedule';
import { serve } from '../../http/endpoint';
import { proposeSchedule } from '../../domain/schedule/build';

// POST /league/schedule/new (a league: one round robin of the teams picked) and POST /tournament/schedule
// (a tournament division's pool play: each group its own round robin): the builder of core/schedule on
// the league's weekly slots in its facility's zone, each game checked against the calendar
// (domain/schedule/build.ts). Nothing is saved: the review saves with POST /match/batch.

export async function buildRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  serve(app, buildLeagueSchedule, ({ user, body }) => proposeSchedule(db, user, body, false));
  serve(app, buildTournamentSchedule, ({ user, body }) => proposeSchedule(db, user, body, true));
}
