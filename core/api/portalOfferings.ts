import { z } from 'zod';
import { OFFERING_TYPES } from '../constants';
import { LEAGUE_MESSAGES } from '../validation/leagues';
import { idParam, recordId } from '../validation/wire';
import { IDEMPOTENCY_KEY_PATTERN, endpoint } from './endpoint';
import * as answers from './answers/portalOfferings';

// Online registration from the families' portal (issue 44): what is open to register for, a seat held
// while paying (10 minutes, extended once), the checkout that turns a hold into registrations with one
// invoice and a card payment, and the waitlist. Every call needs a portal session and answers 404 for
// another family's holds and members.

export type Offering = z.output<typeof answers.offering>;
export type PortalHold = z.output<typeof answers.portalHold>;
export type PortalCheckout = z.output<typeof answers.portalCheckout>;
export type PortalWaitlistEntry = z.output<typeof answers.portalWaitlistEntry>;
export type OfferingType = (typeof OFFERING_TYPES)[number];

export const OFFERING_MESSAGES = {
  full: 'No places are left: join the waitlist to be offered one when it frees',
  expired: 'This hold has expired: its places went back on sale; start again',
  extendedOnce: 'This hold was already extended once',
  notHeld: 'This hold is no longer open',
  notEligible: 'is not eligible',
  notOnline: 'This is not open for online registration',
  noWaitlist: 'Rentals and individual registrations have no waitlist: classes, camps, pickup games and divisions\' team places have one',
  waiver: 'Sign the facility\'s waiver for every participant first',
  membership: 'A membership is required: buy one at the front desk first',
  keyReused: 'This idempotency key was used for another checkout: send a new key for a new attempt',
  inProgress: 'This checkout is still being processed: try again in a moment',
  notCharged: 'The card was not charged; the places stay held until the hold expires: try again',
  notFull: 'There are places left: register instead of joining the waitlist',
  duplicates: 'A participant is listed twice',
  alreadyHeld: 'A place is already held for this participant: finish that registration or let it expire',
  slotNeeded: 'Choose one of the session\'s games (event_id)',
  slotUnknown: 'This game is not one of the session\'s coming games',
  gameFull: 'This game is full: choose another one',
  alreadyPlaying: 'A participant is already signed up for this game',
  alreadyWaiting: 'Already on this waitlist: we will mail you when a place frees',
  teamNameNeeded: 'Name the team that waits for a place (team_name)',
  divisionFull: 'This division has no team places left: join its waitlist to be offered one when it frees',
  rentalNeeded: 'Choose a field, a start and an end (rental)',
  rentalOne: 'A rental is booked by the account holder alone',
  pastTime: 'Choose a time that has not started yet',
  tooLong: 'A rental booked online lasts at most 4 hours: ask the front desk for a longer one',
  notPriced: 'This field cannot be booked online at that time: ask the front desk',
} as const;

const offeringRef = z.strictObject({
  type: z.enum(OFFERING_TYPES, { error: 'must be class, camp, league, pickup or rental' }),
  id: recordId(),
});

export const portalOfferings = endpoint()({
  method: 'GET',
  path: '/portal/offerings',
  summary: 'What a facility has open for online registration now: classes and camps, league and tournament divisions, pickup sessions with their slots, field types rented online with their fields; each with its price now, seats left, waitlist and each family member\'s eligibility',
  permission: 'portal',
  query: z.strictObject({ facility_id: recordId('must be a facility ID') }),
  answer: answers.offering.array(),
});

export const portalHoldCreate = endpoint()({
  method: 'POST',
  path: '/portal/holds',
  summary: 'Holds seats for family members for 10 minutes while they pay (201): a class or camp, a pickup game (event_id), a division\'s individual registration, or a rental (a field and a time, taken as a booking would: 409 when in the way); 409 with the waitlist when a class has none left',
  permission: 'portal',
  status: 201,
  body: z.strictObject({
    offering: offeringRef,
    participant_ids: z.array(recordId(), { error: 'must list the family members to register' }).min(1, 'must list at least one family member').max(10, 'at most 10 participants at once'),
    /** pickup: the game (its event) of the session. */
    event_id: recordId('must be one of the session\'s games').optional(),
    /** rental: the field (of the offering's field type) and the time, unix seconds. */
    rental: z.strictObject({
      field_id: recordId('must be a field'),
      start_date: z.number({ error: 'must be a date (unix seconds)' }).int().nonnegative(),
      end_date: z.number({ error: 'must be a date (unix seconds)' }).int().nonnegative(),
    }).optional(),
  }),
  answer: answers.portalHold,
});

export const portalHold = endpoint()({
  method: 'GET',
  path: '/portal/holds/{id}',
  summary: 'One of the family\'s holds (also a waitlist offer, from its mail\'s link): its price now, or once checked out what it was charged (its invoice\'s figures and payments), never a new quote',
  permission: 'portal',
  params: idParam,
  answer: answers.portalHold,
});

export const portalHoldExtend = endpoint()({
  method: 'POST',
  path: '/portal/holds/{id}/extend',
  summary: 'Gives a hold 10 more minutes from now, once (WCAG 2.2.1); 409 after',
  permission: 'portal',
  params: idParam,
  answer: answers.portalHold,
});

export const portalCheckout = endpoint()({
  method: 'POST',
  path: '/portal/holds/{id}/checkout',
  summary: 'Registers the hold\'s participants with one invoice (a required membership bought on it) and pays it by card, all or nothing, a receipt mailed; a declined card keeps the hold until it expires; when Square does not answer, 503: the charge is recorded or dropped within 15 minutes; a retry with the key answers the first result',
  permission: 'portal',
  params: idParam,
  body: z.strictObject({
    idempotency_key: z.string({ error: 'is required' }).regex(IDEMPOTENCY_KEY_PATTERN, 'must be 8 to 200 visible characters'),
    source_id: z.string({ error: 'is required' }).trim().min(1, 'is required').max(500),
  }),
  answer: answers.portalCheckout,
});

export const portalWaitlistJoin = endpoint()({
  method: 'POST',
  path: '/portal/waitlist',
  summary: 'Puts a family member on the waitlist (the queue staff see) of a full class or camp, of a full pickup game (event_id), or of a full division\'s team places (the team\'s name, the captain the participant); answers the position (201)',
  permission: 'portal',
  status: 201,
  body: z.strictObject({
    offering: offeringRef,
    participant_id: recordId(),
    /** pickup: the session's game. */
    event_id: recordId('must be one of the session\'s games').optional(),
    /** league or tournament: the team the captain registers when a place is offered. */
    team_name: z.string({ error: LEAGUE_MESSAGES.validTeamName }).trim().min(1, LEAGUE_MESSAGES.validTeamName).max(100, LEAGUE_MESSAGES.validTeamName).optional(),
  }),
  answer: answers.portalWaitlistEntry,
});
