import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  checkLog, createEmatch, dayKey, ELEAGUE_MESSAGES, EMATCH_PAGE, ematchDay, ematchPlayoffs, ematchStandings, listEmatches, NO_SHOW_SCORE,
  parseDayKey, playerEmatches, recordNoShows, scheduleDoesNotFit, scheduleEleague, sendEmatchDay, updateEmatch, type EmatchRecord,
} from '../../../core/api/eleagues';
import { planSchedule, scheduleProblem } from '../../../core/schedule/builder';
import { standings } from '../../../core/schedule/standings';
import { formatDate, nowSeconds } from '../../../core/time';
import type { SessionUser } from '../../auth/session';
import type { Db, Tx } from '../../db/client';
import { actionLogs, ematches, eplayerSignups, eplayers } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { enqueue } from '../../services/jobs';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { MailMessage } from '../../services/mail';
import { recordChange } from '../../services/changelog';
import { facilityZone } from '../../domain/events/access';
import { dayOf, ematchWire, findEleague, findEplayer, leagueEmatches, selectEmatches, selectEplayers, type EmatchRow } from '../../domain/eleagues/access';

// E-matches (spec 3 §3 "E-match", §4, §7, issue 27 items 3–5). Listing, adding and scoring them, the
// standings and play-offs, an e-league's schedule (the league schedule's fair round robin, one console
// per match), and the two actions of a day: mailing each player their matches (POST /ematch/send) and
// recording the no-shows (POST /ematch/noshow). Each of these is done once per league and day: the
// action's log row (action_logs, unique on log_type and key) is inserted first in the transaction, so a
// concurrent second call waits on it and then finds it (409). The day's mails are durable jobs enqueued
// in that same transaction: they exist exactly when the log row does, and the worker sends each once,
// retrying a failing mail server, so a retry of the call never mails a player twice.

/** The job kind of a day's e-mail to one player. */
const EMATCH_DAY_MAIL = 'eleague.day_mail';

const ofLeague = (leagueId: number) => eq(ematches.league_id, leagueId);

async function signedUpPlayers(db: Db | Tx, leagueId: number): Promise<number[]> {
  const rows = await db.select({ ID: eplayerSignups.eplayer_id }).from(eplayerSignups).where(eq(eplayerSignups.league_id, leagueId)).orderBy(asc(eplayerSignups.ID));
  return rows.map((r) => r.ID);
}

/** Claims a once-only action (its log row) in `tx`; false when it was done already. */
async function claim(tx: Tx, user: SessionUser, log_type: string, key: string): Promise<boolean> {
  const inserted = await tx.insert(actionLogs).values({ log_type, key, user_id: user.ID }).onConflictDoNothing().returning({ ID: actionLogs.ID });
  return inserted.length > 0;
}

/** One player's mail of the day: their matches in the facility's zone, with the opponent's gamertag and Discord name. */
function dayMail(leagueName: string, playerId: number, rows: EmatchRecord[]): MailMessage | null {
  const mine = rows.filter((m) => m.home_player?.ID === playerId || m.away_player?.ID === playerId);
  const me = mine[0]?.home_player?.ID === playerId ? mine[0].home_player : mine[0]?.away_player;
  if (!me?.email) return null;
  const lines = mine.map((m) => {
    const other = m.home_player?.ID === playerId ? m.away_player : m.home_player;
    return `${m.date_parsed} ${m.time_parsed} — ${m.home_player?.console_id ?? 'TBD'} vs ${m.away_player?.console_id ?? 'TBD'}${other?.discord_username ? ` (opponent on Discord: ${other.discord_username})` : ''}`;
  });
  return {
    to: me.email,
    subject: `${leagueName}: your matches on ${mine[0].date_parsed}`,
    text: `Hello ${me.name || me.console_id},\n\nYour ${leagueName} matches on ${mine[0].date_parsed}:\n\n${lines.join('\n')}\n\nPlease check in before your match starts: a player who does not show up loses 0–3.\n`,
  };
}

export async function ematchRoutes(app: FastifyInstance) {
  const { db, mailer } = app.deps;

  const wireAll = async (leagueFacility: number, rows: EmatchRow[]) => {
    const zone = await facilityZone(db, leagueFacility);
    return rows.map((r) => ematchWire(r, zone));
  };

  serve(app, listEmatches, async ({ user, query }) => {
    const league = await findEleague(db, user, query.league_id);
    const [rows, total] = await Promise.all([
      selectEmatches(db).where(ofLeague(league.ID)).orderBy(asc(ematches.date), asc(ematches.ID)).limit(EMATCH_PAGE).offset((query.page - 1) * EMATCH_PAGE),
      db.$count(ematches, ofLeague(league.ID)),
    ]);
    return { matches: await wireAll(league.facility_id, rows), total, page: query.page };
  });

  serve(app, createEmatch, async ({ user, body }) => {
    const row = await db.transaction(async (tx) => {
      const league = await findEleague(tx, user, body.league_id);
      const players = new Set(await signedUpPlayers(tx, league.ID));
      if (!players.has(body.home_player_id) || !players.has(body.away_player_id)) throw badRequest(ELEAGUE_MESSAGES.players);
      const [match] = await tx.insert(ematches).values({ ...body, token: randomBytes(16).toString('hex') }).returning();
      await recordChange(tx, { object: 'ematch', object_id: match.ID, action: 'create', user_id: user.ID, new_value: match });
      return match;
    });
    const [read] = await selectEmatches(db).where(eq(ematches.ID, row.ID));
    return (await wireAll((await findEleague(db, user, row.league_id)).facility_id, [read]))[0];
  });

  serve(app, updateEmatch, async ({ user, params: { id }, body }) => {
    const leagueId = await db.transaction(async (tx) => {
      const [match] = await tx.select().from(ematches).where(eq(ematches.ID, id)).for('update');
      if (!match) throw notFound('E-match');
      await findEleague(tx, user, match.league_id).catch(() => { throw notFound('E-match'); });
      const [row] = await tx.update(ematches).set({ ...body, UpdatedAt: nowSeconds() }).where(eq(ematches.ID, id)).returning();
      await recordChange(tx, { object: 'ematch', object_id: id, action: 'update', user_id: user.ID, new_value: row });
      return match.league_id;
    });
    const [read] = await selectEmatches(db).where(eq(ematches.ID, id));
    return (await wireAll((await findEleague(db, user, leagueId)).facility_id, [read]))[0];
  });

  serve(app, playerEmatches, async ({ user, query }) => {
    const league = await findEleague(db, user, query.league_id);
    await findEplayer(db, user, query.player_id);
    const player = or(eq(ematches.home_player_id, query.player_id), eq(ematches.away_player_id, query.player_id));
    return wireAll(league.facility_id, await leagueEmatches(db, league.ID, player));
  });

  serve(app, ematchStandings, async ({ user, query }) => {
    const league = await findEleague(db, user, query.league_id);
    const [players, rows] = await Promise.all([
      selectEplayers(db).innerJoin(eplayerSignups, and(eq(eplayerSignups.eplayer_id, eplayers.ID), eq(eplayerSignups.league_id, league.ID))),
      db.select().from(ematches).where(and(ofLeague(league.ID), eq(ematches.level, 0))),
    ]);
    const table = standings(
      players.map((p) => ({ team_id: p.ID, name: p.console_id })),
      rows.map((m) => ({ home_team_id: m.home_player_id, away_team_id: m.away_player_id, home_score: m.home_score, away_score: m.away_score })),
    );
    return table.map((row) => ({ ...row, id: row.team_id }));
  });

  serve(app, ematchPlayoffs, async ({ user, query }) => {
    const league = await findEleague(db, user, query.league_id);
    const rows = await selectEmatches(db).where(and(ofLeague(league.ID), gt(ematches.level, 0))).orderBy(desc(ematches.level), asc(ematches.date), asc(ematches.ID));
    return wireAll(league.facility_id, rows);
  });

  serve(app, ematchDay, async ({ user, query }) => {
    const league = await findEleague(db, user, query.league_id);
    const zone = await facilityZone(db, league.facility_id);
    const end = query.end ?? dayOf(query.start, zone).to;
    const rows = await leagueEmatches(db, league.ID, and(gte(ematches.date, query.start), lt(ematches.date, end)));
    return rows.map((r) => ematchWire(r, zone));
  });

  app.jobs.register<MailMessage>(EMATCH_DAY_MAIL, { run: (mail) => mailer.send(mail) });

  serve(app, sendEmatchDay, async ({ user, query }) => {
    const answer = await db.transaction(async (tx) => {
      const league = await findEleague(tx, user, query.league_id);
      const zone = await facilityZone(tx, league.facility_id);
      const { day, to } = dayOf(query.start, zone);
      const rows = (await leagueEmatches(tx, league.ID, and(
        gte(ematches.date, query.start), lt(ematches.date, query.end ?? to), query.level === undefined ? undefined : eq(ematches.level, query.level),
      ))).map((r) => ematchWire(r, zone));
      if (!rows.length) throw badRequest(ELEAGUE_MESSAGES.noMatches);
      const key = dayKey(league.ID, day);
      if (!(await claim(tx, user, 'ematch_send', key))) throw conflict(ELEAGUE_MESSAGES.alreadySent);
      const players = [...new Set(rows.flatMap((m) => [m.home_player?.ID, m.away_player?.ID]).filter((p): p is number => !!p))];
      const mails = players.map((player) => dayMail(league.name, player, rows)).filter((m): m is MailMessage => m !== null);
      await enqueue(tx, EMATCH_DAY_MAIL, mails);
      return { key, sent: mails.length };
    });
    app.jobs.wake();
    return answer;
  });

  serve(app, recordNoShows, async ({ user, query }) => db.transaction(async (tx) => {
    const league = await findEleague(tx, user, query.league_id);
    const zone = await facilityZone(tx, league.facility_id);
    const { day, from, to } = dayOf(query.start, zone);
    const key = dayKey(league.ID, day);
    if (!(await claim(tx, user, 'ematch_noshow', key))) throw conflict(ELEAGUE_MESSAGES.alreadyNoShows);
    const open = await tx.select().from(ematches).where(and(
      ofLeague(league.ID), gte(ematches.date, from), lt(ematches.date, to), isNull(ematches.home_score), isNull(ematches.away_score),
    )).orderBy(asc(ematches.ID)).for('update');
    // Exactly one player checked in: the other did not show up and loses 0–3.
    const noShows = open.filter((m) => m.home_checked_in !== m.away_checked_in);
    for (const m of noShows) {
      const [home_score, away_score] = m.home_checked_in ? [NO_SHOW_SCORE.winner, NO_SHOW_SCORE.loser] : [NO_SHOW_SCORE.loser, NO_SHOW_SCORE.winner];
      const [row] = await tx.update(ematches).set({ home_score, away_score, UpdatedAt: nowSeconds() }).where(eq(ematches.ID, m.ID)).returning();
      await recordChange(tx, { object: 'ematch', object_id: m.ID, action: 'no_show', user_id: user.ID, new_value: row });
    }
    return { key, no_shows: noShows.map((m) => m.ID) };
  }));

  serve(app, checkLog, async ({ user, body }) => {
    const { league_id } = parseDayKey(body.key)!;
    await findLeague404(db, user, league_id);
    const [row] = await db.select({ at: actionLogs.CreatedAt }).from(actionLogs).where(and(eq(actionLogs.log_type, body.log_type), eq(actionLogs.key, body.key)));
    return { done: !!row, at: row?.at ?? null };
  });

  serve(app, scheduleEleague, async ({ user, body }) => {
    const { leagueId, ids } = await db.transaction(async (tx) => {
      // Locked: two schedules of one e-league queue, and the second finds the first's matches.
      const league = await findEleague(tx, user, body.league_id, { lock: true });
      const [existing] = await tx.select({ ID: ematches.ID }).from(ematches).where(and(ofLeague(league.ID), eq(ematches.level, 0))).limit(1);
      if (existing) throw conflict(ELEAGUE_MESSAGES.scheduled);
      const signedUp = await signedUpPlayers(tx, league.ID);
      const players = body.players ?? signedUp;
      if (players.length < 2 || new Set(players).size !== players.length || players.some((p) => !signedUp.includes(p))) throw badRequest(ELEAGUE_MESSAGES.players);
      // One console per match: a slot with n consoles is n cells at each kick-off (fields 1 … n).
      const slots = body.slots.flatMap((s) => Array.from({ length: s.consoles }, (_, k) => ({ field: k + 1, weekday: s.weekday, start_time: s.start_time, end_time: s.end_time })));
      const zone = await facilityZone(tx, league.facility_id);
      const input = { teams: players, games: body.games, start_date: body.start_date, end_date: league.end_date, duration: body.duration, time_zone: zone, slots };
      const problem = scheduleProblem(input);
      if (problem) throw badRequest(problem);
      // Saved at once, so all of it fits within the league's dates or none is saved.
      const plan = planSchedule(input);
      if (plan.shortfall) throw badRequest(scheduleDoesNotFit(plan.shortfall, formatDate(league.start_date, zone), formatDate(league.end_date, zone)));
      const games = plan.matches.filter((m) => !m.is_bye);
      if (!games.length) throw badRequest(ELEAGUE_MESSAGES.noMatches);
      const rows = await tx.insert(ematches).values(games.map((g) => ({
        league_id: league.ID, home_player_id: g.home_team_id, away_player_id: g.away_team_id, date: g.date, duration: body.duration, level: 0, token: randomBytes(16).toString('hex'),
      }))).returning({ ID: ematches.ID });
      await recordChange(tx, { object: 'league', object_id: league.ID, action: 'eleague_schedule', user_id: user.ID, new_value: { ematches: rows.map((r) => r.ID) } });
      return { leagueId: league.ID, ids: rows.map((r) => r.ID) };
    });
    const league = await findEleague(db, user, leagueId);
    return wireAll(league.facility_id, await leagueEmatches(db, leagueId, inArray(ematches.ID, ids)));
  });
}

/** The league of a log key as the user may see it (404 otherwise). */
async function findLeague404(db: Db, user: SessionUser, id: number) {
  return findEleague(db, user, id).catch(() => { throw notFound('League'); });
}
