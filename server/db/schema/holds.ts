import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { REGISTRATION_SOURCES } from '../../../core/constants';
import { flag, id, ref, seconds, timestamps } from './columns';
import { invoices } from './billing';
import { events } from './bookings';
import { classes, waitlists } from './classes';
import { customers } from './customers';
import { leagues } from './leagues';
import { pickupSessions } from './pickup';
import { facilities, fields } from './settings';

// Seats held while a family pays online (issue 44 item 2). A hold counts against the offering's seats
// while it is live — held and not yet expired, or paying (its checkout took it over) — so seats left =
// capacity − registered − live holds. A waitlist offer is a hold of its own (waitlist_id; a pickup game's:
// queue_id). The checkout's
// idempotency key and answer live on the hold: one checkout per hold. Pickup games, divisions' individual
// registrations and rentals (a booking held as an event of its own) are held alike; their checkout goes
// through portal_orders (domain/portal/cardOrder.ts).

export const HOLD_STATUSES = ['held', 'paying', 'done', 'released'] as const;

/**
 * The waitlists of the offerings besides classes and camps (issue 44 item 5; a class's is `waitlists`):
 * a pickup game's (a family member waiting for a place in the game `event_id` of a session) and a
 * division's team places (a captain's team name waiting for a place in `league_id`). CreatedAt is the
 * join date; the queue's order is CreatedAt, then ID. A pickup game's offer is a hold of its own
 * (portal_holds.queue_id); a division's is `offered_until` (the place is kept for the captain's team
 * until then, counted against max_teams as a sign-up is).
 */
export const portalWaitlists = pgTable('portal_waitlists', {
  ID: id(),
  facility_id: ref('facility_id').notNull().references(() => facilities.ID),
  offering_type: text('offering_type', { enum: ['pickup', 'league', 'tournament'] }).notNull(),
  pickup_session_id: ref('pickup_session_id').references(() => pickupSessions.ID, { onDelete: 'cascade' }),
  /** A pickup session's game. */
  event_id: ref('event_id').references(() => events.ID, { onDelete: 'cascade' }),
  league_id: ref('league_id').references(() => leagues.ID, { onDelete: 'cascade' }),
  /** Who waits: the family member who would play, or the division's captain. */
  customer_id: ref('customer_id').notNull().references(() => customers.ID, { onDelete: 'cascade' }),
  /** The account holder who joined: the offer is mailed to them and held for them. */
  holder_id: ref('holder_id').notNull().references(() => customers.ID, { onDelete: 'cascade' }),
  /** A division's: the team the captain registers when offered a place. */
  team_name: text('team_name'),
  source: text('source', { enum: REGISTRATION_SOURCES }).notNull().default('online'),
  /** A division's offer: its place is kept for this entry until then. */
  offered_until: seconds('offered_until'),
  ...timestamps,
}, (t) => [
  uniqueIndex('portal_waitlists_event_customer_idx').on(t.event_id, t.customer_id),
  uniqueIndex('portal_waitlists_league_customer_idx').on(t.league_id, t.customer_id),
  index('portal_waitlists_session_idx').on(t.pickup_session_id),
  index('portal_waitlists_customer_idx').on(t.customer_id),
  index('portal_waitlists_holder_idx').on(t.holder_id),
]);

export const portalHolds = pgTable('portal_holds', {
  ID: id(),
  facility_id: ref('facility_id').notNull().references(() => facilities.ID),
  /** The account holder whose hold it is. */
  customer_id: ref('customer_id').notNull().references(() => customers.ID, { onDelete: 'cascade' }),
  offering_type: text('offering_type', { enum: ['class', 'camp', 'pickup', 'league', 'tournament', 'rental'] }).notNull(),
  class_id: ref('class_id').references(() => classes.ID, { onDelete: 'cascade' }),
  /** A division's individual registration (free agents). */
  league_id: ref('league_id').references(() => leagues.ID, { onDelete: 'cascade' }),
  /** A pickup session, with its game in event_id. */
  pickup_session_id: ref('pickup_session_id').references(() => pickupSessions.ID, { onDelete: 'cascade' }),
  /** A pickup slot (its event), or a rental's booking held while the family pays (removed when the hold is released). */
  event_id: ref('event_id').references(() => events.ID, { onDelete: 'set null' }),
  /** A rental: the field and time held, kept after its booking is gone. */
  field_id: ref('field_id').references(() => fields.ID),
  start_date: seconds('start_date'),
  end_date: seconds('end_date'),
  participant_ids: jsonb('participant_ids').$type<number[]>().notNull(),
  seats: integer('seats').notNull(),
  status: text('status', { enum: HOLD_STATUSES }).notNull().default('held'),
  expires_at: seconds('expires_at').notNull(),
  extended: flag('extended'),
  /** The waitlist entry this hold was offered to. */
  waitlist_id: ref('waitlist_id').references(() => waitlists.ID, { onDelete: 'set null' }),
  /** The pickup game's waitlist entry this hold was offered to. */
  queue_id: ref('queue_id').references(() => portalWaitlists.ID, { onDelete: 'set null' }),
  checkout_key: text('checkout_key'),
  checkout_hash: text('checkout_hash'),
  /** When its checkout started paying: a checkout that died keeps the seat no longer than a hold would. */
  paying_since: seconds('paying_since'),
  invoice_id: ref('invoice_id').references(() => invoices.ID),
  /** The checkout's answer a retry with its key gets. */
  answer: jsonb('answer').$type<unknown>(),
  ...timestamps,
}, (t) => [
  index('portal_holds_class_idx').on(t.class_id, t.status),
  index('portal_holds_event_idx').on(t.event_id, t.status),
  index('portal_holds_league_idx').on(t.league_id, t.status),
  index('portal_holds_queue_idx').on(t.queue_id),
  index('portal_holds_customer_idx').on(t.customer_id),
  uniqueIndex('portal_holds_key_idx').on(t.customer_id, t.checkout_key),
  check('portal_holds_seats_check', sql`${t.seats} > 0`),
]);
