import { z } from 'zod';
import { calendarEvent, customerContact, deletedIds, eventRecord, rosterMark } from './core';

export { calendarEvent, eventRecord, rosterMark };

export const inTheWay = z.object({
  ID: z.number().int(),
  field_id: z.number().int(),
  start_date: z.number().int(),
  end_date: z.number().int(),
  product_type: z.string(),
  comment: z.string().nullable(),
});

export const checkedRow = z.object({
  is_ok: z.boolean(),
  events_on_spot: z.array(inTheWay),
  closed: z.string().nullable().optional(),
  ID: z.number().int().optional(),
  field_id: z.number().int(),
  start_date: z.number().int(),
  end_date: z.number().int(),
  keep: z.boolean().optional(),
});

export const checkedRows = z.object({ events: z.array(checkedRow), events_on_spots: z.array(inTheWay) });

export const bookingProduct = z.object({
  product_id: z.number().int(),
  new_product_id: z.number().int(),
  name: z.string(),
  product_type_id: z.number().int(),
  price: z.number(),
  peak_minutes: z.number(),
  off_peak_minutes: z.number(),
});

export const bookingProducts = z.object({
  priced: z.boolean(),
  product: bookingProduct.nullable(),
  choices: z.array(bookingProduct),
});

export const updateEventAnswer = z.union([eventRecord, z.array(eventRecord)]);

export const updateKeptEventAnswer = z.union([eventRecord, z.array(eventRecord)]);

export const deleted = deletedIds;

export const createSeriesAnswer = z.object({ block_token: z.string(), events: z.array(eventRecord) });

export const coach = customerContact;

export const eventVideoAnswer = z.object({ event_id: z.number().int(), url: z.string(), visible: z.boolean() });

export const sendEventEmailAnswer = z.object({ message: z.string() });

/** A participant of an event. */
export const eventPerson = z.object({
  ID: z.number().int(),
  customer_id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  waiver_signed: z.boolean(),
});

export const pickupPlayer = eventPerson.extend({ checked_in: z.boolean() });

export const participantsAnswer = z.array(eventPerson.extend({
  attended: z.boolean(),
  temporary: z.boolean(),
}));

export const healthChecksAnswer = z.array(eventPerson.extend({
  CreatedAt: z.number().int(),
}));

export const pickupPlayersAnswer = z.array(pickupPlayer.extend({
  start_date: z.number().int(),
  end_date: z.number().int(),
}));

export const pickupCheckIn = z.object({
  ID: z.number().int(),
  event_id: z.number().int(),
  customer_id: z.number().int(),
  checked_in: z.boolean(),
});

export const attendance = z.object({
  ID: z.number().int(),
  event_id: z.number().int(),
  customer_id: z.number().int(),
  attended: z.boolean(),
  temporary: z.boolean(),
});

export const matchScoresAnswer = z.object({
  ID: z.number().int(),
  home_score: z.number().nullable(),
  away_score: z.number().nullable(),
});

export const rosterPlayer = z.object({
  customer_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  birthdate: z.number().int().nullable(),
  is_coach: z.boolean(),
  is_captain: z.boolean(),
  has_active_membership: z.boolean(),
  waiver_signed: z.boolean(),
  suspension: z.object({ until: z.number(), foul: z.string().nullable() }).nullable(),
  marks: z.array(rosterMark),
});

export const rosterTeam = z.object({
  ID: z.number().int(),
  name: z.string(),
  color: z.string(),
  players: z.array(rosterPlayer),
});

export const matchRoster = z.object({
  ID: z.number().int(),
  date: z.number().int(),
  home_score: z.number().nullable(),
  away_score: z.number().nullable(),
  league: z.object({
    ID: z.number().int(),
    name: z.string(),
    color: z.string(),
    facility_id: z.number().int(),
  }),
  home_team: rosterTeam.nullable(),
  away_team: rosterTeam.nullable(),
  referee: z.object({
    ID: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string(),
  }).nullable(),
});
