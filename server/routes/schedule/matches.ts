import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  createMatch, deleteMatch, deleteSchedule, listMatches, saveMatches, updateMatch, type MatchChange, type NewMatch,
} from '../../../core/api/schedule';
import { notStarted, SCHEDULE_MESSAGES, type MatchType } from '../../../core/validation/schedule';
import { formatDateTime, nowSeconds } from '../../../core/time';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { events, matches } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, conflict } from '../../http/errors';
import { idempotentCreate } from '../../http/idempotency';
import { facilityZone, recordEventChanges } from '../../domain/events/access';
import { guardSlots, refuseClosedSlots } from '../../domain/events/availability';
import { insertEvent } from '../../domain/events/booking';
import type { LeagueRow } from '../../domain/leagues/access';
import { checkFields, checkTeams, findMatch, leagueTeams, matchProductType, matchRecords, refuseOutsideDates, scheduledLeague, type MatchRow } from '../../domain/schedule/access';
import { standingsOf } from '../../domain/schedule/standings';
import { deleteMatches, insertMatches, saveMatch } from '../../domain/schedule/store';

// The games of a league (spec 3 §2.7, §7): POST /match (Add manual game, or one game of the spec's
// one-call-per-match flow, a play-off game included) and POST /match/batch (Save matches of the
// review), each booking its field, within the league's dates (play-offs may follow them); PUT
// /match/{id} (a score or the no-show once the game has kicked off, the teams, the time or field,
// which moves the booking under the calendar's guard); DELETE /match/{id} and
// DELETE /league/schedule/{id} (Delete all games; admins and managers); POST /match/list (the
// schedule and the standings).

export async function matchRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  /**
   * The games as inserted, after their teams and fields are checked against the league; a game that
   * is not a play-off's kicks off within the league's dates.
   */
  const insertGames = async (tx: Tx, user: SessionUser, league: LeagueRow, games: Array<Omit<NewMatch, 'match_type'> & { level?: number; match_type: MatchType }>) => {
    checkTeams(await leagueTeams(tx, league), games.flatMap((g) => [g.home_team_id, g.away_team_id]));
    await checkFields(tx, league, games.map((g) => g.field_id));
    refuseOutsideDates(league, games.filter((g) => g.match_type !== 'playoffs').map((g) => g.date), await facilityZone(tx, league.facility_id));
    return insertMatches(tx, user, league, games.map((g) => ({ ...g, level: g.level ?? 0, is_bye: false })));
  };
  const records = (tx: Tx, rows: MatchRow[]) => matchRecords(tx, inArray(matches.ID, rows.map((r) => r.ID)));

  serve(app, createMatch, async ({ user, body: { league_id, is_tournament, ...game }, idempotencyKey }, _request, reply) => {
    const answer = await idempotentCreate(db, user, idempotencyKey, 'match', { league_id, is_tournament, ...game }, async (tx) => {
      const league = await scheduledLeague(tx, user, league_id, { lock: game.match_type === 'playoffs' });
      if (is_tournament !== undefined && is_tournament !== league.is_tournament) throw badRequest(SCHEDULE_MESSAGES.tournamentMismatch);
      if (game.match_type === 'playoffs') {
        const place = and(eq(matches.league_id, league.ID), eq(matches.match_type, 'playoffs'), eq(matches.level, game.level), eq(matches.index, game.index));
        if (await tx.$count(matches, place)) throw conflict(SCHEDULE_MESSAGES.playoffPlaceTaken);
      }
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
    const zone = await facilityZone(tx, league.facility_id);
    if (body.date !== undefined && match.match_type !== 'playoffs') refuseOutsideDates(league, [body.date], zone);
    refuseEarlyScore(match, body, zone);
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

/**
 * A score or a no-show is for a game that has kicked off (at its time after the change): a future
 * game's is refused (409, saying when it kicks off). Clearing one (null) is always allowed.
 */
function refuseEarlyScore(match: MatchRow, change: MatchChange, zone: string): void {
  const result = [change.home_score, change.away_score, change.no_show].some((value) => value !== undefined && value !== null);
  const kickOff = change.date ?? match.date;
  if (result && kickOff > nowSeconds()) throw conflict(notStarted(formatDateTime(kickOff, zone)));
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
