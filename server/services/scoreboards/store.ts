import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { nowSeconds } from '../../../core/time';
import type { Db } from '../../db/client';
import { facilities, fields, scoreboards, type ScoreboardGame } from '../../db/schema';
import type { Scoreboard } from '../../../core/scoreboards/protocol';
import { listPage, type ListPage } from '../../http/list';

// The scoreboards' state lives in the database (connected, last_seen_at, game, background), so that
// every server process answers GET /api/scoreboard alike; the hub only relays changes.

/**
 * A board counts as connected while its socket is open; the hub pings it every HEARTBEAT_SECONDS and
 * refreshes last_seen_at on each pong. A flag left true by a process that died stops counting after
 * STALE_SECONDS without news.
 */
export const HEARTBEAT_SECONDS = 30;
export const STALE_SECONDS = 3 * HEARTBEAT_SECONDS;

const columns = {
  ID: scoreboards.ID,
  port: scoreboards.port,
  connected: scoreboards.connected,
  last_seen_at: scoreboards.last_seen_at,
  game: scoreboards.game,
  background: scoreboards.background,
  field_id: fields.ID,
  field_number: fields.number,
  field_name: fields.name,
  facility_id: facilities.ID,
  facility_name: facilities.name,
};

function toScoreboard(row: Row, now = nowSeconds()): Scoreboard {
  const fresh = row.last_seen_at !== null && row.last_seen_at > now - STALE_SECONDS;
  return {
    ID: row.ID,
    port: row.port,
    field: { ID: row.field_id, number: row.field_number, name: row.field_name },
    facility: { ID: row.facility_id, name: row.facility_name },
    connected: row.connected && fresh,
    game: row.game ?? null,
    background: row.background ?? null,
    last_seen_at: row.last_seen_at ?? null,
  };
}

function select(db: Db, where: SQL | undefined) {
  return db
    .select(columns)
    .from(scoreboards)
    .innerJoin(fields, eq(fields.ID, scoreboards.field_id))
    .innerJoin(facilities, eq(facilities.ID, scoreboards.facility_id))
    .where(where);
}

type Row = Awaited<ReturnType<typeof select>>[number];

export interface ListOptions {
  /** Only this facility's boards; null for every facility. */
  facilityId: number | null;
  sort: { field: 'ID' | 'port'; order: 'ASC' | 'DESC' };
  range?: { start: number; end: number };
}

/** One page of boards and how many there are in all. */
export async function listScoreboards(db: Db, { facilityId, sort, range }: ListOptions): Promise<ListPage<Scoreboard>> {
  const where = facilityId === null ? undefined : eq(scoreboards.facility_id, facilityId);
  const order = (sort.order === 'ASC' ? asc : desc)(scoreboards[sort.field]);
  const page = await listPage(db, () => select(db, where).$dynamic(), [order, asc(scoreboards.ID)], range);
  const now = nowSeconds();
  return { ...page, rows: page.rows.map((row) => toScoreboard(row, now)) };
}

export async function findScoreboard(db: Db, where: { ID: number } | { port: number }): Promise<Scoreboard | null> {
  const condition = 'ID' in where ? eq(scoreboards.ID, where.ID) : eq(scoreboards.port, where.port);
  const [row] = await select(db, condition).limit(1);
  return row ? toScoreboard(row) : null;
}

/** Marks a board connected (now) and answers it. */
export async function markConnected(db: Db, id: number, seenAt: number): Promise<Scoreboard | null> {
  await db.update(scoreboards).set({ connected: true, last_seen_at: seenAt }).where(eq(scoreboards.ID, id));
  return findScoreboard(db, { ID: id });
}

/**
 * Refreshes last_seen_at of a board whose socket answered a ping. Answers the board when this also
 * put it back online (another socket's close had marked it offline in the meantime), else null.
 */
export async function touch(db: Db, id: number, seenAt: number): Promise<Scoreboard | null> {
  const revived = await db
    .update(scoreboards)
    .set({ connected: true, last_seen_at: seenAt })
    .where(and(eq(scoreboards.ID, id), eq(scoreboards.connected, false)))
    .returning({ ID: scoreboards.ID });
  if (revived.length) return findScoreboard(db, { ID: id });
  await db.update(scoreboards).set({ last_seen_at: seenAt }).where(eq(scoreboards.ID, id));
  return null;
}

/**
 * Marks a board disconnected when its socket closes, unless another socket (maybe on another
 * process) has spoken for it since: that one wrote a later last_seen_at.
 */
export async function markDisconnected(db: Db, id: number, lastSeenByThisSocket: number): Promise<Scoreboard | null> {
  const updated = await db
    .update(scoreboards)
    .set({ connected: false })
    .where(and(eq(scoreboards.ID, id), sql`${scoreboards.last_seen_at} <= ${lastSeenByThisSocket}`))
    .returning({ ID: scoreboards.ID });
  return updated.length ? findScoreboard(db, { ID: id }) : null;
}

/** The game change a board's frame asks for. */
export type GameChange =
  | { kind: 'set'; home: string; away: string }
  | { kind: 'update'; home_score: number; away_score: number; timer: number }
  | { kind: 'reset' };

/**
 * Applies a game change in one statement (an update merges into the stored game, so two writers never
 * lose each other's fields). Answers the board, or null when an update found no game to update.
 */
export async function changeGame(db: Db, id: number, change: GameChange, seenAt = nowSeconds()): Promise<Scoreboard | null> {
  let game: SQL | ScoreboardGame | null;
  if (change.kind === 'set') {
    game = { home: change.home, away: change.away, home_score: 0, away_score: 0, timer: 0, start: seenAt };
  } else if (change.kind === 'update') {
    const { home_score, away_score, timer } = change;
    game = sql`${scoreboards.game} || ${JSON.stringify({ home_score, away_score, timer })}::jsonb`;
  } else {
    game = null;
  }
  const condition = change.kind === 'update' ? and(eq(scoreboards.ID, id), sql`${scoreboards.game} is not null`) : eq(scoreboards.ID, id);
  const updated = await db.update(scoreboards).set({ game }).where(condition).returning({ ID: scoreboards.ID });
  return updated.length ? findScoreboard(db, { ID: id }) : null;
}

/** Sets the background of a facility's boards (null: every board); answers the ports concerned. */
export async function setBackground(db: Db, facilityId: number | null, url: string): Promise<number[]> {
  const where = facilityId === null ? undefined : eq(scoreboards.facility_id, facilityId);
  const updated = await db.update(scoreboards).set({ background: url }).where(where).returning({ port: scoreboards.port });
  return updated.map((row) => row.port);
}
