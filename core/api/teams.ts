import { z } from 'zod';
import { jsonRecordId } from '../validation/ids';
import { LEAGUE_MESSAGES } from '../validation/leagues';
import { listQuery } from '../validation/listQuery';
import { dollars, idParam, queryBool, recordId, specMessageOr } from '../validation/wire';
import type { StandingsWireRow } from './schedule';
import type { MatchType } from '../validation/schedule';
import { endpoint } from './endpoint';
import { entity } from './entity';
import * as answers from './answers/teams';

// Teams, their rosters and their league sign-ups (spec 3 §2.10, §2.13, §2.14, §3, §7 "Teams", issue
// 24): the list, one team with its players, leagues and invoices, creating, renaming (admins and
// managers), deleting one, locking its roster, signing it up for a league with its invoice (one
// transaction), changing its league, and adding, moving (with their payments) and removing players.

export const specMessage = specMessageOr(Object.values(LEAGUE_MESSAGES));

// ——— Answers ———

export interface TeamRecord {
  ID: number; name: string; color: string; facility_id: number; age_group_id: number | null; captain_id: number | null; lock_roster: boolean;
  CreatedAt: number; UpdatedAt: number;
}

export interface TeamCaptain { ID: number; first_name: string; last_name: string; email: string }
export interface TeamLeagueRef { ID: number; name: string; start_date: number; end_date: number; is_tournament: boolean }

/** A row of the teams list (spec 3 §2.13). */
export interface TeamListRow extends TeamRecord {
  facility: { ID: number; name: string };
  age_group: { ID: number; name: string } | null;
  captain: TeamCaptain | null;
  current_league: TeamLeagueRef | null;
  players_count: number;
}

/** A roster entry (spec 3 §3): the customer, their marks and what they paid towards the team's invoices. */
export interface RosterEntry {
  ID: number; team_id: number; customer_id: number; registration_date: number; is_coach: boolean; is_captain: boolean; source: 'staff' | 'online';
  customer: { ID: number; first_name: string; last_name: string; email: string; birthdate: number | null; photo: string | null; is_kid: boolean };
  suspended: boolean;
  /** Dollars paid by (for) this player on the team's invoices. */
  paid: number;
}

/** One of the team's league sign-ups with its invoice and product. */
export interface TeamLeague {
  signup_id: number;
  league: TeamLeagueRef & { facility_id: number; parent_league_id: number | null };
  product: { ID: number; name: string } | null;
  invoice: { ID: number; date: number; invoiced: number; discounted: number; paid: number; balance: number } | null;
}

/** A league or tournament as the team's games and standings name it. */
export interface TeamGameLeague { ID: number; name: string; is_tournament: boolean }

/**
 * One of the team's games, in any league or tournament it plays in (spec 3 §2.14, the Schedule &
 * Standings tab: Week, Date, Time, Home, Away, the row opening /calendar/event/{event_id}).
 */
export interface TeamMatch {
  ID: number;
  league: TeamGameLeague;
  /** The game's booking on the calendar; null for a bye (it books nothing). */
  event_id: number | null;
  week: number | null;
  round: number | null;
  group: number | null;
  /** Kick-off, unix seconds; minutes. */
  date: number;
  duration: number;
  field: string | null;
  match_type: MatchType;
  /** A play-off round's level (8 quarter final …); 0 otherwise. */
  level: number;
  is_bye: boolean;
  /** Null: a side not known yet (a play-off winner to come) or a bye's other side. */
  home_team_id: number | null;
  away_team_id: number | null;
  home_team: string | null;
  away_team: string | null;
  /** Null until the game is played. */
  home_score: number | null;
  away_score: number | null;
  no_show: 'home' | 'away' | null;
}

/** The standings of one of the team's leagues or tournaments (a tournament's rows carry their group). */
export interface TeamStandings { league: TeamGameLeague; rows: StandingsWireRow[] }

/** GET /team/{id}: the team page in one call. */
export interface TeamDetail extends TeamListRow {
  /** Its games in every league and tournament it plays in, by kick-off. */
  matches: TeamMatch[];
  /** The standings of each of those leagues and tournaments, the latest first. */
  standings: TeamStandings[];
  roster: RosterEntry[];
  leagues: TeamLeague[];
  /** The sign-up of the league the team plays now or next (the latest that has not ended). */
  current_signup_id: number | null;
  suspended_players: number;
  /** Σ balance of the team's invoices, dollars. */
  balance: number;
  /** Whether the team may be deleted: no league and no invoiced leagues (spec 3 §2.14). */
  deletable: boolean;
  /** The reference of the team's public page (/public/team?ref=) and calendar feed. */
  public_ref: string;
}

// ——— The list ———

export const TEAM_SORTS = ['ID', 'name', 'facility_id', 'CreatedAt'] as const;
export interface TeamSearch { facility_id?: number; age_group_id?: number; query?: string }

export const teamList = endpoint<TeamListRow[]>()({
  method: 'GET',
  path: '/team',
  summary: 'The teams list: words (q or query), facility_id, age_group_id (ra-data-simple-rest filter, sort and range; Content-Range tells the total)',
  permission: { resource: 'teams', action: 'list' },
  query: listQuery({
    sortable: TEAM_SORTS, defaultSort: ['name', 'ASC'], searchable: true,
    filters: { facility_id: recordId('must be a facility ID (0 for all)', 0), age_group_id: recordId(), query: z.string().max(200) },
  }),
  answer: answers.teamListRow.array(),
});

export const allTeams = endpoint<Array<{ ID: number; name: string; facility_id: number }>>()({
  method: 'GET',
  path: '/team/all',
  summary: 'Every team (of a facility; of an age group: those of it and those without one), by name: the choices of the team pickers',
  permission: { resource: 'teams', action: 'list' },
  query: z.strictObject({
    facility_id: recordId('must be a facility ID (0 for all)', 0).optional(),
    query: z.string().max(200).optional(),
    /** A league's age group: only the teams that may play in it (no youth team in an Adult league). */
    age_group_id: recordId().optional(),
  }),
  answer: answers.allTeamsAnswer,
});

// ——— One team ———

export const getTeam = endpoint<TeamDetail>()({
  method: 'GET',
  path: '/team/{id}',
  summary: 'A team: roster with marks and paid totals, leagues with their invoices, summary, its games in every league and tournament it plays in, and their standings',
  permission: { resource: 'teams', action: 'show' },
  params: idParam,
  answer: answers.teamDetail,
});

const teamName = z.string({ error: LEAGUE_MESSAGES.validTeamName }).trim().min(1, LEAGUE_MESSAGES.validTeamName).max(100, LEAGUE_MESSAGES.validTeamName);
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #3f51b5');

export const createTeam = endpoint<TeamRecord>()({
  method: 'POST',
  path: '/team',
  summary: 'Creates a team (non-admins: at their facility)',
  permission: { resource: 'teams', action: 'create' },
  status: 201,
  body: z.strictObject({ name: teamName, color: color.optional(), facility_id: jsonRecordId().optional(), age_group_id: jsonRecordId().nullable().optional() }),
  describe: specMessage,
  answer: answers.teamRecord,
});

export const updateTeam = endpoint<TeamRecord>()({
  method: 'PUT',
  path: '/team/{id}',
  summary: 'Renames a team (admins and managers), or makes a player its captain, or changes its colour',
  permission: { resource: 'teams', action: 'edit' },
  params: idParam,
  body: z.strictObject({ name: teamName.optional(), captain_id: jsonRecordId().optional(), color: color.optional(), age_group_id: jsonRecordId().nullable().optional() }),
  describe: specMessage,
  answer: answers.teamRecord,
});

export const deleteTeam = endpoint<TeamRecord>()({
  method: 'DELETE',
  path: '/team/{id}',
  summary: 'Deletes a team without a league and without invoiced leagues',
  permission: { resource: 'teams', action: 'delete' },
  params: idParam,
  answer: answers.teamRecord,
});

export const lockRoster = endpoint<TeamRecord>()({
  method: 'PUT',
  path: '/team/lock_roster/{id}',
  summary: 'Locks or unlocks the roster: a locked roster takes new players from admins only',
  permission: { resource: 'teams', action: 'edit' },
  params: idParam,
  query: z.strictObject({ lock_roster: queryBool }),
  answer: answers.teamRecord,
});

// ——— League sign-ups ———

export interface SignupAnswer { ID: number; team_id: number; league_id: number; invoice_id: number | null }

export const signUpTeam = endpoint<SignupAnswer>()({
  method: 'POST',
  path: '/team/signup',
  summary: 'Signs a team up for a league at one of its fees (dollars), with its team invoice, in one transaction; a new team (name, color) is created in it',
  permission: { resource: 'teams', action: 'signup' },
  status: 201,
  body: z.strictObject({
    league_id: jsonRecordId(LEAGUE_MESSAGES.required),
    fee: z.number({ error: LEAGUE_MESSAGES.validFee }).pipe(dollars.positive(LEAGUE_MESSAGES.validFee)),
    /** An existing team … */
    team_id: jsonRecordId(LEAGUE_MESSAGES.validTeam).optional(),
    /** … or a new one. */
    name: teamName.optional(),
    color: color.optional(),
  }).refine((b) => b.team_id !== undefined || b.name !== undefined, { message: LEAGUE_MESSAGES.validTeam }),
  describe: specMessage,
  answer: answers.signupAnswer,
});

export const changeLeague = endpoint<SignupAnswer>()({
  method: 'PUT',
  path: '/team/signup/{id}',
  summary: 'Moves a team\'s sign-up (and its invoice) to another league of its facility',
  permission: { resource: 'teams', action: 'signup' },
  params: idParam,
  body: z.strictObject({ team_id: jsonRecordId(LEAGUE_MESSAGES.validTeam), league_id: jsonRecordId(LEAGUE_MESSAGES.required) }),
  describe: specMessage,
  answer: answers.signupAnswer,
});

export const removeSignup = endpoint<SignupAnswer>()({
  method: 'DELETE',
  path: '/team/signup/{id}',
  summary: 'Removes a team from a league, only with no invoice or nothing paid (its unpaid invoice goes with it)',
  permission: { resource: 'teams', action: 'signup' },
  params: idParam,
  answer: answers.signupAnswer,
});

// ——— Players ———

export interface PlayerRecord { ID: number; team_id: number; customer_id: number; registration_date: number; is_coach: boolean; source: 'staff' | 'online' }

export const addPlayer = endpoint<PlayerRecord & { captain: boolean }>()({
  method: 'POST',
  path: '/player',
  summary: 'Adds a player to a team (the first becomes captain; a child needs a parent on record; a locked roster: admins only)',
  permission: { resource: 'teams', action: 'players' },
  status: 201,
  body: z.strictObject({
    team_id: jsonRecordId(LEAGUE_MESSAGES.validTeam),
    customer_id: jsonRecordId(),
    registration_date: z.number().int().nonnegative().optional(),
    is_coach: z.boolean().default(false),
  }),
  describe: specMessage,
  answer: answers.addPlayerAnswer,
});

export const movePlayer = endpoint<PlayerRecord & { moved_payments: number[] }>()({
  method: 'PUT',
  path: '/player/{id}',
  summary: 'Moves a player to another team; their payments on the team\'s invoice move to the target team\'s',
  permission: { resource: 'teams', action: 'players' },
  params: idParam,
  body: z.strictObject({ team_id: jsonRecordId(LEAGUE_MESSAGES.validTeam) }),
  describe: specMessage,
  answer: answers.movePlayerAnswer,
});

export const removePlayer = endpoint<PlayerRecord>()({
  method: 'DELETE',
  path: '/player/{id}',
  summary: 'Removes a player from a team (a captain leaves the team without one)',
  permission: { resource: 'teams', action: 'players' },
  params: idParam,
  answer: answers.playerRecord,
});

// ——— The public team page (issue 24 item 6) ———

/** A match as the public page shows it: no IDs but the match's own, team names only, and its league's name. */
export interface PublicMatch {
  ID: number; league: string; date: number; duration: number; field: string | null; home: string | null; away: string | null;
  home_score: number | null; away_score: number | null; match_type: string; is_bye: boolean;
}

/** A standings row on the public page. */
export interface PublicStandingsRow { rank: number; group: number | null; team: string; games: number; won: number; draw: number; lost: number; gf: number; ga: number; gd: number; points: number }

/** One of the team's leagues or tournaments on the public page; standings null when it does not display them online (display_schedule off). */
export interface PublicLeague { name: string; start_date: number; end_date: number; is_tournament: boolean; standings: PublicStandingsRow[] | null }

/**
 * GET /public/team/{ref}: what anyone with the link sees — the team, the league it plays now or next
 * (the header), its schedule and results in every league and tournament it plays in, and each one's
 * standings when it displays them online; players by first name and last initial, no e-mail, phone,
 * birth date or money.
 */
export interface PublicTeam {
  name: string; color: string;
  facility: { name: string; time_zone: string };
  /** The league or tournament it plays now or next, else its latest. */
  league: { name: string; start_date: number; end_date: number } | null;
  /** Every league and tournament it plays in, the latest first. */
  leagues: PublicLeague[];
  players: Array<{ name: string; is_captain: boolean; is_coach: boolean }>;
  /** Its games in all of them, by kick-off. */
  matches: PublicMatch[];
}

/** The public link's reference: a random UUID. */
const teamReference = z.strictObject({ ref: z.uuid('is not a team link') });

export const publicTeam = endpoint<PublicTeam>()({
  method: 'GET',
  path: '/public/team/{ref}',
  summary: 'The public team page (no sign-in: the link\'s reference is the key): team, its schedule and results in every league and tournament it plays in, their standings when shown online',
  permission: 'public',
  params: teamReference,
  answer: answers.publicTeam,
});

export const publicTeamCalendar = endpoint<string>()({
  method: 'GET',
  path: '/public/team/{ref}/calendar.ics',
  summary: 'The team\'s schedule in every league and tournament it plays in, as an iCalendar feed (text/calendar) that a phone calendar subscribes to',
  permission: 'public',
  params: teamReference,
  answer: answers.publicTeamCalendarAnswer,
});

export const renewTeamLink = endpoint<{ public_ref: string }>()({
  method: 'PUT',
  path: '/team/public_link/{id}',
  summary: 'Gives the team a new public link; the old one stops working',
  permission: { resource: 'teams', action: 'edit' },
  params: idParam,
  answer: answers.renewTeamLinkAnswer,
});

/** The team entity (/teams, /team/{id}). */
export const teamEntity = entity({ resource: 'team', label: 'Team', facilityFilter: 'facility_id', list: teamList, one: getTeam, create: createTeam, update: updateTeam, delete: deleteTeam });
