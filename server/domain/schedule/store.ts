import { and, eq, inArray } from 'drizzle-orm';
import { nextMatch, playoffWinner } from '../../../core/schedule/playoffs';
import { nowSeconds } from '../../../core/time';
import { SCHEDULE_MESSAGES } from '../../../core/validation/schedule';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { events, matches } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { insertEvent, deleteEvents } from '../events/booking';
import { lockFields, relatedFields } from '../events/availability';
import { auditMatches, matchProductType, type MatchRow } from './access';
import type { LeagueRow } from '../leagues/access';

// The writes of matches, inside the caller's transaction: saving games with their bookings (the
// calendar's guard: a game never lands on a taken field), recording a score (a play-off winner moves
// on), deleting games with their bookings. Every change is audited.

/** A match to insert: null sides are not known yet; a bye has its team at home and books nothing. */
export type MatchInsert = Omit<typeof matches.$inferInsert, 'ID' | 'league_id' | 'CreatedAt' | 'UpdatedAt'>;

/**
 * Inserts the matches and books the field of each that is not a bye, in date order. Every field
 * concerned is locked first, in ID order (the order every booking takes), so two schedules saved at
 * once onto the same slots queue: the second sees the first's events and is refused (409), never a
 * deadlock.
 */
export async function insertMatches(tx: Tx, user: SessionUser, league: LeagueRow, rows: MatchInsert[]): Promise<MatchRow[]> {
  for (const row of rows) {
    if (row.home_team_id && row.home_team_id === row.away_team_id) throw badRequest(SCHEDULE_MESSAGES.sameTeam);
  }
  const booked = rows.filter((row) => row.field_id && !row.is_bye);
  await lockFields(tx, await relatedFields(tx, [...new Set(booked.map((row) => row.field_id!))]));
  const productType = await matchProductType(tx, league);
  const product = { new_product_id: league.new_product_id, product_id: league.product_id };
  const inserted: MatchRow[] = [];
  for (const row of [...rows].sort((a, b) => a.date - b.date)) {
    const [match] = await tx.insert(matches).values({ ...row, league_id: league.ID }).returning();
    if (match.field_id && !match.is_bye) {
      const booking = { product_type_id: productType, field_id: match.field_id, start_date: match.date, end_date: match.date + match.duration * 60, match_id: match.ID };
      await insertEvent(tx, user, booking, product);
    }
    inserted.push(match);
  }
  await auditMatches(tx, user, inserted, 'create');
  return inserted;
}

/**
 * Saves a match's change (scores, no-show, teams, comment …; the caller moves its booking) and, for a
 * play-off match whose score changed, puts its winner (or no one, while undecided) into the next
 * round's match. `user` null is the system (a live scoreboard).
 */
export async function saveMatch(tx: Tx, user: SessionUser | null, match: MatchRow, change: Partial<MatchInsert>): Promise<MatchRow> {
  const [row] = await tx.update(matches).set({ ...change, UpdatedAt: nowSeconds() }).where(eq(matches.ID, match.ID)).returning();
  await auditMatches(tx, user, [row], 'update', { changes: Object.keys(change) });
  const next = row.match_type === 'playoffs' ? nextMatch(row.level, row.index) : null;
  if (next && ('home_score' in change || 'away_score' in change)) {
    const winner = playoffWinner({ home_team_id: row.home_team_id ?? 0, away_team_id: row.away_team_id ?? 0, home_score: row.home_score, away_score: row.away_score });
    const side = next.side === 'home' ? { home_team_id: winner } : { away_team_id: winner };
    const moved = await tx.update(matches).set(side)
      .where(and(eq(matches.league_id, row.league_id), eq(matches.match_type, 'playoffs'), eq(matches.level, next.level), eq(matches.index, next.index)))
      .returning();
    await auditMatches(tx, user, moved, 'update', { changes: [`${next.side}_team_id`], winner_of: row.ID });
  }
  return row;
}

/** Deletes matches with their bookings (a manager only when no payment was taken on them). */
export async function deleteMatches(tx: Tx, user: SessionUser, rows: MatchRow[]): Promise<{ deleted: number[] }> {
  const ids = rows.map((row) => row.ID);
  if (!ids.length) return { deleted: [] };
  const bookings = await tx.select().from(events).where(inArray(events.match_id, ids));
  if (bookings.length) await deleteEvents(tx, user, bookings);
  await tx.delete(matches).where(inArray(matches.ID, ids));
  await auditMatches(tx, user, rows, 'delete');
  return { deleted: ids };
}
