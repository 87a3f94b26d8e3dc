import { and, asc, eq, exists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ELEAGUE_MESSAGES, type EmatchPlayer, type EmatchRecord, type EplayerRecord } from '../../../core/api/eleagues';
import { formatDateTime, wallClock, zonedMidnight } from '../../../core/time';
import { facilityScope } from '../../auth/guard';
import type { SessionUser } from '../../auth/session';
import type { Db, Tx } from '../../db/client';
import { customers, ematches, eplayerSignups, eplayers, leagues } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { findLeague, type LeagueRow } from '../leagues/access';

// What the e-league routes share: the e-league a request works on (404 for another facility's, 400 when
// the league is not an e-league), which e-players a user may see (admins all; others those of their
// facility or signed up to one of its e-leagues), e-matches as the wire gives them, and a league's day.

/** The e-league `id`: the user's facility's (404 otherwise) and an e-league (400 otherwise). */
export async function findEleague(db: Db | Tx, user: SessionUser, id: number, options: { lock?: boolean } = {}): Promise<LeagueRow> {
  const league = await findLeague(db, user, id, options);
  if (!league.is_e_league) throw badRequest(ELEAGUE_MESSAGES.notELeague);
  return league;
}

/** The e-players `user` may see: an admin every one, others their facility's and their e-leagues'. */
export function visibleEplayers(db: Db | Tx, user: SessionUser): SQL | undefined {
  const own = facilityScope(user);
  if (own === null) return undefined;
  const signedUpHere = db.select({ one: sql`1` }).from(eplayerSignups).innerJoin(leagues, eq(leagues.ID, eplayerSignups.league_id))
    .where(and(eq(eplayerSignups.eplayer_id, eplayers.ID), eq(leagues.facility_id, own)));
  return or(eq(customers.facility_id, own), exists(signedUpHere));
}

export function selectEplayers(db: Db | Tx) {
  return db.select({
    ID: eplayers.ID, console_id: eplayers.console_id, console: eplayers.console, discord_username: eplayers.discord_username,
    customer: { ID: customers.ID, first_name: customers.first_name, last_name: customers.last_name, email: customers.email },
  }).from(eplayers).innerJoin(customers, eq(customers.ID, eplayers.customer_id)).$dynamic();
}

type EplayerRow = Awaited<ReturnType<ReturnType<typeof selectEplayers>['execute']>>[number];

export const eplayerWire = (row: EplayerRow): EplayerRecord => ({
  ...row, discord_username: row.discord_username ?? '', customer: { ...row.customer, email: row.customer.email ?? '' },
});

/** The e-player `id` as `user` may see it, else 404. */
export async function findEplayer(db: Db | Tx, user: SessionUser, id: number): Promise<EplayerRecord> {
  const [row] = await selectEplayers(db).where(and(eq(eplayers.ID, id), visibleEplayers(db, user)));
  if (!row) throw notFound('E-player');
  return eplayerWire(row);
}

const homePlayer = alias(eplayers, 'home_player');
const awayPlayer = alias(eplayers, 'away_player');
const homeCustomer = alias(customers, 'home_customer');
const awayCustomer = alias(customers, 'away_customer');

export function selectEmatches(db: Db | Tx) {
  const home = {
    ID: homePlayer.ID, console_id: homePlayer.console_id, discord_username: homePlayer.discord_username,
    first_name: homeCustomer.first_name, last_name: homeCustomer.last_name, email: homeCustomer.email,
  };
  const away = {
    ID: awayPlayer.ID, console_id: awayPlayer.console_id, discord_username: awayPlayer.discord_username,
    first_name: awayCustomer.first_name, last_name: awayCustomer.last_name, email: awayCustomer.email,
  };
  return db.select({ match: ematches, home, away }).from(ematches)
    .leftJoin(homePlayer, eq(homePlayer.ID, ematches.home_player_id)).leftJoin(homeCustomer, eq(homeCustomer.ID, homePlayer.customer_id))
    .leftJoin(awayPlayer, eq(awayPlayer.ID, ematches.away_player_id)).leftJoin(awayCustomer, eq(awayCustomer.ID, awayPlayer.customer_id))
    .$dynamic();
}

export type EmatchRow = Awaited<ReturnType<ReturnType<typeof selectEmatches>['execute']>>[number];

const playerWire = (p: EmatchRow['home']): EmatchPlayer | null => (p?.ID
  ? { ID: p.ID, console_id: p.console_id ?? '', discord_username: p.discord_username ?? '', name: `${p.first_name ?? ''} ${p.last_name ?? ''}`.trim(), email: p.email ?? '' }
  : null);

export function ematchWire(row: EmatchRow, zone: string): EmatchRecord {
  const m = row.match;
  const [date_parsed, time_parsed] = formatDateTime(m.date, zone).split(' ');
  return {
    ID: m.ID, league_id: m.league_id, token: m.token, home_player: playerWire(row.home), away_player: playerWire(row.away),
    home_checked_in: m.home_checked_in, away_checked_in: m.away_checked_in, home_score: m.home_score, away_score: m.away_score,
    level: m.level, date: m.date, duration: m.duration, date_parsed, time_parsed,
  };
}

/** The e-matches of a league where `where` holds, by date. */
export async function leagueEmatches(db: Db | Tx, leagueId: number, where?: SQL) {
  return selectEmatches(db).where(and(eq(ematches.league_id, leagueId), where)).orderBy(asc(ematches.date), asc(ematches.ID));
}

/** The facility-zone day of `start`: its key date (YYYY-MM-DD) and its bounds. */
export function dayOf(start: number, zone: string): { day: string; from: number; to: number } {
  const w = wallClock(start, zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { day: `${w.year}-${pad(w.month)}-${pad(w.day)}`, from: zonedMidnight(w.year, w.month, w.day, zone), to: zonedMidnight(w.year, w.month, w.day + 1, zone) };
}
