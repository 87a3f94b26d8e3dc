import { z } from 'zod';
import { MAX_OCCURRENCES, type CalendarEvent, type EventRecord } from '../calendar';
import { EVENT_MESSAGES, SERIES_SCOPES } from '../validation/event';
import { jsonRecordId } from '../validation/ids';
import { facilityFilterId, idParam, queryBool, recordId, specMessageOr } from '../validation/wire';
import { endpoint } from './endpoint';
import * as answers from './answers/events';

// Events and the calendar (spec 2 §2, §7 "Events and calendar"): the calendar's reads, one event's
// writes, repeat series, the event page's switches, its people, its confirmation e-mail and its match.
// Times are unix seconds; money in dollars.

const unixQuery = z.coerce.number({ error: 'must be a date (unix seconds)' }).int().nonnegative();
const unix = z.number({ error: 'must be a date (unix seconds)' }).int().nonnegative();
const optionalId = z.number().int().positive().nullable().optional();
const text = z.string().trim().max(200).nullable().optional();
const comment = z.string().trim().max(2000).optional();

/**
 * A repeat series' token (the server makes them: a UUID; the demo's are hexadecimal): letters, digits,
 * '-' and '_', so that a token read from a path is never mistaken for something else.
 */
const blockToken = z.string().trim().regex(/^[A-Za-z0-9_-]{8,100}$/, 'is not a series token');

// ——— Answers ———

export type { CalendarEvent, EventRecord };

export interface EventInput {
  field_id: number;
  product_type_id: number;
  start_date: number;
  end_date: number;
  comment?: string;
  customer_id?: number | null;
  /** The product picked where none fits (GET /event/product); else the server finds it. */
  new_product_id?: number | null;
  team_a?: string | null;
  team_b?: string | null;
  keep?: boolean;
  /** Invoice the booking's customer for it on Save (POST /event only). */
  invoice?: boolean;
}

export interface SlotRow { ID?: number; field_id: number; start_date: number; end_date: number; keep?: boolean }
export type InTheWay = z.output<typeof answers.inTheWay>;
/** A checked row; `closed` says why the field is closed then (outside its opening hours), which no Keep overrides. */
export type CheckedRow = z.output<typeof answers.checkedRow>;
/** An availability check: each row checked, and every event in the way. */
export type CheckedRows = z.output<typeof answers.checkedRows>;

export type RosterPlayer = z.output<typeof answers.rosterPlayer>;
export type RosterTeam = z.output<typeof answers.rosterTeam>;
/** GET /match/{id}: the match with its league and both rosters. */
export type MatchRoster = z.output<typeof answers.matchRoster>;

export type EventPerson = z.output<typeof answers.eventPerson>;
export type PickupPlayer = z.output<typeof answers.pickupPlayer>;
export type Coach = z.output<typeof answers.coach>;
export type Deleted = z.output<typeof answers.deleted>;

// ——— The calendar's reads ———

export const calendar = endpoint<CalendarEvent[]>()({
  method: 'GET',
  path: '/event',
  summary: "One facility's events overlapping [start, end), as the calendar draws them (admins name the facility)",
  permission: { resource: 'events', action: 'list' },
  query: z.strictObject({ facility_id: facilityFilterId().optional(), start: unixQuery, end: unixQuery }),
  answer: answers.calendarEvent.array(),
});

export const conflicts = endpoint<CalendarEvent[]>()({
  method: 'GET',
  path: '/event/conflicts',
  summary: 'The conflicting events of a range, by default the next 20 days (the banner)',
  permission: { resource: 'events', action: 'list' },
  query: z.strictObject({ facility_id: facilityFilterId().optional(), start: unixQuery.optional(), end: unixQuery.optional() }),
  answer: answers.calendarEvent.array(),
});

export const schedule = endpoint<CalendarEvent[]>()({
  method: 'GET',
  path: '/schedule',
  summary: "The signed-in coach's or referee's own events of the next 60 days",
  permission: { resource: 'events', action: 'list' },
  answer: answers.calendarEvent.array(),
});

// ——— One event ———

const eventBody = z.strictObject({
  field_id: jsonRecordId('Required'),
  product_type_id: jsonRecordId('Required'),
  start_date: unix,
  end_date: unix,
  comment,
  customer_id: optionalId,
  new_product_id: optionalId,
  coach_id: optionalId,
  team_a: text,
  team_b: text,
  block_token: blockToken.nullable().optional(),
  keep: z.boolean().optional(),
  /** POST /event: also write the booking customer's invoice for it, in the same transaction (issue 41 m28). */
  invoice: z.boolean().optional(),
});
export type EventBody = z.output<typeof eventBody>;

/** Why a booking cannot be invoiced as it is saved. */
export const EVENT_INVOICE_MESSAGES = {
  noCustomer: 'Choose the customer to invoice this booking',
  noProduct: 'This booking has no product sold at this facility to invoice',
} as const;

const eventChange = eventBody.omit({ block_token: true, invoice: true }).partial();
export type EventChange = z.output<typeof eventChange>;

/** Who an edit or delete of an event of a repeat series reaches (this one by default). */
const scopeQuery = z.strictObject({ scope: z.enum(SERIES_SCOPES).default('this') });

export const getEvent = endpoint<CalendarEvent>()({
  method: 'GET',
  path: '/event/{id}',
  summary: 'One event as the calendar draws it',
  permission: { resource: 'events', action: 'show' },
  params: idParam,
  answer: answers.calendarEvent,
});

/** A product a booking can take, priced for the booking (peak and off-peak by the minute: core/pricing). */
export type BookingProduct = z.output<typeof answers.bookingProduct>;
/**
 * GET /event/product: whether the type is priced (core/constants isPricedBooking), the product a booking
 * of it takes on the field (null when none fits), and, when none fits, the products sold at the facility
 * to pick from (the type's first).
 */
export type BookingProducts = z.output<typeof answers.bookingProducts>;

export const bookingProduct = endpoint<BookingProducts>()({
  method: 'GET',
  path: '/event/product',
  summary: "The product a booking takes (the type's, for the field's type, sold at the facility) priced for its time; what to pick from when none fits",
  permission: { resource: 'events', action: 'create' },
  query: z.strictObject({
    product_type_id: recordId('must be a product type ID'),
    field_id: recordId('must be a field ID'),
    start: unixQuery,
    end: unixQuery,
  }),
  answer: answers.bookingProducts,
});

export const createEvent = endpoint<EventRecord & { invoice_id?: number }>()({
  method: 'POST',
  path: '/event',
  summary: 'Books an event (with invoice: true, and its customer\'s invoice, answered as invoice_id); refused (409) on a taken slot and (400) outside the field\'s opening hours',
  permission: { resource: 'events', action: 'create' },
  status: 201,
  idempotent: true,
  body: eventBody,
  answer: answers.eventRecord.extend({ invoice_id: z.number().int().optional() }),
});

export const createKeptEvent = endpoint<EventRecord>()({
  method: 'POST',
  path: '/event/keep',
  summary: 'Books an event even if it conflicts (never outside the field\'s opening hours)',
  permission: { resource: 'events', action: 'create' },
  status: 201,
  idempotent: true,
  body: eventBody,
  answer: answers.eventRecord,
});

export const updateEvent = endpoint<EventRecord | EventRecord[]>()({
  method: 'PUT',
  path: '/event/{id}',
  summary: 'Edits or moves an event (scope this, following or series of a repeat series: then the list); a taken slot is refused',
  permission: { resource: 'events', action: 'edit' },
  params: idParam,
  query: scopeQuery,
  body: eventChange,
  answer: answers.updateEventAnswer,
});

export const updateKeptEvent = endpoint<EventRecord | EventRecord[]>()({
  method: 'PUT',
  path: '/event/keep/{id}',
  summary: 'Edits or moves an event, kept even if it conflicts',
  permission: { resource: 'events', action: 'edit' },
  params: idParam,
  query: scopeQuery,
  body: eventChange,
  answer: answers.updateKeptEventAnswer,
});

export const deleteEvent = endpoint<Deleted>()({
  method: 'DELETE',
  path: '/event/{id}',
  summary: 'Deletes an event (scope this, following or series); a manager only when no payment was taken on it',
  permission: { resource: 'events', action: 'delete' },
  params: idParam,
  query: scopeQuery,
  answer: answers.deleted,
});

// ——— Repeat series ———

const unixRow = z.number({ error: EVENT_MESSAGES.missingFields }).int().nonnegative();
const slotRow = z.object({
  ID: z.number().int().positive().optional(),
  field_id: z.number({ error: EVENT_MESSAGES.missingFields }).int().positive(),
  start_date: unixRow,
  end_date: unixRow,
  keep: z.boolean().optional(),
});
export type CheckRow = z.output<typeof slotRow>;

const repeatRule = z.strictObject({
  method: z.enum(['daily', 'weekly']),
  frequency: z.number().int().min(1).max(52).default(1),
  end_method: z.enum(['until', 'count']),
  until: z.number().int().nonnegative().optional(),
  count: z.number().int().min(1).max(MAX_OCCURRENCES).optional(),
  weekday: z.number().int().min(0).max(6).optional(),
}).refine((r) => (r.end_method === 'until' ? r.until !== undefined : r.count !== undefined), EVENT_MESSAGES.missingFields);

/** Rows as sent, or one event and a repeat rule (its occurrences are computed in the facility's zone). */
const checkBody = z.union([
  z.strictObject({ events: z.array(slotRow).min(1, EVENT_MESSAGES.missingFields).max(MAX_OCCURRENCES) }),
  z.strictObject({ field_id: slotRow.shape.field_id, start_date: unixRow, end_date: unixRow, repeat: repeatRule }),
], { error: EVENT_MESSAGES.missingFields });
export type RepeatCheck = z.output<typeof checkBody>;

/** A missing field, start or end is the spec's 'Missing fields', alone. */
const missingFields = specMessageOr([EVENT_MESSAGES.missingFields]);

export const checkRepeat = endpoint<CheckedRows>()({
  method: 'POST',
  path: '/event/recurrent',
  summary: 'The availability of each row, or of the occurrences of an event and a repeat rule',
  permission: { resource: 'events', action: 'create' },
  body: checkBody,
  describe: missingFields,
  answer: answers.checkedRows,
});

export const checkMovingRows = endpoint<CheckedRows>()({
  method: 'POST',
  path: '/event/recurrent/ids',
  summary: 'The availability of rows being moved, their own events left out of the check',
  permission: { resource: 'events', action: 'edit' },
  body: checkBody,
  describe: missingFields,
  answer: answers.checkedRows,
});

export const checkMovingEvent = endpoint<CheckedRows>()({
  method: 'POST',
  path: '/event/recurrent/{id}',
  summary: 'The availability of rows for moving event {id}, that event left out of the check',
  permission: { resource: 'events', action: 'edit' },
  params: idParam,
  body: checkBody,
  describe: missingFields,
  answer: answers.checkedRows,
});

export const createSeries = endpoint<{ block_token: string; events: EventRecord[] }>()({
  method: 'POST',
  path: '/event/series',
  summary: 'Books the rows as one repeat series, all or nothing; each row not kept must still be free',
  permission: { resource: 'events', action: 'create' },
  status: 201,
  idempotent: true,
  body: z.strictObject({
    product_type_id: jsonRecordId('Required'),
    customer_id: optionalId,
    new_product_id: optionalId,
    coach_id: optionalId,
    comment,
    team_a: text,
    team_b: text,
    events: z.array(slotRow).min(1, EVENT_MESSAGES.missingFields).max(MAX_OCCURRENCES),
  }),
  describe: missingFields,
  answer: answers.createSeriesAnswer,
});

export const deleteSeries = endpoint<Deleted>()({
  method: 'DELETE',
  path: '/event/block/{token}',
  summary: 'Deletes a whole repeat series',
  permission: { resource: 'events', action: 'delete' },
  params: z.strictObject({ token: blockToken }),
  answer: answers.deleted,
});

export const bulkUpdateEvents = endpoint<EventRecord[]>()({
  method: 'PUT',
  path: '/events',
  summary: 'One change to several events, all or nothing; a move to another field is guarded like a booking',
  permission: { resource: 'events', action: 'edit' },
  body: z.strictObject({
    event_ids: z.array(z.number().int().positive()).min(1, 'Select at least one event').max(500),
    updates: z.strictObject({
      field_id: z.number().int().positive().optional(),
      product_type_id: z.number().int().positive().optional(),
      customer_id: z.number().int().positive().nullable().optional(),
      coach_id: z.number().int().positive().nullable().optional(),
      comment: z.string().trim().max(2000).optional(),
      no_show: z.boolean().optional(),
      video_visible: z.boolean().optional(),
    }).refine((u) => Object.keys(u).length > 0, 'nothing to change'),
  }),
  answer: answers.eventRecord.array(),
});

// ——— The event page's switches and selectors ———

export const setNoShow = endpoint<EventRecord>()({
  method: 'PUT',
  path: '/event/no_show/{id}',
  summary: 'No show on or off (adult rentals, block bookings and events: product types 1, 2, 11)',
  permission: { resource: 'events', action: 'edit' },
  params: idParam,
  query: z.strictObject({ no_show: queryBool }),
  answer: answers.eventRecord,
});

export const setVideoVisible = endpoint<EventRecord>()({
  method: 'PUT',
  path: '/event/video/{id}',
  summary: "Shows or hides the event's recording",
  permission: { resource: 'events', action: 'edit' },
  params: idParam,
  body: z.strictObject({ video_visible: z.boolean() }),
  answer: answers.eventRecord,
});

export const setCoach = endpoint<EventRecord>()({
  method: 'PUT',
  path: '/event/coach/{id}',
  summary: "Sets the event's coach (0: none)",
  permission: { resource: 'events', action: 'edit' },
  params: idParam,
  query: z.strictObject({ coach_id: recordId('must be a coach ID (0 for none)', 0) }),
  answer: answers.eventRecord,
});

export const coaches = endpoint<Coach[]>()({
  method: 'GET',
  path: '/coaches',
  summary: "A facility's coaches (admins name the facility)",
  permission: { resource: 'events', action: 'list' },
  query: z.strictObject({ facility_id: facilityFilterId().optional() }),
  answer: answers.coach.array(),
});

export const eventVideo = endpoint<{ event_id: number; url: string; visible: boolean }>()({
  method: 'GET',
  path: '/video/event/{id}',
  summary: "The event's recording (404 until one is stored)",
  permission: { resource: 'events', action: 'show' },
  params: idParam,
  answer: answers.eventVideoAnswer,
});

export const sendEventEmail = endpoint<{ message: string }>()({
  method: 'POST',
  path: '/event/email/{id}',
  summary: "Re-sends the booking confirmation (with an .ics entry) to the event's customer",
  permission: { resource: 'events', action: 'edit' },
  params: idParam,
  answer: answers.sendEventEmailAnswer,
});

// ——— The event's people ———

export const participants = endpoint<Array<EventPerson & { attended: boolean; temporary: boolean }>>()({
  method: 'GET',
  path: '/event/participants/{eventId}',
  summary: "The event's sign-ups (attendances) with their waiver",
  permission: { resource: 'events', action: 'show' },
  params: z.strictObject({ eventId: recordId() }),
  answer: answers.participantsAnswer,
});

export const healthChecks = endpoint<Array<EventPerson & { CreatedAt: number }>>()({
  method: 'GET',
  path: '/event/health/{id}',
  summary: "The event's health check-ins",
  permission: { resource: 'events', action: 'show' },
  params: idParam,
  answer: answers.healthChecksAnswer,
});

export const pickupPlayers = endpoint<Array<PickupPlayer & { start_date: number; end_date: number }>>()({
  method: 'GET',
  path: '/pickup/players/{id}',
  summary: "A pickup game's players and their check-in",
  permission: { resource: 'events', action: 'show' },
  params: idParam,
  answer: answers.pickupPlayersAnswer,
});

export type PickupCheckIn = z.output<typeof answers.pickupCheckIn>;

export const checkInPickup = endpoint<PickupCheckIn>()({
  method: 'PUT',
  path: '/pickup/checkin/{id}',
  summary: 'Checks a pickup player in or out',
  permission: { resource: 'events', action: 'edit' },
  params: idParam,
  query: z.strictObject({ present: queryBool }),
  answer: answers.pickupCheckIn,
});

export type Attendance = z.output<typeof answers.attendance>;

export const setAttendance = endpoint<Attendance>()({
  method: 'POST',
  path: '/attendance',
  summary: "Takes a customer's attendance at an event",
  permission: { resource: 'events', action: 'attendance' },
  body: z.strictObject({
    event_id: z.number().int().positive(),
    customer_id: z.number().int().positive(),
    attended: z.boolean(),
    temporary: z.boolean().optional(),
  }),
  answer: answers.attendance,
});

// ——— The event's match ———

const score = z.number().int().min(0).max(99).nullable();

export const matchScores = endpoint<{ ID: number; home_score: number | null; away_score: number | null }>()({
  method: 'PUT',
  path: '/match/score/{id}',
  summary: "Saves a match's home and away scores",
  permission: { resource: 'events', action: 'edit' },
  params: idParam,
  body: z.strictObject({ home_score: score, away_score: score }),
  answer: answers.matchScoresAnswer,
});

export const matchRoster = endpoint<MatchRoster>()({
  method: 'GET',
  path: '/match/{id}',
  summary: 'A match with its league and both rosters (membership, waiver and suspension marks)',
  permission: { resource: 'events', action: 'show' },
  params: idParam,
  answer: answers.matchRoster,
});
