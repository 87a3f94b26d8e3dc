import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { REGISTRATION_SOURCES, TEAM_GENDERS } from '../../../core/constants';
import { flag, id, json, note, ref, seconds, timestamps, type Property } from './columns';
import { customers } from './customers';
import { productVariations, products } from './products';
import { ageGroups, facilities, fields } from './settings';

// Leagues, tournaments, seasons and divisions (one table), teams, rosters, sign-ups and matches.

/**
 * A league, a tournament or a container of them. A season is a container (is_container) whose
 * divisions point at it through parent_league_id; a tournament (is_tournament) lists its divisions
 * through their tournament_id. Rollover links a season to the one it became (rollover_to) and back.
 */
export const leagues = pgTable('leagues', {
  ID: id(),
  name: text('name').notNull(),
  description: note('description'),
  facility_id: ref('facility_id').notNull().references(() => facilities.ID),
  product_id: ref('product_id').references(() => productVariations.ID),
  new_product_id: ref('new_product_id').references(() => products.ID),
  age_group_id: ref('age_group_id').references(() => ageGroups.ID),
  gender: text('gender', { enum: TEAM_GENDERS }),
  start_date: seconds('start_date').notNull(),
  end_date: seconds('end_date').notNull(),
  registration_start_date: seconds('registration_start_date'),
  registration_end_date: seconds('registration_end_date'),
  early_bird_start_date: seconds('early_bird_start_date'),
  early_bird_end_date: seconds('early_bird_end_date'),
  max_teams: integer('max_teams').notNull().default(8),
  /** The most players a team's roster takes in this division (joins by invite link stop there); null: no limit. */
  max_players: integer('max_players'),
  /** Match length in minutes. */
  duration: integer('duration').notNull().default(45),
  color: text('color').notNull().default('#3f51b5'),
  enable_deposit: flag('enable_deposit'),
  enable_individual: flag('enable_individual'),
  enable_team: flag('enable_team', true),
  enable_early_bird: flag('enable_early_bird'),
  display_schedule: flag('display_schedule'),
  available_online: flag('available_online'),
  require_membership: flag('require_membership'),
  is_container: flag('is_container'),
  is_tournament: flag('is_tournament'),
  is_e_league: flag('is_e_league'),
  tournament_id: ref('tournament_id').references((): AnyPgColumn => leagues.ID),
  parent_league_id: ref('parent_league_id').references((): AnyPgColumn => leagues.ID),
  properties: json<Property[]>('properties').notNull().default([]),
  rollover_from: ref('rollover_from').references((): AnyPgColumn => leagues.ID),
  rollover_to: ref('rollover_to').references((): AnyPgColumn => leagues.ID),
  /** When the rollover was completed; null while it is pending. */
  rollover_date: seconds('rollover_date'),
  /** Registration closed by staff. */
  force_close: flag('force_close'),
  ...timestamps,
}, (t) => [
  index('leagues_facility_idx').on(t.facility_id, t.start_date),
  index('leagues_parent_idx').on(t.parent_league_id),
  index('leagues_tournament_idx').on(t.tournament_id),
  index('leagues_dates_idx').on(t.start_date, t.end_date),
  check('leagues_dates_check', sql`${t.end_date} >= ${t.start_date}`),
]);

export const teams = pgTable('teams', {
  ID: id(),
  name: text('name').notNull(),
  color: text('color').notNull().default('#3f51b5'),
  facility_id: ref('facility_id').notNull().references(() => facilities.ID),
  /** Adult (1) or Youth (2). */
  age_group_id: ref('age_group_id').references(() => ageGroups.ID),
  captain_id: ref('captain_id').references(() => customers.ID),
  lock_roster: flag('lock_roster'),
  /** The unguessable address of the team's public page and calendar feed (random, 122 bits); a new one revokes the old. */
  public_ref: uuid('public_ref').notNull().defaultRandom(),
  /** The captain's invite link's secret (/my/join/{token}, 256 random bits); null: no link (revoked). */
  invite_token: text('invite_token'),
  ...timestamps,
}, (t) => [
  index('teams_facility_idx').on(t.facility_id),
  uniqueIndex('teams_invite_token_idx').on(t.invite_token),
  uniqueIndex('teams_public_ref_idx').on(t.public_ref),
  index('teams_name_idx').on(sql`lower(${t.name})`),
  index('teams_captain_idx').on(t.captain_id),
]);

/** A roster entry: a customer playing on a team. */
export const players = pgTable('players', {
  ID: id(),
  team_id: ref('team_id').notNull().references(() => teams.ID, { onDelete: 'cascade' }),
  customer_id: ref('customer_id').notNull().references(() => customers.ID),
  registration_date: seconds('registration_date').notNull(),
  is_coach: flag('is_coach'),
  source: text('source', { enum: REGISTRATION_SOURCES }).notNull().default('staff'),
  ...timestamps,
}, (t) => [
  uniqueIndex('players_team_customer_idx').on(t.team_id, t.customer_id),
  index('players_customer_idx').on(t.customer_id),
]);

/** A team entered in a league or tournament division; its invoice items carry team_signup_id. */
export const teamSignups = pgTable('team_signups', {
  ID: id(),
  team_id: ref('team_id').notNull().references(() => teams.ID),
  league_id: ref('league_id').notNull().references(() => leagues.ID),
  /** Standings group (1 or 2) when the league splits its teams. */
  group: integer('group'),
  /** Position in the league's team list, swapped to move a team up or down. */
  order: integer('order').notNull().default(0),
  source: text('source', { enum: REGISTRATION_SOURCES }).notNull().default('staff'),
  ...timestamps,
}, (t) => [
  uniqueIndex('team_signups_league_team_idx').on(t.league_id, t.team_id),
  index('team_signups_team_idx').on(t.team_id),
]);

/**
 * A player registered individually for a division (a free agent, where the division has
 * enable_individual) for staff to place on a team; team_id once placed.
 */
export const freeAgents = pgTable('free_agents', {
  ID: id(),
  league_id: ref('league_id').notNull().references(() => leagues.ID, { onDelete: 'cascade' }),
  customer_id: ref('customer_id').notNull().references(() => customers.ID),
  /** Who registered them: the player, or their parent. */
  registered_by: ref('registered_by').references(() => customers.ID),
  team_id: ref('team_id').references(() => teams.ID, { onDelete: 'set null' }),
  source: text('source', { enum: REGISTRATION_SOURCES }).notNull().default('online'),
  ...timestamps,
}, (t) => [
  uniqueIndex('free_agents_league_customer_idx').on(t.league_id, t.customer_id),
  index('free_agents_customer_idx').on(t.customer_id),
]);

/**
 * A game of a league. A missing team (null) is one not known yet (the API's 0); a bye (is_bye) has
 * only one team, the other side being the API's -1.
 */
export const matches = pgTable('matches', {
  ID: id(),
  league_id: ref('league_id').notNull().references(() => leagues.ID),
  home_team_id: ref('home_team_id').references(() => teams.ID),
  away_team_id: ref('away_team_id').references(() => teams.ID),
  home_score: integer('home_score'),
  away_score: integer('away_score'),
  /** The side that did not show up: it loses 0–3 in the standings whatever the score says. */
  no_show: text('no_show', { enum: ['home', 'away'] }),
  date: seconds('date').notNull(),
  field_id: ref('field_id').references(() => fields.ID),
  /** Minutes. */
  duration: integer('duration').notNull().default(45),
  comment: note('comment'),
  match_type: text('match_type').notNull().default('regular'),
  /** Playoff round: the number of teams left (8 quarter final, 4 semi final, 2 final); 0 otherwise. */
  level: integer('level').notNull().default(0),
  index: integer('index').notNull().default(0),
  group: integer('group'),
  week: integer('week'),
  round: integer('round'),
  is_bye: flag('is_bye'),
  /** The scheduler slot the match was built from. */
  token: text('token'),
  ...timestamps,
}, (t) => [
  index('matches_league_idx').on(t.league_id, t.date),
  index('matches_home_idx').on(t.home_team_id),
  index('matches_away_idx').on(t.away_team_id),
  index('matches_date_idx').on(t.date),
]);
