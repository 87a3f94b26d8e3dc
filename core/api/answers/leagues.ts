import { z } from 'zod';
import { customerContact, facilityZone, feeOption, invoiceFigures, named } from './core';

export { feeOption };

export const property = z.object({ key: z.string(), value: z.string() });

export const leagueRecord = z.object({
  ID: z.number().int(),
  name: z.string(),
  description: z.string(),
  facility_id: z.number().int(),
  product_id: z.number().int().nullable(),
  new_product_id: z.number().int().nullable(),
  age_group_id: z.number().int().nullable(),
  gender: z.enum(['Male', 'Female', 'Co-Ed', 'Boys', 'Girls']).nullable(),
  start_date: z.number().int(),
  end_date: z.number().int(),
  registration_start_date: z.number().int().nullable(),
  registration_end_date: z.number().int().nullable(),
  early_bird_start_date: z.number().int().nullable(),
  early_bird_end_date: z.number().int().nullable(),
  max_teams: z.number(),
  max_players: z.number().int().nullable(),
  duration: z.number(),
  color: z.string(),
  enable_deposit: z.boolean(),
  enable_individual: z.boolean(),
  enable_team: z.boolean(),
  enable_early_bird: z.boolean(),
  display_schedule: z.boolean(),
  available_online: z.boolean(),
  require_membership: z.boolean(),
  is_container: z.boolean(),
  is_tournament: z.boolean(),
  is_e_league: z.boolean(),
  tournament_id: z.number().int().nullable(),
  parent_league_id: z.number().int().nullable(),
  properties: z.array(property),
  rollover_from: z.number().nullable(),
  rollover_to: z.number().nullable(),
  rollover_date: z.number().int().nullable(),
  force_close: z.boolean(),
  CreatedAt: z.number().int(),
  UpdatedAt: z.number().int(),
});

export const leagueListRow = z.object({
  facility: facilityZone,
  age_group: named.nullable(),
  product_type_id: z.number().int().nullable(),
  teams_count: z.number(),
  deletable: z.boolean(),
  full_price: z.number(),
  invoiced: z.number(),
  paid: z.number(),
  balance: z.number(),
  ...leagueRecord.shape,
});

export const leagueTotalsAnswer = z.object({ leagues: z.number(), teams: z.number() });

export const leagueTeam = z.object({
  ID: z.number().int(),
  order: z.number(),
  group: z.number().nullable(),
  CreatedAt: z.number().int(),
  /** Signed up at the desk (staff) or registered by its captain from the portal (online). */
  source: z.enum(['staff', 'online']),
  team: z.object({
    ID: z.number().int(),
    name: z.string(),
    color: z.string(),
    players_count: z.number(),
    captain: customerContact.nullable(),
  }),
  invoice: invoiceFigures.nullable(),
});

export const leagueDivision = z.object({
  ID: z.number().int(),
  name: z.string(),
  teams_count: z.number(),
  rollover_from: z.number().nullable(),
  rollover_date: z.number().int().nullable(),
  is_tournament: z.boolean(),
});

export const leagueDetail = z.object({
  parent_league: named.nullable(),
  tournament: named.nullable(),
  teams: z.array(leagueTeam),
  divisions: z.array(leagueDivision),
  leagues: z.array(leagueDivision),
  fees: z.array(feeOption),
  expected: z.number(),
  ...leagueListRow.shape,
});

export const teamSignupDetail = z.object({
  ID: z.number().int(),
  league_id: z.number().int(),
  group: z.number().nullable(),
  team: z.object({
    ID: z.number().int(),
    name: z.string(),
    group: z.number().nullable(),
    roster: z.array(z.object({
      ID: z.number().int(),
      customer_id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
    })),
  }),
  invoice: invoiceFigures.nullable(),
});

export const rolloverLeagueAnswer = z.object({ ID: z.number().int(), divisions: z.array(z.number()), signups: z.number() });
