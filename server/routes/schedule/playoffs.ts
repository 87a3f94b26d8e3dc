import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createPlayoffs, deletePlayoffs, getPlayoffs, previewPlayoffs, type PlayoffBody } from '../../../core/api/schedule';
import { buildPlayoffs, playoffProblem, TO_BE_DECIDED, type PlayoffInput } from '../../../core/schedule/playoffs';
import { SCHEDULE_MESSAGES } from '../../../core/validation/schedule';
import type { Db, Tx } from '../../db/client';
import { matches } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { HttpError, badRequest, conflict } from '../../http/errors';
import { idempotentCreate } from '../../http/idempotency';
import { facilityZone } from '../../domain/events/access';
import type { LeagueRow } from '../../domain/leagues/access';
import { checkFields, matchRecords, scheduledLeague } from '../../domain/schedule/access';
import { withAvailability } from '../../domain/schedule/availability';
import { standingsOf } from '../../domain/schedule/standings';
import { deleteMatches, insertMatches } from '../../domain/schedule/store';

// The play-offs (spec 3 §2.8, §4): POST /league/playoffs/new pre-generates the bracket from the
// standings with each match's availability (the review); POST /league/playoffs saves it and books
// every match that is not a bye (the league row locked, so two saves make one bracket); GET
// /league/playoffs reads it; DELETE /league/playoffs/{leagueID} deletes it (Rebuild, Delete).

const isPlayoff = (league: LeagueRow) => and(eq(matches.league_id, league.ID), eq(matches.match_type, 'playoffs'))!;

/** The bracket of core/schedule/playoffs.ts, seeded from the standings. */
async function bracketOf(db: Db | Tx, league: LeagueRow, body: PlayoffBody) {
  await checkFields(db, league, body.round_settings.map((r) => r.field_id));
  const seeds = (await standingsOf(db, league)).map((row) => row.team_id);
  const input: PlayoffInput = { seeds, duration: body.duration, round_settings: body.round_settings };
  const problem = playoffProblem(input);
  if (problem) throw badRequest(problem);
  return buildPlayoffs(input);
}

export async function playoffRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, previewPlayoffs, async ({ user, body }) => {
    const league = await scheduledLeague(db, user, body.league_id);
    const bracket = await bracketOf(db, league, body);
    const proposed = bracket.map(({ match_type: _t, ...m }) => ({ ...m, round: null, week: null, group: null }));
    return { matches: await withAvailability(db, user, await facilityZone(db, league.facility_id), proposed) };
  });

  serve(app, createPlayoffs, async ({ user, body, idempotencyKey }, _request, reply) => {
    const answer = await idempotentCreate(db, user, idempotencyKey, 'playoffs', body, async (tx) => {
      const league = await scheduledLeague(tx, user, body.league_id, { lock: true });
      if (await tx.$count(matches, isPlayoff(league))) throw conflict(SCHEDULE_MESSAGES.playoffsExist);
      const bracket = await bracketOf(tx, league, body);
      await insertMatches(tx, user, league, bracket.map((m) => ({
        ...m,
        home_team_id: m.home_team_id === TO_BE_DECIDED ? null : m.home_team_id,
        away_team_id: m.away_team_id > 0 ? m.away_team_id : null,
      })));
      return matchRecords(tx, isPlayoff(league));
    });
    return reply.status(answer.status).send(answer.body);
  });

  serve(app, getPlayoffs, async ({ user, query: { league_id } }) => matchRecords(db, isPlayoff(await scheduledLeague(db, user, league_id))));

  serve(app, deletePlayoffs, async ({ user, params: { leagueID } }) => db.transaction(async (tx) => {
    const league = await scheduledLeague(tx, user, leagueID, { lock: true });
    const bracket = await tx.select().from(matches).where(isPlayoff(league)).orderBy(matches.ID).for('update');
    if (!bracket.length) throw new HttpError(404, SCHEDULE_MESSAGES.noPlayoffs);
    return deleteMatches(tx, user, bracket);
  }));
}
