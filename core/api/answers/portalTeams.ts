import { z } from 'zod';
import { holdMembership } from './portalOfferings';

// Answers of the portal's teams, invite links, free agents and the sibling discount (core/api/portalTeams.ts).

/** A card payment taken with a registration (dollars); null on the answer when nothing was due. */
const cardPayment = z.object({ payment_id: z.number().int(), square_id: z.string(), amount: z.number(), balance: z.number() });

const leagueRef = z.object({
  ID: z.number().int(), name: z.string(), start_date: z.number().int(), end_date: z.number().int(),
  facility: z.object({ ID: z.number().int(), name: z.string(), time_zone: z.string() }),
});

/** A team the signed-in holder captains, with its division, roster and invite link. */
export const portalTeam = z.object({
  ID: z.number().int(),
  name: z.string(),
  league: leagueRef,
  invoice_id: z.number().int().nullable(),
  players: z.number().int(),
  max_players: z.number().int().nullable(),
  lock_roster: z.boolean(),
  /** /my/join/{token}, or null once revoked. */
  invite_url: z.string().nullable(),
});

export const portalTeamCreated = z.object({
  team: portalTeam,
  signup_id: z.number().int(),
  invoice_id: z.number().int(),
  /** The fee charged: the early bird's inside its window, else the full fee (dollars, before tax and fee). */
  fee: z.number(),
  payment: cardPayment.nullable(),
});

/** A division as a family registers for it: its fee now, its deposit where enabled, what it takes. */
export const portalDivision = z.object({
  league: leagueRef,
  open: z.boolean(),
  enable_team: z.boolean(),
  enable_individual: z.boolean(),
  /** The team fee charged now (the early bird inside its window), dollars before tax and fee; null: none set. */
  fee: z.number().nullable(),
  early_bird: z.boolean(),
  /** The deposit a captain may pay instead, where the division enables it. */
  deposit: z.number().nullable(),
  max_players: z.number().int().nullable(),
  /** What a player registering individually pays (dollars before tax and fee; null: nothing, registered free). */
  individual_price: z.number().nullable(),
  /** Its team places are all taken (places offered to its waitlist included): a captain may join the waitlist with the team's name. */
  waitlist_open: z.boolean(),
  /**
   * What the holder's team registration charges now, as its invoice will have it (dollars; null: no fee set):
   * the membership it adds where the division requires one and the holder has none (null otherwise), the
   * invoice's total with tax and fees, and what paying the deposit takes now (the membership in full; null
   * without a deposit).
   */
  membership: holdMembership.nullable(),
  total: z.number().nullable(),
  deposit_due: z.number().nullable(),
});

export const portalInvite = z.object({ invite_url: z.string().nullable() });

export const portalJoinView = z.object({
  team: z.object({ ID: z.number().int(), name: z.string() }),
  league: leagueRef,
  captain: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  players: z.number().int(),
  max_players: z.number().int().nullable(),
  lock_roster: z.boolean(),
  /** Whether a player can join now (roster open and not full). */
  open: z.boolean(),
  /** What a joining player pays now toward the team's invoice (dollars; 0: nothing). */
  share: z.number(),
});

export const portalJoined = z.object({
  player_id: z.number().int(),
  team_id: z.number().int(),
  customer_id: z.number().int(),
  payment: cardPayment.nullable(),
});

export const portalFreeAgent = z.object({
  ID: z.number().int(),
  league_id: z.number().int(),
  customer_id: z.number().int(),
  source: z.enum(['staff', 'online']),
  CreatedAt: z.number().int(),
});

export const siblingDiscount = z.object({
  facility_id: z.number().int(),
  enabled: z.boolean(),
  second_percent: z.number(),
  later_percent: z.number(),
});

export const leagueFreeAgent = portalFreeAgent.extend({
  customer: z.object({ ID: z.number().int(), first_name: z.string(), last_name: z.string(), email: z.string(), birthdate: z.number().int().nullable() }),
  team_id: z.number().int().nullable(),
});
