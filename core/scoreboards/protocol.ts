import { z } from 'zod';

// The scoreboard socket's protocol: JSON text frames on one WebSocket endpoint, /api/scoreboard/socket
// (declared in core/api/scoreboards.ts, SOCKET_PATH), shared by the boards (devices in the facilities)
// and the /scoreboards page. Pure: the hub, the simulator, the tests and the browser read it.
//
// A board's first frame is `connection` with its port and the shared SCOREBOARD_SECRET; it then sends
// set, update and reset, and receives reset (from POST /api/send) and background (from an upload).
// A browser's first frame is `register` with its bearer token; it then receives every change of the
// boards it may see (admins: all; managers: their facility's) as `scoreboard` frames.
// Anything wrong (bad frame, bad secret, unknown port, expired session) answers `error` and closes;
// an update to a board with no game only answers `error`. Browsers cannot send anything but register.
// The hub pings every socket every 30 s: a board's pong keeps it online (see store.ts, STALE_SECONDS),
// a browser's rechecks its session.

/** The game a scoreboard shows; null when reset. */
export interface ScoreboardGame {
  home: string;
  away: string;
  home_score: number;
  away_score: number;
  /** Seconds on the clock. */
  timer: number;
  /** When the game started, unix seconds. */
  start: number;
}

/** A scoreboard as GET /api/scoreboard and the socket's `scoreboard` frames give it. */
export interface Scoreboard {
  ID: number;
  port: number;
  field: { ID: number; number: number; name: string };
  facility: { ID: number; name: string };
  connected: boolean;
  game: ScoreboardGame | null;
  /** The URL of the background image the board shows, or null. */
  background: string | null;
  last_seen_at: number | null;
}

const team = z.string().trim().min(1, 'is required').max(60, 'is too long (60 characters at most)');
const score = z.number().int().min(0).max(999);

/** Frames a board sends. */
const boardFrames = [
  z.strictObject({ action: z.literal('connection'), port: z.number().int().min(1).max(65535), secret: z.string().max(200) }),
  /** A new game: teams given, scores 0, the clock at 0. */
  z.strictObject({ action: z.literal('set'), home: team, away: team }),
  /** The score and the clock (seconds) of the game on the board. */
  z.strictObject({ action: z.literal('update'), home_score: score, away_score: score, timer: z.number().int().min(0).max(24 * 3600) }),
  /** Clears the game. */
  z.strictObject({ action: z.literal('reset') }),
] as const;

/** The frame a browser sends when its socket opens: it registers as admin with its session's token. */
const registerFrame = z.strictObject({ action: z.literal('register'), role: z.literal('admin'), token: z.string().min(1).max(200) });

/** Any frame the hub accepts; the first one decides whether the socket is a board or a browser. */
export const clientMessage = z.discriminatedUnion('action', [...boardFrames, registerFrame]);
export type ClientMessage = z.infer<typeof clientMessage>;
export type BoardMessage = Exclude<ClientMessage, { action: 'register' }>;

/** Frames the hub sends to a board. */
export type ToBoard =
  | { action: 'connected'; scoreboard: Scoreboard }
  | { action: 'reset' }
  | { action: 'background'; url: string }
  | { action: 'error'; message: string };

/** Frames the hub sends to a browser. */
export type ToBrowser =
  | { action: 'registered' }
  | { action: 'scoreboard'; scoreboard: Scoreboard }
  | { action: 'error'; message: string };
