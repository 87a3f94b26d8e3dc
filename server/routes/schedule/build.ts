import type { FastifyInstance } from 'fastify';
import { buildLeagueSchedule, buildTournamentSchedule, type ScheduleBody } from '../../../core/api/schedule';
import { buildSchedule, scheduleProblem, type ScheduleInput } from '../../../core/schedule/builder';
import type { SessionUser } from '../../auth/session';
import { serve } from '../../http/endpoint';
import { badRequest } from '../../http/errors';
import { facilityZone } from '../events/access';
import { checkFields, checkTeams, leagueTeams, scheduledLeague } from './access';
import { withAvailability } from './availability';

// POST /league/schedule/new (a league: one round robin of the teams picked) and POST /tournament/schedule
// (a tournament division's pool play: each group its own round robin): the builder of core/schedule on
// the league's weekly slots in its facility's zone, each game checked against the calendar. Nothing is
// saved: the review saves with POST /match/batch.

export async function buildRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  const build = async (user: SessionUser, body: ScheduleBody, pools: boolean) => {
    const league = await scheduledLeague(db, user, body.league_id);
    const known = await leagueTeams(db, league);
    checkTeams(known, body.teams);
    await checkFields(db, league, body.slots.map((s) => s.field));
    const zone = await facilityZone(db, league.facility_id);
    const groupOf = new Map(known.map((t) => [t.team_id, t.group ?? 1]));
    const input: ScheduleInput = {
      teams: body.teams, games: body.games, start_date: body.start_date, duration: body.duration, time_zone: zone,
      slots: body.slots, ...(pools && { groups: body.teams.map((id) => groupOf.get(id)!) }),
    };
    const problem = scheduleProblem(input);
    if (problem) throw badRequest(problem);
    const proposed = buildSchedule(input).map((m) => ({ ...m, level: 0, group: m.group ?? null }));
    return { matches: await withAvailability(db, user, zone, proposed) };
  };

  serve(app, buildLeagueSchedule, ({ user, body }) => build(user, body, false));
  serve(app, buildTournamentSchedule, ({ user, body }) => build(user, body, true));
}
