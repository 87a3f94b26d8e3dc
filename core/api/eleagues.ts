import { z } from 'zod';
import { MAX_GAMES, type Shortfall } from '../schedule/builder';
import { jsonRecordId } from '../validation/ids';
import { idParam, recordId } from '../validation/wire';
import { endpoint } from './endpoint';
import * as answers from './answers/eleagues';

// E-sports (console) leagues (spec 3 §2.5's e-league variant, §3 "E-player" and "E-match", §4, §7, §9;
// spec 1's /eplayer look-up; issue 27 items 3–5): a league with is_e_league has e-players signed up
// instead of teams, e-matches between two of them (one console each), their standings and play-offs,
// and two once-a-day actions — mailing the day's match list and recording the no-shows — each done at
// most once per league and day (the log key of POST /log/check). No secret travels in a URL: sending is
// an ordinary staff call under the role matrix. The office (admins, managers, mods) does all of it;
// non-admins only for their facility's e-leagues and the e-players of their facility or its e-leagues.

/** A no-show loses 0–3 (spec 3 §4, §9). */
export const NO_SHOW_SCORE = { winner: 3, loser: 0 } as const;
/** The console id is shown to this many characters (spec 3 §9). */
export const CONSOLE_ID_SHOWN = 15;
/** E-matches are listed in pages of this many rows (spec 3 §9). */
export const EMATCH_PAGE = 50;

/** The once-only actions of an e-league day (POST /log/check's log_type). */
export const ELEAGUE_LOG_TYPES = ['ematch_send', 'ematch_noshow'] as const;
export type EleagueLogType = (typeof ELEAGUE_LOG_TYPES)[number];

/** The log key of a league's day: '<league ID>-<YYYY-MM-DD in the facility's zone>'. */
export const dayKey = (leagueId: number, day: string) => `${leagueId}-${day}`;
const KEY = /^([1-9][0-9]{0,9})-(\d{4}-\d{2}-\d{2})$/;
/** The league and day of a log key, or null when it is not one. */
export function parseDayKey(key: string): { league_id: number; day: string } | null {
  const m = KEY.exec(key);
  return m ? { league_id: Number(m[1]), day: m[2] } : null;
}

/** Shown to 15 characters, the rest as an ellipsis (spec 3 §9). */
export const shortConsoleId = (id: string) => (id.length > CONSOLE_ID_SHOWN ? `${id.slice(0, CONSOLE_ID_SHOWN)}…` : id);

// Ours: what the spec leaves unworded.
export const ELEAGUE_MESSAGES = {
  notELeague: 'This league is not an e-league',
  players: 'Please select two different players of this e-league',
  alreadySent: "The day's match list was already sent",
  alreadyNoShows: "The day's no-shows were already recorded",
  noMatches: 'There are no matches on this day',
  scheduled: 'This e-league already has a schedule',
  badKey: 'must be a league ID and a day, e.g. 12-2026-11-27',
  consoleId: 'please enter the gamertag or console id',
  console: 'please pick the console: PS4 or XBOX',
  alreadySignedUp: 'This player is already signed up to this e-league',
  pickCustomer: 'Please pick the customer',
} as const;

/** An e-league's schedule is saved at once: when its matches do not all fit within its dates, none is. */
export const scheduleDoesNotFit = ({ games, wanted, cells, days }: Shortfall, first: string, last: string) =>
  `${games} of the ${wanted} matches do not fit between ${first} and ${last} (the slots hold ${cells} on ${days} days, a player one match a day): add slots or consoles, or ask fewer games`;

export type EplayerRecord = z.output<typeof answers.eplayerRecord>;

export type EmatchPlayer = z.output<typeof answers.ematchPlayer>;

/** An e-match (spec 3 §3 "E-match"). */
export type EmatchRecord = z.output<typeof answers.ematchRecord>;

export type EstandingsRow = z.output<typeof answers.estandingsRow>;

const unix = z.coerce.number({ error: 'must be a date (unix seconds)' }).int('must be a date (unix seconds)').nonnegative('must be a date (unix seconds)');
const score = z.number().int().min(0, 'must be 0 or more').max(99, 'must be at most 99').nullable();
const minutes = z.number().int().min(5, 'must be at least 5 minutes').max(600, 'must be at most 600 minutes');
const leagueQuery = z.strictObject({ league_id: recordId() });
const consoleId = z.string({ error: ELEAGUE_MESSAGES.consoleId }).trim().min(1, ELEAGUE_MESSAGES.consoleId).max(100, 'must be at most 100 characters');

// ——— E-players ———

export const searchEplayers = endpoint<EplayerRecord[]>()({
  method: 'GET',
  path: '/eplayer',
  summary: 'E-players by gamertag or console id (query: any part, at most 50), or the players signed up to an e-league (league_id) with their sign-up',
  permission: { resource: 'eplayers', action: 'list' },
  query: z.strictObject({
    query: z.string().trim().min(1, 'type a gamertag or console id').max(100).optional(),
    league_id: recordId().optional(),
  }).refine((q) => q.query !== undefined || q.league_id !== undefined, { message: 'type a gamertag or console id' }),
  answer: answers.eplayerRecord.array(),
});

export const getEplayer = endpoint<EplayerRecord>()({
  method: 'GET',
  path: '/eplayer/{id}',
  summary: 'An e-player with their customer and e-leagues',
  permission: { resource: 'eplayers', action: 'show' },
  params: idParam,
  answer: answers.eplayerRecord,
});

export const updateEplayer = endpoint<EplayerRecord>()({
  method: 'PUT',
  path: '/eplayer/{id}',
  summary: 'Changes an e-player\'s console id (gamertag) and Discord name; audited',
  permission: { resource: 'eplayers', action: 'edit' },
  params: idParam,
  body: z.strictObject({
    console_id: consoleId.optional(),
    discord_username: z.string().trim().max(100, 'must be at most 100 characters').optional(),
    console: z.enum(['PS4', 'XBOX'], { error: 'must be PS4 or XBOX' }).optional(),
  }).refine((b) => Object.keys(b).length > 0, { message: 'send at least one field to change' }),
  answer: answers.eplayerRecord,
});

export const signupEplayer = endpoint<EplayerRecord>()({
  method: 'POST',
  path: '/eplayer/signup',
  summary: 'Signs a customer up to an e-league as an e-player: their e-player, or a new one with the console id, console and Discord name given when they have none; 409 when already signed up; audited',
  permission: { resource: 'eplayers', action: 'edit' },
  status: 201,
  body: z.strictObject({
    league_id: jsonRecordId(),
    customer_id: jsonRecordId(ELEAGUE_MESSAGES.pickCustomer),
    console_id: consoleId.optional(),
    console: z.enum(['PS4', 'XBOX'], { error: ELEAGUE_MESSAGES.console }).optional(),
    discord_username: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  }),
  answer: answers.eplayerRecord,
});

export const deleteEplayerSignup = endpoint<{ ID: number; league_id: number; eplayer_id: number }>()({
  method: 'DELETE',
  path: '/eplayer/signup/{id}',
  summary: 'Takes an e-player out of an e-league (their e-matches stay); audited',
  permission: { resource: 'eplayers', action: 'delete' },
  params: idParam,
  answer: answers.deleteEplayerSignupAnswer,
});

// ——— E-matches ———

export const listEmatches = endpoint<{ matches: EmatchRecord[]; total: number; page: number }>()({
  method: 'GET',
  path: '/ematch/matches',
  summary: 'An e-league\'s e-matches by date, in pages of 50 (page from 1)',
  permission: { resource: 'leagues', action: 'show' },
  query: z.strictObject({ league_id: recordId(), page: z.coerce.number().int().min(1, 'must be 1 or more').max(100_000).default(1) }),
  answer: answers.listEmatchesAnswer,
});

export const createEmatch = endpoint<EmatchRecord>()({
  method: 'POST',
  path: '/ematch',
  summary: 'Adds an e-match between two players of the e-league (level: a play-off round, 0 a regular match)',
  permission: { resource: 'leagues', action: 'edit' },
  status: 201,
  idempotent: true,
  body: z.strictObject({
    league_id: jsonRecordId(),
    home_player_id: jsonRecordId(ELEAGUE_MESSAGES.players),
    away_player_id: jsonRecordId(ELEAGUE_MESSAGES.players),
    date: unix,
    duration: minutes.default(15),
    level: z.number().int().refine((l) => [0, 16, 8, 4, 2].includes(l), 'must be 0, 16, 8, 4 or 2').default(0),
  }).refine((b) => b.home_player_id !== b.away_player_id, { message: ELEAGUE_MESSAGES.players }),
  describe: (error) => error.issues.some((i) => i.message === ELEAGUE_MESSAGES.players) ? ELEAGUE_MESSAGES.players : error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
  answer: answers.ematchRecord,
});

export const updateEmatch = endpoint<EmatchRecord>()({
  method: 'PUT',
  path: '/ematch/{id}',
  summary: 'Records an e-match\'s score (home_score or away_score) or who checked in; audited',
  permission: { resource: 'leagues', action: 'edit' },
  params: idParam,
  body: z.strictObject({
    home_score: score.optional(), away_score: score.optional(),
    home_checked_in: z.boolean().optional(), away_checked_in: z.boolean().optional(),
  }).refine((b) => Object.keys(b).length > 0, { message: 'send at least one field to change' }),
  answer: answers.ematchRecord,
});

export const playerEmatches = endpoint<EmatchRecord[]>()({
  method: 'GET',
  path: '/ematch/player',
  summary: 'An e-player\'s e-matches in an e-league (regular and play-off, by date), whether or not they are still signed up to it',
  permission: { resource: 'leagues', action: 'show' },
  query: z.strictObject({ league_id: recordId(), player_id: recordId() }),
  answer: answers.ematchRecord.array(),
});

export const ematchStandings = endpoint<EstandingsRow[]>()({
  method: 'GET',
  path: '/ematch/standings',
  summary: 'An e-league\'s standings: every player signed up, 3 points a win, 1 a draw, regular e-matches with a score',
  permission: { resource: 'leagues', action: 'show' },
  query: leagueQuery,
  answer: answers.estandingsRow.array(),
});

export const ematchPlayoffs = endpoint<EmatchRecord[]>()({
  method: 'GET',
  path: '/ematch/playoffs',
  summary: 'An e-league\'s play-off e-matches, first round first (level 16, 8, 4, 2), by date',
  permission: { resource: 'leagues', action: 'show' },
  query: leagueQuery,
  answer: answers.ematchRecord.array(),
});

const dayRange = z.strictObject({ league_id: recordId(), start: unix, end: unix.optional() });

export const ematchDay = endpoint<EmatchRecord[]>()({
  method: 'GET',
  path: '/ematch/day',
  summary: 'The e-matches of a day (start to end; end defaults to the end of start\'s day in the facility\'s zone)',
  permission: { resource: 'leagues', action: 'show' },
  query: dayRange,
  answer: answers.ematchRecord.array(),
});

export const sendEmatchDay = endpoint<{ key: string; sent: number }>()({
  method: 'POST',
  path: '/ematch/send',
  summary: 'Mails each player of the day\'s e-matches (level: only that round) their matches, once per league and day (log key ematch_send); a second call answers 409. No secret in the URL: the staff session and the role matrix authorise it',
  permission: { resource: 'leagues', action: 'edit' },
  query: dayRange.extend({ level: recordId('must be 0, 16, 8, 4 or 2', 0).optional() }),
  answer: answers.sendEmatchDayAnswer,
});

export const recordNoShows = endpoint<{ key: string; no_shows: number[] }>()({
  method: 'POST',
  path: '/ematch/noshow',
  summary: 'Records the day\'s no-shows once per league and day (log key ematch_noshow): an unscored e-match where only one player checked in ends 3–0 to that player; a second call answers 409',
  permission: { resource: 'leagues', action: 'edit' },
  query: z.strictObject({ league_id: recordId(), start: unix }),
  answer: answers.recordNoShowsAnswer,
});

export const checkLog = endpoint<{ done: boolean; at: number | null }>()({
  method: 'POST',
  path: '/log/check',
  summary: 'Whether a once-only action was done: log_type ematch_send or ematch_noshow, key "<league ID>-<YYYY-MM-DD>"',
  permission: { resource: 'leagues', action: 'show' },
  body: z.strictObject({
    log_type: z.enum(ELEAGUE_LOG_TYPES, { error: `must be one of ${ELEAGUE_LOG_TYPES.join(', ')}` }),
    key: z.string().refine((k) => parseDayKey(k) !== null, ELEAGUE_MESSAGES.badKey),
  }),
  answer: answers.checkLogAnswer,
});

// ——— The e-league schedule ———

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be a time written HH:mm');

export const eleagueScheduleBody = z.strictObject({
  league_id: jsonRecordId(),
  /** The players to schedule; all of the league's when left out. */
  players: z.array(jsonRecordId()).min(2, 'pick at least two players').max(200).optional(),
  games: z.number().int().min(1, 'must be at least 1').max(MAX_GAMES, `must be at most ${MAX_GAMES}`).default(7),
  start_date: unix,
  duration: minutes.default(15),
  slots: z.array(z.strictObject({
    weekday: z.number().int().min(0, 'must be 0 (Sunday) to 6 (Saturday)').max(6, 'must be 0 (Sunday) to 6 (Saturday)'),
    start_time: hhmm,
    end_time: hhmm,
    /** Matches at once: one console each. */
    consoles: z.number().int().min(1, 'must be at least 1').max(50, 'must be at most 50').default(1),
  })).min(1, 'add at least one slot').max(50),
});
export type EleagueScheduleBody = z.output<typeof eleagueScheduleBody>;

export const scheduleEleague = endpoint<EmatchRecord[]>()({
  method: 'POST',
  path: '/league/schedule',
  summary: 'Builds and saves an e-league\'s schedule: the league schedule\'s fair round robin of its players on weekly slots, one console per match; 409 when it has one',
  permission: { resource: 'leagues', action: 'edit' },
  status: 201,
  body: eleagueScheduleBody,
  answer: answers.ematchRecord.array(),
});
