import { z } from 'zod';
import { customerContact, named, standingsFigures } from './core';
import { standingsWireRow } from './schedule';

export { standingsWireRow };

export const teamCaptain = customerContact;

export const teamLeagueRef = z.object({
  ID: z.number().int(),
  name: z.string(),
  start_date: z.number().int(),
  end_date: z.number().int(),
  is_tournament: z.boolean(),
});

export const teamRecord = z.object({
  ID: z.number().int(),
  name: z.string(),
  color: z.string(),
  facility_id: z.number().int(),
  age_group_id: z.number().int().nullable(),
  captain_id: z.number().int().nullable(),
  lock_roster: z.boolean(),
  CreatedAt: z.number().int(),
  UpdatedAt: z.number().int(),
});

export const teamListRow = z.object({
  facility: named,
  age_group: named.nullable(),
  captain: teamCaptain.nullable(),
  current_league: teamLeagueRef.nullable(),
  players_count: z.number(),
  ...teamRecord.shape,
});

export const allTeamsAnswer = z.array(z.object({ ID: z.number().int(), name: z.string(), facility_id: z.number().int() }));

export const teamGameLeague = z.object({ ID: z.number().int(), name: z.string(), is_tournament: z.boolean() });

export const teamMatch = z.object({
  ID: z.number().int(),
  league: teamGameLeague,
  event_id: z.number().int().nullable(),
  week: z.number().nullable(),
  round: z.number().nullable(),
  group: z.number().nullable(),
  date: z.number().int(),
  duration: z.number(),
  field: z.string().nullable(),
  match_type: z.enum(['regular', 'friendly', 'playoffs']),
  level: z.number(),
  is_bye: z.boolean(),
  home_team_id: z.number().int().nullable(),
  away_team_id: z.number().int().nullable(),
  home_team: z.string().nullable(),
  away_team: z.string().nullable(),
  home_score: z.number().nullable(),
  away_score: z.number().nullable(),
  no_show: z.enum(['home', 'away']).nullable(),
});

export const teamStandings = z.object({ league: teamGameLeague, rows: z.array(standingsWireRow) });

export const playerRecord = z.object({
  ID: z.number().int(),
  team_id: z.number().int(),
  customer_id: z.number().int(),
  registration_date: z.number().int(),
  is_coach: z.boolean(),
  /** Added at the desk (staff) or joined from the portal (online). */
  source: z.enum(['staff', 'online']),
});

export const rosterEntry = playerRecord.extend({
  is_captain: z.boolean(),
  customer: z.object({
    ID: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    birthdate: z.number().int().nullable(),
    photo: z.string().nullable(),
    is_kid: z.boolean(),
  }),
  suspended: z.boolean(),
  paid: z.number(),
});

export const teamLeague = z.object({
  signup_id: z.number().int(),
  league: teamLeagueRef.extend({
    facility_id: z.number().int(),
    parent_league_id: z.number().int().nullable(),
  }),
  product: named.nullable(),
  invoice: z.object({
    ID: z.number().int(),
    date: z.number().int(),
    invoiced: z.number(),
    discounted: z.number(),
    paid: z.number(),
    balance: z.number(),
  }).nullable(),
});

export const teamDetail = z.object({
  matches: z.array(teamMatch),
  standings: z.array(teamStandings),
  roster: z.array(rosterEntry),
  leagues: z.array(teamLeague),
  current_signup_id: z.number().int().nullable(),
  suspended_players: z.number(),
  balance: z.number(),
  deletable: z.boolean(),
  public_ref: z.string(),
  ...teamListRow.shape,
});

export const signupAnswer = z.object({
  ID: z.number().int(),
  team_id: z.number().int(),
  league_id: z.number().int(),
  invoice_id: z.number().int().nullable(),
});

export const addPlayerAnswer = playerRecord.extend({
  captain: z.boolean(),
});

export const movePlayerAnswer = playerRecord.extend({
  moved_payments: z.array(z.number()),
});

export const publicStandingsRow = z.object({
  rank: z.number(),
  group: z.number().nullable(),
  team: z.string(),
  ...standingsFigures.shape,
});

export const publicLeague = z.object({
  name: z.string(),
  start_date: z.number().int(),
  end_date: z.number().int(),
  is_tournament: z.boolean(),
  standings: z.array(publicStandingsRow).nullable(),
});

export const publicMatch = z.object({
  ID: z.number().int(),
  league: z.string(),
  date: z.number().int(),
  duration: z.number(),
  field: z.string().nullable(),
  home: z.string().nullable(),
  away: z.string().nullable(),
  home_score: z.number().nullable(),
  away_score: z.number().nullable(),
  match_type: z.string(),
  is_bye: z.boolean(),
});

export const publicTeam = z.object({
  name: z.string(),
  color: z.string(),
  facility: z.object({ name: z.string(), time_zone: z.string() }),
  league: z.object({ name: z.string(), start_date: z.number().int(), end_date: z.number().int() }).nullable(),
  leagues: z.array(publicLeague),
  players: z.array(z.object({ name: z.string(), is_captain: z.boolean(), is_coach: z.boolean() })),
  matches: z.array(publicMatch),
});

export const publicTeamCalendarAnswer = z.string();

export const renewTeamLinkAnswer = z.object({ public_ref: z.string() });
