import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { REGISTRATION_SOURCES } from '../../../core/constants';
import { flag, hours, id, ref, seconds, timestamps } from './columns';
import { events } from './bookings';
import { contracts } from './contracts';
import { invoices } from './billing';
import { customers } from './customers';
import { productVariations } from './products';
import { facilities, fields } from './settings';

// Pickup: a weekly slot (day, time, field) run through a contract of product type 5 whose events
// players sign up to.

export const pickupSessions = pgTable('pickup_sessions', {
  ID: id(),
  facility_id: ref('facility_id').notNull().references(() => facilities.ID),
  contract_id: ref('contract_id').notNull().references(() => contracts.ID),
  field_id: ref('field_id').notNull().references(() => fields.ID),
  /** Weekday, Sunday = 0. */
  day: integer('day').notNull(),
  /** Start, in decimal hours of the facility's time zone. */
  time: hours('time').notNull(),
  /** Minutes. */
  duration: integer('duration').notNull().default(60),
  /** The per-player price. */
  product_id: ref('product_id').references(() => productVariations.ID),
  ...timestamps,
}, (t) => [
  index('pickup_sessions_facility_idx').on(t.facility_id),
  index('pickup_sessions_contract_idx').on(t.contract_id),
  check('pickup_sessions_day_check', sql`${t.day} between 0 and 6`),
]);

/** A player signed up to one pickup event; start_date and end_date repeat the event's. */
export const pickupPlayers = pgTable('pickup_players', {
  ID: id(),
  event_id: ref('event_id').notNull().references(() => events.ID, { onDelete: 'cascade' }),
  customer_id: ref('customer_id').notNull().references(() => customers.ID),
  facility_id: ref('facility_id').notNull().references(() => facilities.ID),
  start_date: seconds('start_date').notNull(),
  end_date: seconds('end_date').notNull(),
  checked_in: flag('checked_in'),
  invoice_id: ref('invoice_id').references(() => invoices.ID),
  /** 'online': signed up and paid from the families' portal. */
  source: text('source', { enum: REGISTRATION_SOURCES }).notNull().default('staff'),
  ...timestamps,
}, (t) => [
  index('pickup_players_event_idx').on(t.event_id),
  index('pickup_players_facility_start_idx').on(t.facility_id, t.start_date),
  index('pickup_players_customer_idx').on(t.customer_id),
]);
