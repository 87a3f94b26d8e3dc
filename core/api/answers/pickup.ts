import { z } from 'zod';
import { REGISTRATION_SOURCES } from '../../constants';
import { facilityZone, named } from './core';
import { contact, contractRecord } from './contracts';
import { waitingEntry } from './portalOfferings';

export { contact, contractRecord };

export const pickupSession = z.object({
  ID: z.number().int(),
  facility: facilityZone,
  field: named,
  slots: z.number(),
  slot: z.object({ day: z.number(), time: z.number(), duration: z.number(), field_id: z.number().int() }),
  contract: z.object({ ID: z.number().int(), name: z.string(), fee: z.number() }),
  events: z.array(z.object({
    ID: z.number().int(),
    start_date: z.number().int(),
    end_date: z.number().int(),
    /** source 'online': signed up and paid from the families' portal. */
    players: z.array(z.object({ ID: z.number().int(), checked_in: z.boolean(), source: z.enum(REGISTRATION_SOURCES), customer: contact })),
    /** The game's waitlist, first in line first. */
    waitlist: z.array(waitingEntry),
  })).optional(),
});

export const createdPickupSession = z.object({
  ID: z.number().int(),
  facility_id: z.number().int(),
  field_id: z.number().int(),
  contract_id: z.number().int(),
  day: z.number(),
  time: z.number(),
  duration: z.number(),
  slot: z.object({ day: z.number(), time: z.number(), duration: z.number(), field_id: z.number().int() }),
  contract: contractRecord,
  events: z.number(),
  invoice_id: z.number().int(),
});

export const pickupPresence = z.object({
  ID: z.number().int(),
  event_id: z.number().int(),
  start_date: z.number().int(),
  end_date: z.number().int(),
  checked_in: z.boolean(),
  facility: facilityZone,
  slot: z.object({ field_id: z.number().int(), field: z.string() }),
  customer: contact,
});

/** A player removed from a game by staff, and how many places were offered to its waitlist. */
export const removedPickupPlayer = z.object({
  ID: z.number().int(),
  event_id: z.number().int(),
  customer_id: z.number().int(),
  invoice_id: z.number().int().nullable(),
  offered: z.number().int(),
});
