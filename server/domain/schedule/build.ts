import type { BuiltSchedule, ScheduleBody } from '../../../core/api/schedule';
import { planSchedule, scheduleProblem, type ScheduleInput } from '../../../core/schedule/builder';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { facilityZone } from '../events/access';
import { checkFields, checkTeams, leagueTeams, refuseOutsideDates, scheduledLeague } from './access';
import { withAvailability } from './availability';

// Building a schedule (a league: one round robin of the teams picked, a game a team a day; a
// tournament division's pool play: each group its own round robin): the builder of core/schedule on
// the league's weekly slots in its facility's zone, from the start date asked to the league's end
// date, each game checked against the calendar. A tournament's days are filled before the next (its
// games packed into as few days as the slots allow). What does not fit between the dates is answered
// as the shortfall, never placed after them. Nothing is saved: the review saves with POST /match/batch.

/** The games the builder proposes for `body`, each with its availability, and what did not fit. */
export async function proposeSchedule(db: Db, user: SessionUser, body: ScheduleBody, pools: boolean): Promise<BuiltSchedule> {
  const league = await scheduledLeague(db, user, body.league_id);
  const known = await leagueTeams(db, league);
  checkTeams(known, body.teams);
  await checkFields(db, league, body.slots.map((s) => s.field));
  const zone = await facilityZone(db, league.facility_id);
  refuseOutsideDates(league, [body.start_date], zone);
  const groupOf = new Map(known.map((t) => [t.team_id, t.group ?? 1]));
  const input: ScheduleInput = {
    teams: body.teams, games: body.games, start_date: body.start_date, end_date: league.end_date, pack_days: league.is_tournament,
    duration: body.duration, time_zone: zone, slots: body.slots, ...(pools && { groups: body.teams.map((id) => groupOf.get(id)!) }),
  };
  const problem = scheduleProblem(input);
  if (problem) throw badRequest(problem);
  const plan = planSchedule(input);
  const proposed = plan.matches.map((m) => ({ ...m, level: 0, group: m.group ?? null }));
  return { matches: await withAvailability(db, user, zone, proposed), shortfall: plan.shortfall, extra: plan.extra };
}
