import { z } from 'zod';
import { TEAM_GENDERS } from '../constants';
import { jsonRecordId } from '../validation/ids';
import { LEAGUE_DEFAULTS, LEAGUE_MESSAGES, type FeeOption } from '../validation/leagues';
import { listQuery } from '../validation/listQuery';
import { dollars, idParam, queryBool, recordId, specMessageOr } from '../validation/wire';
import { endpoint } from './endpoint';
import { entity } from './entity';
import * as answers from './answers/leagues';

// Leagues, tournaments, seasons and divisions (spec 3 §2.3–2.6, §2.11, §3–§7 "Leagues and
// tournaments", issue 24): the list and its totals, one league or tournament with its teams,
// divisions and money, creating, editing, duplicating and deleting one, the order of its teams, and
// the season rollover. Money in dollars, dates in unix seconds. Admins add leagues and roll seasons
// over; admins and managers delete a league without teams; the rest is the office's.

export const specMessage = specMessageOr(Object.values(LEAGUE_MESSAGES));

// ——— Answers ———

export interface Property { key: string; value: string }

/** A league's own columns on the wire. */
export interface LeagueRecord {
  ID: number; name: string; description: string; facility_id: number; product_id: number | null; new_product_id: number | null;
  age_group_id: number | null; gender: (typeof TEAM_GENDERS)[number] | null;
  start_date: number; end_date: number; registration_start_date: number | null; registration_end_date: number | null;
  early_bird_start_date: number | null; early_bird_end_date: number | null;
  max_teams: number; max_players: number | null; duration: number; color: string;
  enable_deposit: boolean; enable_individual: boolean; enable_team: boolean; enable_early_bird: boolean; display_schedule: boolean;
  available_online: boolean; require_membership: boolean; is_container: boolean; is_tournament: boolean; is_e_league: boolean;
  tournament_id: number | null; parent_league_id: number | null; properties: Property[];
  rollover_from: number | null; rollover_to: number | null; rollover_date: number | null; force_close: boolean;
  CreatedAt: number; UpdatedAt: number;
}

/** A row of the leagues list: the league, where, for whom, how many teams, its price and money. */
export interface LeagueListRow extends LeagueRecord {
  facility: { ID: number; name: string; time_zone: string };
  age_group: { ID: number; name: string } | null;
  product_type_id: number | null;
  teams_count: number;
  /** Whether DELETE /league/{id} would delete it: no teams, divisions, e-players, e-matches nor games (m14). */
  deletable: boolean;
  /** The team fee (dollars): the product's team price at the league's facility, else its full price. */
  full_price: number;
  invoiced: number; paid: number; balance: number;
}

/** A team's sign-up as a league shows it: the team, its order and group, its invoice. */
export interface LeagueTeam {
  ID: number; order: number; group: number | null; CreatedAt: number; source: 'staff' | 'online';
  team: { ID: number; name: string; color: string; players_count: number; captain: { ID: number; first_name: string; last_name: string; email: string } | null };
  invoice: { ID: number; invoiced: number; discounted: number; paid: number; balance: number } | null;
}

/** A division of a season (or of a tournament), with its count of teams. */
export interface LeagueDivision { ID: number; name: string; teams_count: number; rollover_from: number | null; rollover_date: number | null; is_tournament: boolean }

/** GET /league/{id} and /tournament/{id}: the page in one call. */
export interface LeagueDetail extends LeagueListRow {
  parent_league: { ID: number; name: string } | null;
  tournament: { ID: number; name: string } | null;
  teams: LeagueTeam[];
  /** A season's divisions (parent_league_id) … */
  divisions: LeagueDivision[];
  /** … and a tournament's (tournament_id). */
  leagues: LeagueDivision[];
  /** The fees a team may sign up at now. */
  fees: FeeOption[];
  /** Σ(invoiced − discounted) of the teams' invoices: what the league expects to be paid. */
  expected: number;
}

/** GET /signup/league/{id}: a team sign-up with its team, roster and invoice (spec 3 §3 Team signup). */
export interface TeamSignupDetail {
  ID: number; league_id: number; group: number | null;
  team: { ID: number; name: string; group: number | null; roster: Array<{ ID: number; customer_id: number; first_name: string; last_name: string }> };
  invoice: { ID: number; invoiced: number; discounted: number; paid: number; balance: number } | null;
}

// ——— The list ———

const ids = z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v), z.array(recordId()).max(200));
const flag = z.union([z.boolean(), queryBool]);
const unixFilter = z.coerce.number().int().nonnegative();

export const LEAGUE_FILTERS = {
  active: flag,
  facility_ids: ids,
  product_type_id: recordId(),
  league_ids: ids,
  start: unixFilter,
  end: unixFilter,
  hide_paid: flag,
  is_tournament: flag,
};
export const LEAGUE_SORTS = ['ID', 'name', 'start_date', 'end_date', 'facility_id', 'max_teams'] as const;

/** The list's criteria as the handler reads them. */
export interface LeagueSearch {
  active?: boolean; facility_ids?: number[]; product_type_id?: number; league_ids?: number[]; start?: number; end?: number;
  hide_paid?: boolean; is_tournament?: boolean;
}

const listOf = (path: '/league' | '/tournament', summary: string) => ({
  method: 'GET' as const,
  path,
  summary,
  permission: { resource: 'leagues', action: 'list' },
  query: listQuery({ sortable: LEAGUE_SORTS, defaultSort: ['start_date', 'DESC'], filters: LEAGUE_FILTERS, searchable: true }),
});

export const leagueList = endpoint<LeagueListRow[]>()({ ...listOf('/league',
  'The leagues list: filters active, facility_ids, product_type_id, league_ids, start, end, hide_paid, is_tournament and words (ra-data-simple-rest filter, sort and range; Content-Range tells the total)'), answer: answers.leagueListRow.array() });

export const tournamentList = endpoint<LeagueListRow[]>()({ ...listOf('/tournament', 'The tournaments list (as GET /league, tournaments only)'), answer: answers.leagueListRow.array() });

export const leagueTotals = endpoint<{ leagues: number; teams: number }>()({
  method: 'GET',
  path: '/league/totals',
  summary: 'The count of leagues the list\'s filters match and their total count of teams',
  permission: { resource: 'leagues', action: 'list' },
  query: listQuery({ sortable: LEAGUE_SORTS, defaultSort: ['start_date', 'DESC'], filters: LEAGUE_FILTERS, searchable: true }),
  answer: answers.leagueTotalsAnswer,
});

// ——— One league ———

export const getLeague = endpoint<LeagueDetail>()({
  method: 'GET',
  path: '/league/{id}',
  summary: 'A league, season or division: header, teams with their invoices, divisions, money and fees',
  permission: { resource: 'leagues', action: 'show' },
  params: idParam,
  answer: answers.leagueDetail,
});

export const getTournament = endpoint<LeagueDetail>()({
  method: 'GET',
  path: '/tournament/{id}',
  summary: 'A tournament: header, teams, its divisions, money and fees',
  permission: { resource: 'leagues', action: 'show' },
  params: idParam,
  answer: answers.leagueDetail,
});

const required = { error: LEAGUE_MESSAGES.required };
const unix = z.number(required).int().nonnegative();
const optionalUnix = z.number().int().nonnegative().nullable().optional();
const property = z.strictObject({ key: z.string().trim().max(100), value: z.string().trim().max(200) });

const maxTeams = z.number(required).int().min(1, 'must be at least 1').max(200, 'must be at most 200');
const duration = z.number(required).int().min(5, 'must be at least 5 minutes').max(600, 'must be at most 600 minutes');
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #3f51b5');

/** The league form's fields (spec 3 §7 POST /league), with its rules (spec 3 §5). */
const leagueFields = {
  name: z.string(required).trim().min(1, LEAGUE_MESSAGES.required).max(200),
  description: z.string(required).trim().max(5000),
  facility_id: jsonRecordId(LEAGUE_MESSAGES.required),
  product_id: jsonRecordId().nullable().optional(),
  new_product_id: jsonRecordId(LEAGUE_MESSAGES.required),
  age_group_id: jsonRecordId().nullable().optional(),
  gender: z.enum(TEAM_GENDERS, { error: `must be one of ${TEAM_GENDERS.join(', ')}` }).nullable().optional(),
  start_date: unix,
  end_date: unix,
  registration_start_date: unix,
  registration_end_date: unix,
  early_bird_start_date: optionalUnix,
  early_bird_end_date: optionalUnix,
  require_membership: z.boolean().default(false),
  enable_individual: z.boolean().default(false),
  enable_deposit: z.boolean().default(false),
  enable_early_bird: z.boolean().default(false),
  enable_team: z.boolean().default(true),
  display_schedule: z.boolean().default(false),
  available_online: z.boolean().default(false),
  max_teams: maxTeams.default(LEAGUE_DEFAULTS.max_teams),
  /** The most players a team's roster takes (online joins stop there); null: no limit. */
  max_players: z.number({ error: 'must be a whole number of players' }).int('must be a whole number of players').min(1, 'must be at least 1').max(200, 'must be at most 200').nullable().optional(),
  duration: duration.default(LEAGUE_DEFAULTS.duration),
  color: color.default(LEAGUE_DEFAULTS.color),
  is_container: z.boolean().default(false),
  is_tournament: z.boolean().default(false),
  /** A console league: e-players and e-matches instead of teams and matches. */
  is_e_league: z.boolean().optional(),
  parent_league_id: jsonRecordId().nullable().optional(),
  tournament_id: jsonRecordId().nullable().optional(),
  properties: z.array(property).max(50).default([]),
};

type DatesLike = { start_date?: number; end_date?: number; registration_start_date?: number; registration_end_date?: number; early_bird_start_date?: number | null; early_bird_end_date?: number | null };
/** End dates after start dates (spec 3 §5), for the pairs a body carries. */
const datesInOrder = (d: DatesLike) => !(
  (d.start_date !== undefined && d.end_date !== undefined && d.end_date < d.start_date)
  || (d.registration_start_date !== undefined && d.registration_end_date !== undefined && d.registration_end_date < d.registration_start_date)
  || (d.early_bird_start_date && d.early_bird_end_date && d.early_bird_end_date < d.early_bird_start_date)
);

export const leagueBody = z.strictObject(leagueFields)
  .refine(datesInOrder, { message: LEAGUE_MESSAGES.datesOrder })
  // Age group and gender are asked of leagues, not of containers (spec 3 §5).
  .refine((l) => l.is_container || (l.age_group_id && l.gender), { message: LEAGUE_MESSAGES.required });
export type LeagueBody = z.output<typeof leagueBody>;

const createOf = (path: '/league' | '/tournament', summary: string) => ({
  method: 'POST' as const,
  path,
  summary,
  permission: { resource: 'leagues', action: 'create' },
  status: 201,
  body: leagueBody,
  describe: specMessage,
});

export const createLeague = endpoint<LeagueRecord>()({ ...createOf('/league', 'Creates a league, a season (is_container) or one of its divisions (parent_league_id, tournament_id); admins only'), answer: answers.leagueRecord });
export const createTournament = endpoint<LeagueRecord>()({ ...createOf('/tournament', 'Creates a tournament (is_tournament); admins only'), answer: answers.leagueRecord });

/** A field of the form as a change: absent means unchanged (a default would overwrite the stored value). */
const asChange = <T extends z.ZodType>(field: T) => (field instanceof z.ZodDefault ? field.unwrap() as z.ZodType : field).optional();

export const leagueUpdate = z.strictObject({
  ...Object.fromEntries(Object.entries(leagueFields).map(([k, v]) => [k, asChange(v)])) as {
    [K in keyof typeof leagueFields]: z.ZodOptional<(typeof leagueFields)[K] extends z.ZodDefault<infer U> ? U : (typeof leagueFields)[K]>
  },
  force_close: z.boolean().optional(),
}).refine(datesInOrder, { message: LEAGUE_MESSAGES.datesOrder });
export type LeagueUpdate = z.output<typeof leagueUpdate>;

const updateOf = (path: '/league/{id}' | '/tournament/{id}', summary: string) => ({
  method: 'PUT' as const,
  path,
  summary,
  permission: { resource: 'leagues', action: 'edit' },
  params: idParam,
  body: leagueUpdate,
  describe: specMessage,
});

export const updateLeague = endpoint<LeagueRecord>()({ ...updateOf('/league/{id}', 'Changes a league\'s fields (one field, e.g. force_close, or the whole form); non-admins keep their facility'), answer: answers.leagueRecord });
export const updateTournament = endpoint<LeagueRecord>()({ ...updateOf('/tournament/{id}', 'Changes a tournament\'s fields'), answer: answers.leagueRecord });

const deleteOf = (path: '/league/{id}' | '/tournament/{id}', summary: string) => ({
  method: 'DELETE' as const,
  path,
  summary,
  permission: { resource: 'leagues', action: 'delete' },
  params: idParam,
});

export const deleteLeague = endpoint<LeagueRecord>()({ ...deleteOf('/league/{id}', 'Deletes a league without teams (and a season without divisions); admins and managers'), answer: answers.leagueRecord });
export const deleteTournament = endpoint<LeagueRecord>()({ ...deleteOf('/tournament/{id}', 'Deletes a tournament without teams or divisions; admins and managers'), answer: answers.leagueRecord });

export const moveLeagueTeam = endpoint<LeagueTeam[]>()({
  method: 'PUT',
  path: '/league/order/{id}',
  summary: 'Moves a team of the league up or down: its sign-up swaps order with its neighbour\'s',
  permission: { resource: 'leagues', action: 'edit' },
  params: idParam,
  body: z.strictObject({ signup_id: jsonRecordId(), direction: z.enum(['up', 'down']) }),
  answer: answers.leagueTeam.array(),
});

export const getTeamSignup = endpoint<TeamSignupDetail>()({
  method: 'GET',
  path: '/signup/league/{id}',
  summary: 'A team sign-up with its team, roster and invoice',
  permission: { resource: 'leagues', action: 'show' },
  params: idParam,
  answer: answers.teamSignupDetail,
});

// ——— Season rollover ———

const divisionFields = z.strictObject({
  name: leagueFields.name,
  description: z.string().trim().max(5000).default(''),
  age_group_id: leagueFields.age_group_id,
  gender: leagueFields.gender,
  new_product_id: jsonRecordId().nullable().optional(),
  properties: leagueFields.properties,
  rollover_from: jsonRecordId().nullable().optional(),
  available_online: z.literal(false).default(false),
  is_container: z.literal(false).default(false),
  // Absent: the previous division's, else the new season's.
  max_teams: maxTeams.optional(),
  duration: duration.optional(),
  color: color.optional(),
});

/** The new season of a rollover: the league form's fields, its dates, product and age group checked by rolloverProblem (spec 3 §5 Rollover save). */
const rolloverSeason = z.strictObject(leagueFields).pick({
  name: true, description: true, require_membership: true, enable_individual: true, enable_deposit: true, enable_early_bird: true,
  display_schedule: true, available_online: true, max_teams: true, duration: true, color: true, properties: true,
}).extend({
  facility_id: leagueFields.facility_id.optional(),
  new_product_id: jsonRecordId(LEAGUE_MESSAGES.selectProduct).nullable().optional(),
  age_group_id: z.number().int().nullable().optional(),
  start_date: optionalUnix,
  end_date: optionalUnix,
  registration_start_date: optionalUnix,
  registration_end_date: optionalUnix,
  early_bird_start_date: optionalUnix,
  early_bird_end_date: optionalUnix,
  is_container: z.literal(true).default(true),
  rollover_from: jsonRecordId().nullable().optional(),
});

export const rolloverBody = z.strictObject({
  previous_league_id: jsonRecordId(),
  new_league: rolloverSeason,
  new_divisions: z.array(z.strictObject({
    division: divisionFields,
    team_ids: z.array(jsonRecordId()).max(200).default([]),
    previous_league_id: jsonRecordId().nullable().optional(),
  })).max(50).default([]),
  /** Sign the chosen teams up at these fees (dollars by division index); none: the fee of `fee_kind`. */
  fees: z.array(dollars.min(0)).max(50).optional(),
  /** Without fees: the early bird while the new division offers it (the default), else its full price; or the full price. */
  fee_kind: z.enum(['early_bird', 'full']).default('early_bird'),
  /** Rollover Empty: the divisions without their teams. */
  empty: z.boolean().default(false),
});
export type RolloverBody = z.output<typeof rolloverBody>;

export const rolloverLeague = endpoint<{ ID: number; divisions: number[]; signups: number }>()({
  method: 'POST',
  path: '/league/rollover',
  summary: 'Rolls a season over: the new season, its divisions (not online) and, unless empty, the chosen teams\' sign-ups, in one transaction; admins only',
  permission: { resource: 'leagues', action: 'rollover' },
  status: 201,
  body: rolloverBody,
  describe: specMessage,
  answer: answers.rolloverLeagueAnswer,
});

export const completeRollover = endpoint<LeagueRecord>()({
  method: 'POST',
  path: '/league/rollover/complete',
  summary: 'Completes a pending rollover (rollover_from set, no rollover_date): sets its date; admins only',
  permission: { resource: 'leagues', action: 'rollover' },
  query: z.strictObject({ id: recordId() }),
  answer: answers.leagueRecord,
});

/** The league entity (/leagues, /league/{id}; a tournament is a league with is_tournament: /tournament/{id}). */
export const leagueEntity = entity({ resource: 'league', label: 'League', list: leagueList, one: getLeague, create: createLeague, update: updateLeague, delete: deleteLeague });

/** The tournament entity: a league with is_tournament, read and written at /tournament (/tournament/{id}); listed with the leagues. */
export const tournamentEntity = entity({ resource: 'tournament', label: 'Tournament', list: tournamentList, one: getTournament, create: createTournament, update: updateTournament, delete: deleteTournament });
