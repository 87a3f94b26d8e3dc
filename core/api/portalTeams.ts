import { z } from 'zod';
import { jsonRecordId } from '../validation/ids';
import { LEAGUE_MESSAGES } from '../validation/leagues';
import { idParam } from '../validation/wire';
import { IDEMPOTENCY_KEY_PATTERN, endpoint } from './endpoint';
import * as answers from './answers/portalTeams';
// A namespace import: in the browser an answers module is empty (vite.config.ts), which a named import cannot bind.
import * as offeringAnswers from './answers/portalOfferings';

// Teams from the families' portal (issue 44 §4): a captain registers a new team into a division open for
// registration and pays its fee (or deposit) by card; the team's invite link (/my/join/{token}) lets
// players join it (roster maximum, Lock Roster, the player's share where the league splits its fee);
// where the division takes individual registrations, a player registers as a free agent for staff to
// place. And the facility's sibling discount rule (§6), set in its settings.

export type PortalTeam = z.output<typeof answers.portalTeam>;
export type PortalTeamCreated = z.output<typeof answers.portalTeamCreated>;
export type PortalDivision = z.output<typeof answers.portalDivision>;
export type PortalJoinView = z.output<typeof answers.portalJoinView>;
export type PortalJoined = z.output<typeof answers.portalJoined>;
export type PortalFreeAgent = z.output<typeof answers.portalFreeAgent>;
export type SiblingDiscountRule = z.output<typeof answers.siblingDiscount>;
export type LeagueFreeAgent = z.output<typeof answers.leagueFreeAgent>;

export const PORTAL_TEAM_MESSAGES = {
  notOpen: 'This division is not open for registration online',
  noTeams: 'This division takes no team registrations',
  noIndividual: 'This division takes no individual registrations',
  noFee: 'This division has no team fee set: ask the facility to register your team',
  noDeposit: 'This division takes no deposit: pay the team fee',
  rosterFull: 'This team\'s roster is full',
  rosterLocked: 'The captain has locked this team\'s roster',
  alreadyFreeAgent: 'This player is already registered for this division',
  individualPaid: 'This division charges for individual registration: register and pay on the Register page',
  cardNeeded: 'A share of the team fee is due: pay it by card to join',
  keyReused: 'This idempotency key was used for another registration: send a new key for a new one',
  inProgress: 'This registration is still being processed: try again in a moment',
  notCharged: 'The card was not charged, and nothing was registered; please try again',
  lapsed: 'This registration took too long and was undone: ask the facility to refund the card\'s charge',
} as const;

const idempotencyKey = z.string({ error: 'is required' }).regex(IDEMPOTENCY_KEY_PATTERN, 'must be 8 to 200 visible characters');
const sourceId = z.string({ error: 'is required' }).trim().min(1, 'is required').max(500);
const teamName = z.string({ error: LEAGUE_MESSAGES.validTeamName }).trim().min(1, LEAGUE_MESSAGES.validTeamName).max(100, LEAGUE_MESSAGES.validTeamName);
/** An invite link's secret: 256 bits, base64url. */
const inviteToken = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'is not an invite link') });

export const portalTeams = endpoint()({
  method: 'GET',
  path: '/portal/teams',
  summary: 'The teams the account holder captains, with division, roster count and invite link',
  permission: 'portal',
  answer: answers.portalTeam.array(),
});

export const portalDivision = endpoint()({
  method: 'GET',
  path: '/portal/divisions/{id}',
  summary: 'A league or tournament division offered online: whether it is open, its team fee now (early bird in its window), deposit, and whether it takes teams and individual players, with what the holder\'s team registration charges (the membership it adds where the division requires one and the holder has none, the total with tax, the deposit due); 404 when not offered online',
  permission: 'portal',
  params: idParam,
  answer: answers.portalDivision,
});

export const portalRegisterTeam = endpoint()({
  method: 'POST',
  path: '/portal/teams',
  summary: 'Registers a new team (the holder its captain) into a division open for online registration: the team, its sign-up and invoice as staff make them (early bird in its window), paid by card (the fee, or the deposit where enabled; a membership the division requires and the captain lacks bought on the same invoice), a receipt mailed; all or nothing; when Square does not answer, 503: the charge is recorded or dropped within 15 minutes; a retry with the key answers the first result',
  permission: 'portal',
  status: 201,
  body: z.strictObject({
    league_id: jsonRecordId(),
    name: teamName,
    payment: z.enum(['full', 'deposit']).default('full'),
    idempotency_key: idempotencyKey,
    source_id: sourceId,
  }),
  answer: answers.portalTeamCreated,
});

export const portalNewInvite = endpoint()({
  method: 'POST',
  path: '/portal/teams/{id}/invite',
  summary: 'A new invite link for the captain\'s team; the old one answers 404 from now on',
  permission: 'portal',
  params: idParam,
  answer: answers.portalInvite,
});

export const portalRevokeInvite = endpoint()({
  method: 'DELETE',
  path: '/portal/teams/{id}/invite',
  summary: 'Revokes the captain\'s team\'s invite link (it answers 404 from now on)',
  permission: 'portal',
  params: idParam,
  answer: answers.portalInvite,
});

export const portalJoinView = endpoint()({
  method: 'GET',
  path: '/portal/join/{token}',
  summary: 'The team and division of an invite link, whether it can be joined and the share a player pays; 404 for an unknown or revoked link',
  permission: 'portal',
  params: inviteToken,
  answer: answers.portalJoinView,
});

export const portalJoin = endpoint()({
  method: 'POST',
  path: '/portal/join/{token}',
  summary: 'Adds a member of the family to the invite link\'s team (roster maximum, Lock Roster), paying the player\'s share by card where the league splits its fee',
  permission: 'portal',
  status: 201,
  params: inviteToken,
  body: z.strictObject({
    participant_id: jsonRecordId(),
    idempotency_key: idempotencyKey.optional(),
    source_id: sourceId.optional(),
  }),
  answer: answers.portalJoined,
});

export const portalFreeAgent = endpoint()({
  method: 'POST',
  path: '/portal/free-agents',
  summary: 'Registers a member of the family individually (free agent) for a division that takes individual registrations, for staff to place on a team',
  permission: 'portal',
  status: 201,
  body: z.strictObject({ league_id: jsonRecordId(), participant_id: jsonRecordId() }),
  answer: answers.portalFreeAgent,
});

export const leagueFreeAgents = endpoint()({
  method: 'GET',
  path: '/league/{id}/free_agents',
  summary: 'The players registered individually for a division (online or at the desk), for staff to place',
  permission: { resource: 'leagues', action: 'show' },
  params: idParam,
  answer: answers.leagueFreeAgent.array(),
});

export const leagueWaitlist = endpoint()({
  method: 'GET',
  path: '/league/{id}/waitlist',
  summary: 'The teams waiting for a place in a full division (joined online), first in line first, with their offers',
  permission: { resource: 'leagues', action: 'show' },
  params: idParam,
  answer: offeringAnswers.waitingEntry.array(),
});

export const removeLeagueWaitlist = endpoint()({
  method: 'DELETE',
  path: '/league/waitlist/{id}',
  summary: 'Removes a team from a division\'s waitlist; a place offered to it goes to the next in line',
  permission: { resource: 'leagues', action: 'edit' },
  params: idParam,
  answer: offeringAnswers.waitingEntry,
});

const percent = z.number({ error: 'must be a percentage' }).min(0, 'must be 0 to 100').max(100, 'must be 0 to 100');

export const facilitySiblingDiscount = endpoint()({
  method: 'GET',
  path: '/facility/{id}/sibling_discount',
  summary: 'The facility\'s sibling discount rule (off by default)',
  permission: { resource: 'facilities', action: 'show' },
  params: idParam,
  answer: answers.siblingDiscount,
});

export const setSiblingDiscount = endpoint()({
  method: 'PUT',
  path: '/facility/{id}/sibling_discount',
  summary: 'Sets the facility\'s sibling discount rule (admins and managers): the second child of a family in a program takes second_percent off, the third and later later_percent',
  permission: { resource: 'facilities', action: 'edit' },
  params: idParam,
  body: z.strictObject({ enabled: z.boolean(), second_percent: percent, later_percent: percent }),
  answer: answers.siblingDiscount,
});
