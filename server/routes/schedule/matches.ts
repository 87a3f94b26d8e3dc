import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  createMatch, deleteMatch, deleteSchedule, listMatches, saveMatches, updateMatch, type MatchChange, type NewMatch,
} from '../../../core/api/schedule';
import { SCHEDULE_MESSAGES } from '../../../core/validation/schedule';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { events, matches } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest } from '../../http/errors';
import { idempotentCreate } from '../../http/idempotency';
import { recordEventChanges } from '../events/access';
import { guardSlots, refuseClosedSlots } from '../events/availability';
import { insertEvent } from '../events/booking';
import type { LeagueRow } from '../leagues/access';
import { checkFields, checkTeams, findMatch, leagueTeams, matchProductType, matchRecords, scheduledLeague, type MatchRow } from './access';
import { standingsOf } from './standings';
import { deleteMatches, insertMatches, saveMatch } from './store';

// The games of a league (spec 3 §2.7, §7): POST /match (Add manual game) and POST /match/batch (Save
// matches of the review), each booking its field; PUT /match/{id} (a score, the no-show, the teams,
// the time or field, which moves the booking under the calendar's guard); DELETE /match/{id} and
// DELETE /league/schedule/{id} (Delete all games; admins and managers); POST /match/list (the
// schedule and the standings).

export async function matchRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  /** The games as inserted, after their teams and fields are checked against the league. */
  const insertGames = async (tx: Tx, user: SessionUser, league: LeagueRow, games: NewMatch[]) => {
    checkTeams(await leagueTeams(tx, league), games.flatMap((g) => [g.home_team_id, g.away_team_id]));
    await checkFields(tx, league, games.map((g) => g.field_id));
    return insertMatches(tx, user, league, games.map((g) => ({ ...g, level: 0, is_bye: false })));
  };
  const records = (tx: Tx, rows: MatchRow[]) => matchRecords(tx, inArray(matches.ID, rows.map((r) => r.ID)));

  serve(app, createMatch, async ({ user, body: { league_id, ...game }, idempotencyKey }, _request, reply) => {
    const answer = await idempotentCreate(db, user, idempotencyKey, 'match', { league_id, ...game }, async (tx) => {
      const league = await scheduledLeague(tx, user, league_id);
      const [record] = await records(tx, await insertGames(tx, user, league, [game]));
      return record;
    });
    return reply.status(answer.status).send(answer.body);
  });

  serve(app, saveMatches, async ({ user, body, idempotencyKey }, _request, reply) => {
    const answer = await idempotentCreate(db, user, idempotencyKey, 'match-batch', body, async (tx) => {
      const league = await scheduledLeague(tx, user, body.league_id);
      return records(tx, await insertGames(tx, user, league, body.matches));
    });
    return reply.status(answer.status).send(answer.body);
  });

  serve(app, updateMatch, async ({ user, params: { id }, body }) => db.transaction(async (tx) => {
    const { match, league } = await findMatch(tx, user, id, { lock: true });
    await checkChange(tx, league, match, body);
    await moveBooking(tx, user, league, match, body);
    const saved = await saveMatch(tx, user, match, body);
    const [record] = await records(tx, [saved]);
    return record;
  }));

  serve(app, deleteMatch, async ({ user, params: { id } }) => db.transaction(async (tx) => {
    const { match } = await findMatch(tx, user, id, { lock: true });
    return deleteMatches(tx, user, [match]);
  }));

  serve(app, deleteSchedule, async ({ user, params: { id } }) => db.transaction(async (tx) => {
    const league = await scheduledLeague(tx, user, id, { lock: true });
    const games = await tx.select().from(matches).where(and(eq(matches.league_id, league.ID), ne(matches.match_type, 'playoffs'))).orderBy(matches.ID).for('update');
    return deleteMatches(tx, user, games);
  }));

  serve(app, listMatches, async ({ user, body: { query } }) => {
    const league = await scheduledLeague(db, user, query.league_id);
    const [list, table] = await Promise.all([matchRecords(db, eq(matches.league_id, league.ID)), standingsOf(db, league)]);
    return { matches: list, standings: table };
  });
}

/** A change keeps the match a game of its league: two different teams of it, a field of its facility; a play-off's teams follow the bracket. */
async function checkChange(tx: Tx, league: LeagueRow, match: MatchRow, change: MatchChange): Promise<void> {
  const teamsChange = change.home_team_id !== undefined || change.away_team_id !== undefined;
  if (teamsChange && match.match_type === 'playoffs') throw badRequest(SCHEDULE_MESSAGES.playoffTeams);
  if (match.is_bye && (teamsChange || change.field_id !== undefined)) throw badRequest(SCHEDULE_MESSAGES.byeNotSaved);
  if (teamsChange) {
    const [home, away] = [change.home_team_id ?? match.home_team_id, change.away_team_id ?? match.away_team_id];
    if (home === away) throw badRequest(SCHEDULE_MESSAGES.sameTeam);
    checkTeams(await leagueTeams(tx, league), [home, away].filter((id): id is number => id !== null));
  }
  if (change.field_id !== undefined) await checkFields(tx, league, [change.field_id]);
}

/** Moves the match's booking with its time, field or length (the calendar's guard), or books the field of a match that has none. */
async function moveBooking(tx: Tx, user: SessionUser, league: LeagueRow, match: MatchRow, change: MatchChange): Promise<void> {
  if (change.date === undefined && change.field_id === undefined && change.duration === undefined) return;
  const field_id = change.field_id ?? match.field_id;
  if (field_id === null || match.is_bye) return;
  const start_date = change.date ?? match.date;
  const end_date = start_date + (change.duration ?? match.duration) * 60;
  const bookings = await tx.select().from(events).where(eq(events.match_id, match.ID));
  if (!bookings.length) {
    const booking = { product_type_id: await matchProductType(tx, league), field_id, start_date, end_date, match_id: match.ID };
    await insertEvent(tx, user, booking, { new_product_id: league.new_product_id, product_id: league.product_id });
    return;
  }
  const slot = { field_id, start_date, end_date };
  await refuseClosedSlots(tx, [slot]);
  await guardSlots(tx, league.facility_id, [{ ...slot, keep: false }], bookings.map((b) => b.ID));
  const moved = await tx.update(events).set(slot).where(eq(events.match_id, match.ID)).returning();
  await recordEventChanges(tx, user, moved, 'update', { changes: Object.keys(change) });
}
