import { z } from 'zod';
import { MAX_GAMES } from '../schedule/builder';
import { PLAYOFF_LEVELS } from '../schedule/playoffs';
import { jsonRecordId } from '../validation/ids';
import { LEAGUE_DEFAULTS } from '../validation/leagues';
import { MATCH_TYPES, SCHEDULE_MESSAGES } from '../validation/schedule';
import { idParam, recordId, specMessageOr } from '../validation/wire';
import { endpoint } from './endpoint';
import * as answers from './answers/schedule';

// Matches, schedules, play-offs and standings (spec 3 §2.7–2.9, §4, §7 "Matches, schedules, playoffs,
// standings"; issue 25). The builder answers a schedule without saving it; POST /match/batch saves the
// reviewed games and books each one's field as a calendar event (one transaction, the calendar's
// guard: a game never lands on a taken field). The office builds, saves and scores (a mod records
// scores); admins and managers delete games. Dates in unix seconds; slot times "HH:mm" in the
// facility's zone. On the wire a side not known yet is 0 and a bye's other side -1 (spec 3 §4).

// ——— Answers ———

/** A match as the schedule, the bracket and the event page read it. */
export type MatchRecord = z.output<typeof answers.matchRecord>;

/** A computed game of the builder or the play-off generator, not saved, with its field's availability. */
export type ProposedMatch = z.output<typeof answers.proposedMatch>;

/**
 * What the builder answers: the games and byes, the games that do not fit between the league's dates
 * (null when all fit: how many, why, and each team's missing games), and the teams that play one more
 * game than asked (an odd group with an odd number of games).
 */
export type BuiltSchedule = z.output<typeof answers.builtSchedule>;

/** A standings row (spec 3 §3): `id` and `team_id` are the team's. */
export type StandingsWireRow = z.output<typeof answers.standingsWireRow>;

// ——— Schedule builder ———

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be a time written HH:mm');
const slot = z.strictObject({
  field: jsonRecordId(),
  weekday: z.number().int().min(0, 'must be 0 (Sunday) to 6 (Saturday)').max(6, 'must be 0 (Sunday) to 6 (Saturday)'),
  start_time: hhmm,
  end_time: hhmm,
});
const unix = z.number().int().nonnegative();
const minutes = z.number().int().min(5, 'must be at least 5 minutes').max(600, 'must be at most 600 minutes');

export const scheduleBody = z.strictObject({
  league_id: jsonRecordId(),
  games: z.number().int().min(1, 'must be at least 1').max(MAX_GAMES, `must be at most ${MAX_GAMES}`).default(LEAGUE_DEFAULTS.games),
  teams: z.array(jsonRecordId()).min(2, 'pick at least two teams').max(200),
  start_date: unix,
  duration: minutes.default(LEAGUE_DEFAULTS.duration),
  slots: z.array(slot).min(1, 'add at least one slot').max(50),
});
export type ScheduleBody = z.output<typeof scheduleBody>;

export const buildLeagueSchedule = endpoint<BuiltSchedule>()({
  method: 'POST',
  path: '/league/schedule/new',
  summary: 'Builds a league\'s schedule (one round robin of its teams on the weekly slots, one game a team a day, within the league\'s dates: what does not fit is counted with its reason) and checks each game\'s field against the calendar and opening hours; saves nothing',
  permission: { resource: 'leagues', action: 'edit' },
  body: scheduleBody,
  answer: answers.builtSchedule,
});

export const buildTournamentSchedule = endpoint<BuiltSchedule>()({
  method: 'POST',
  path: '/tournament/schedule',
  summary: 'Builds a tournament division\'s pool play: with more than 5 teams the second half of its list is group 2, each group its own round robin, each day\'s slots filled before the next within its dates; saves nothing',
  permission: { resource: 'leagues', action: 'edit' },
  body: scheduleBody,
  answer: answers.builtSchedule,
});

// ——— Matches ———

const score = z.number().int().min(0, 'must be 0 or more').max(99, 'must be at most 99').nullable();
const comment = z.string().trim().max(500, 'must be at most 500 characters').optional();

/** A game's teams and field: 'is required' when missing (the forms say "Required" under them). */
const matchFields = {
  home_team_id: jsonRecordId('is required'),
  away_team_id: jsonRecordId('is required'),
  date: unix,
  field_id: jsonRecordId('is required'),
  duration: minutes,
  comment,
  match_type: z.enum(['regular', 'friendly'], { error: 'must be regular or friendly' }).default('regular'),
  group: z.number().int().min(1).max(99).nullable().optional(),
  week: z.number().int().min(1).max(1000).nullable().optional(),
  round: z.number().int().min(1).max(1000).nullable().optional(),
  index: z.number().int().min(0).max(10_000).default(0),
};
const newMatch = z.strictObject(matchFields);
export type NewMatch = z.output<typeof newMatch>;

const LEVEL_RULE = `a play-off game has its round's level (${PLAYOFF_LEVELS.join(', ')}) and an index below half of it; any other game level 0`;

export const createMatch = endpoint<MatchRecord>()({
  method: 'POST',
  path: '/match',
  summary: 'Adds one game (Add manual game; the spec\'s one call per match, a play-off game with its round\'s level and index too) and books its field as a calendar event of the league\'s product type; is_tournament must agree with the league; 409 when the field is taken or the play-off place is filled',
  permission: { resource: 'leagues', action: 'edit' },
  status: 201,
  idempotent: true,
  body: z.strictObject({
    league_id: jsonRecordId(), ...matchFields,
    match_type: z.enum(MATCH_TYPES, { error: `must be one of ${MATCH_TYPES.join(', ')}` }).default('regular'),
    level: z.number().int().min(0).default(0),
    is_tournament: z.boolean().optional(),
  }).refine((b) => (b.match_type === 'playoffs'
    ? (PLAYOFF_LEVELS as readonly number[]).includes(b.level) && b.index < b.level / 2
    : b.level === 0), { message: LEVEL_RULE, path: ['level'] })
    .refine((b) => b.home_team_id !== b.away_team_id, { message: SCHEDULE_MESSAGES.sameTeam, path: ['away_team_id'] }),
  describe: specMessageOr([SCHEDULE_MESSAGES.sameTeam]),
  answer: answers.matchRecord,
});

export const saveMatches = endpoint<MatchRecord[]>()({
  method: 'POST',
  path: '/match/batch',
  summary: 'Saves the reviewed games of a schedule and books their fields, all or nothing (one transaction); 409 naming the booking in the way when a field is taken',
  permission: { resource: 'leagues', action: 'edit' },
  status: 201,
  idempotent: true,
  body: z.strictObject({ league_id: jsonRecordId(), matches: z.array(newMatch).min(1, 'there are no games to save').max(2000) }),
  answer: answers.matchRecord.array(),
});

export const matchChange = z.strictObject({
  home_score: score.optional(),
  away_score: score.optional(),
  no_show: z.enum(['home', 'away']).nullable().optional(),
  home_team_id: jsonRecordId().optional(),
  away_team_id: jsonRecordId().optional(),
  date: unix.optional(),
  field_id: jsonRecordId().optional(),
  duration: minutes.optional(),
  comment,
  match_type: z.enum(['regular', 'friendly']).optional(),
}).refine((body) => Object.keys(body).length > 0, { message: 'send at least one field to change' })
  // Both teams given: not the same one (one side alone is checked against the game's other by the server).
  .refine((body) => body.home_team_id === undefined || body.home_team_id !== body.away_team_id, { message: SCHEDULE_MESSAGES.sameTeam, path: ['away_team_id'] });
export type MatchChange = z.output<typeof matchChange>;

export const updateMatch = endpoint<MatchRecord>()({
  method: 'PUT',
  path: '/match/{id}',
  summary: 'Changes a match (a score, the no-show, the teams, the time or field — its booking moves with the calendar\'s guard); a play-off winner moves into the next round; audited',
  permission: { resource: 'leagues', action: 'edit' },
  params: idParam,
  body: matchChange,
  describe: specMessageOr([SCHEDULE_MESSAGES.sameTeam]),
  answer: answers.matchRecord,
});

export const deleteMatch = endpoint<{ deleted: number[] }>()({
  method: 'DELETE',
  path: '/match/{id}',
  summary: 'Deletes a game and its booking; admins and managers',
  permission: { resource: 'leagues', action: 'delete_games' },
  params: idParam,
  answer: answers.deleteMatchAnswer,
});

export const deleteSchedule = endpoint<{ deleted: number[] }>()({
  method: 'DELETE',
  path: '/league/schedule/{id}',
  summary: 'Delete all games: every regular game and friendly of a league with its booking (not the play-offs), in one transaction; admins and managers',
  permission: { resource: 'leagues', action: 'delete_games' },
  params: idParam,
  answer: answers.deleteScheduleAnswer,
});

export const listMatches = endpoint<{ matches: MatchRecord[]; standings: StandingsWireRow[] }>()({
  method: 'POST',
  path: '/match/list',
  summary: 'A league\'s matches in date order with their bookings, and its standings',
  permission: { resource: 'leagues', action: 'show' },
  body: z.strictObject({ query: z.strictObject({ league_id: jsonRecordId() }) }),
  answer: answers.listMatchesAnswer,
});

// ——— Standings ———

export const leagueStandings = endpoint<StandingsWireRow[]>()({
  method: 'GET',
  path: '/league/standings',
  summary: 'A league\'s standings in rank order (3 points a win, 1 a draw; ties by head-to-head, then goal difference, goals for, name); a tournament\'s by group',
  permission: { resource: 'leagues', action: 'show' },
  query: z.strictObject({ league_id: recordId(), group: recordId().optional() }),
  answer: answers.standingsWireRow.array(),
});

// ——— Play-offs ———

export const playoffBody = z.strictObject({
  league_id: jsonRecordId(),
  duration: minutes.default(LEAGUE_DEFAULTS.duration),
  round_settings: z.array(z.strictObject({
    level: z.number().int().refine((level) => (PLAYOFF_LEVELS as readonly number[]).includes(level), `must be one of ${PLAYOFF_LEVELS.join(', ')}`),
    field_id: jsonRecordId(),
    start_time: unix,
  })).min(1, 'give every round a field and a start time').max(PLAYOFF_LEVELS.length),
});
export type PlayoffBody = z.output<typeof playoffBody>;

export const previewPlayoffs = endpoint<{ matches: ProposedMatch[] }>()({
  method: 'POST',
  path: '/league/playoffs/new',
  summary: 'Pre-generates the play-offs from the standings (1 v N, 4 v N−3 … in bracket order; top seeds get byes when teams are fewer than places) with each match\'s availability; saves nothing',
  permission: { resource: 'leagues', action: 'edit' },
  body: playoffBody,
  answer: answers.previewPlayoffsAnswer,
});

export const createPlayoffs = endpoint<MatchRecord[]>()({
  method: 'POST',
  path: '/league/playoffs',
  summary: 'Saves the play-offs and books every match that is not a bye, all or nothing; 409 when the league has play-offs or a field is taken',
  permission: { resource: 'leagues', action: 'edit' },
  status: 201,
  idempotent: true,
  body: playoffBody,
  answer: answers.matchRecord.array(),
});

export const getPlayoffs = endpoint<MatchRecord[]>()({
  method: 'GET',
  path: '/league/playoffs',
  summary: 'A league\'s play-off bracket: every round from the first to the final, top of the bracket first',
  permission: { resource: 'leagues', action: 'show' },
  query: z.strictObject({ league_id: recordId() }),
  answer: answers.matchRecord.array(),
});

export const deletePlayoffs = endpoint<{ deleted: number[] }>()({
  method: 'DELETE',
  path: '/league/playoffs/{leagueID}',
  summary: 'Deletes a league\'s play-offs and their bookings (Rebuild and Delete); admins and managers',
  permission: { resource: 'leagues', action: 'delete_games' },
  params: z.strictObject({ leagueID: recordId() }),
  answer: answers.deletePlayoffsAnswer,
});
