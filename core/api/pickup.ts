import { z } from 'zod';
import { CONTRACT_MESSAGES } from '../validation/contract';
import { facilityFilterId, idParam, recordId } from '../validation/wire';
import { specMessage } from './contracts';
import { endpoint } from './endpoint';
import type { SlotRow } from './events';
import * as answers from './answers/pickup';
// A namespace import: in the browser an answers module is empty (vite.config.ts), which a named import cannot bind.
import * as offeringAnswers from './answers/portalOfferings';

// Pickup sessions (spec 2 §2 Pickup screen, §4, §7): the sessions of a facility, one session with its
// games and players, creating one (its contract, games and invoice at once, after the availability
// check of POST /event/recurrent), and the players of a period (Presence). Checking a player in is
// PUT /pickup/checkin/{id} (./events.ts). A game's waitlist (issue 44 item 5) shows on the session; staff
// remove an entry (its offer, if any, goes to the next in line), and remove a player of a coming game
// (the freed place is offered to the first in line; the invoice the player paid stays as it is).

export const PICKUP_MESSAGES = {
  started: 'This game has started: its players are its history and cannot be removed',
  capacityBelowTaken: (taken: number, capacity: number) =>
    `A coming pickup game on fields of this type has ${taken} players and places held, more than ${capacity}. `
    + `Choose ${taken} or more, or lower it once that game is played or players are removed`,
};

export type PickupSession = z.output<typeof answers.pickupSession>;
export type PickupPresence = z.output<typeof answers.pickupPresence>;
export type WaitingEntry = z.output<typeof offeringAnswers.waitingEntry>;
export interface NewPickupSession { facility_id: number; field_id: number; product_id: number; day: number; time: number; duration: number; events: SlotRow[] }
/** A new session: its slot, contract, number of games and invoice. */
export type CreatedPickupSession = z.output<typeof answers.createdPickupSession>;

export const pickupSessions = endpoint<PickupSession[]>()({
  method: 'GET',
  path: '/pickup',
  summary: 'The pickup sessions (slot, number of games, contract), of a facility and a weekday when given',
  permission: { resource: 'pickup', action: 'list' },
  query: z.strictObject({ facility_id: facilityFilterId().optional(), day: z.coerce.number().int().min(0).max(6).optional() }),
  answer: answers.pickupSession.array(),
});

export const pickupSession = endpoint<PickupSession>()({
  method: 'GET',
  path: '/pickup/{id}',
  summary: 'One pickup session with its games and their players',
  permission: { resource: 'pickup', action: 'show' },
  params: idParam,
  answer: answers.pickupSession,
});

export const createPickupSession = endpoint<CreatedPickupSession>()({
  method: 'POST',
  path: '/pickup',
  summary: 'Creates a session: its contract (type 5), games and invoice in one transaction',
  permission: { resource: 'pickup', action: 'create' },
  status: 201,
  idempotent: true,
  body: z.strictObject({
    facility_id: z.number().int().positive(),
    field_id: z.number().int().positive(),
    product_id: z.number({ error: CONTRACT_MESSAGES.validFee }).int().positive(CONTRACT_MESSAGES.validFee),
    day: z.number().int().min(0).max(6),
    time: z.number().min(0).max(24),
    duration: z.number().int().min(15).max(24 * 60).default(60),
    events: z.array(
      z.object({ field_id: z.number().int().positive(), start_date: z.number().int().nonnegative(), end_date: z.number().int().nonnegative(), keep: z.boolean().optional() }),
      { error: CONTRACT_MESSAGES.checkFirst },
    ).min(1, CONTRACT_MESSAGES.checkFirst).max(400),
  }),
  describe: specMessage,
  answer: answers.createdPickupSession,
});

export const pickupPresence = endpoint<PickupPresence[]>()({
  method: 'GET',
  path: '/slot/sessions',
  summary: 'The pickup players of a period (default one day from start), of a facility and a customer when given',
  permission: { resource: 'pickup', action: 'list' },
  query: z.strictObject({
    facility_id: facilityFilterId().optional(),
    start: z.coerce.number().int().nonnegative(),
    end: z.coerce.number().int().nonnegative().optional(),
    customer_id: recordId().optional(),
  }),
  answer: answers.pickupPresence.array(),
});

export type RemovedPickupPlayer = z.output<typeof answers.removedPickupPlayer>;

export const removePickupPlayer = endpoint<RemovedPickupPlayer>()({
  method: 'DELETE',
  path: '/pickup/player/{id}',
  summary: 'Removes a player from a coming pickup game (its invoice stays as it is); the freed place is offered to the first in line',
  permission: { resource: 'events', action: 'edit' },
  params: idParam,
  answer: answers.removedPickupPlayer,
});

export const removePickupWaitlist = endpoint<WaitingEntry>()({
  method: 'DELETE',
  path: '/pickup/waitlist/{id}',
  summary: 'Removes an entry from a pickup game\'s waitlist; a place offered to it goes to the next in line',
  permission: { resource: 'pickup', action: 'waitlist' },
  params: idParam,
  answer: offeringAnswers.waitingEntry,
});
