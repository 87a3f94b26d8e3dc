import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { UNIFORM_SIZES } from '../../../core/constants';
import { cents, flag, id, json, note, ref, seconds, timestamps, type Property } from './columns';
import { invoices } from './billing';
import { events } from './bookings';
import { customers } from './customers';
import { productVariations, products } from './products';
import { facilities } from './settings';
import { users } from './staff';

// Classes and camps: seasons (containers) of divisions, attendees, free-trial assistants, waitlists
// and the coaches of a class.

/** A class. A season is a container (is_container); its divisions point at it through class_parent_id. */
export const classes = pgTable('classes', {
  ID: id(),
  name: text('name').notNull(),
  description: note('description'),
  start_date: seconds('start_date').notNull(),
  end_date: seconds('end_date').notNull(),
  registration_start_date: seconds('registration_start_date'),
  registration_end_date: seconds('registration_end_date'),
  available_online: flag('available_online', true),
  accepts_free_trial: flag('accepts_free_trial'),
  require_membership: flag('require_membership'),
  max_kids: integer('max_kids').notNull().default(8),
  /** The class fee in cents, when it differs from the product's price. */
  fee: cents('fee'),
  facility_id: ref('facility_id').notNull().references(() => facilities.ID),
  is_camp: flag('is_camp'),
  is_container: flag('is_container'),
  class_parent_id: ref('class_parent_id').references((): AnyPgColumn => classes.ID),
  new_product_id: ref('new_product_id').references(() => products.ID),
  product_id: ref('product_id').references(() => productVariations.ID),
  properties: json<Property[]>('properties').notNull().default([]),
  /** Kids per class event. */
  quota: integer('quota'),
  /** How many attendees the class has, kept by a trigger on attendees (migration 0024): lists total them without counting. */
  attendee_count: integer('attendee_count').notNull().default(0),
  ...timestamps,
}, (t) => [
  index('classes_facility_idx').on(t.facility_id, t.start_date),
  index('classes_parent_idx').on(t.class_parent_id),
  index('classes_dates_idx').on(t.start_date, t.end_date),
  // The classes a family may register for online, by facility and end: the portal's offerings read them on every call.
  index('classes_online_idx').on(t.facility_id, t.end_date).where(sql`${t.available_online} and not ${t.is_container}`),
  check('classes_dates_check', sql`${t.end_date} >= ${t.start_date}`),
]);

// Who a class registration is for, and what it was paid with.
const registration = () => ({
  class_id: ref('class_id').notNull().references(() => classes.ID, { onDelete: 'cascade' }),
  customer_id: ref('customer_id').notNull().references(() => customers.ID),
  /** The adult responsible for the child. */
  parent_id: ref('parent_id').references(() => customers.ID),
  uniform_size: text('uniform_size', { enum: UNIFORM_SIZES }),
  invoice_id: ref('invoice_id').references(() => invoices.ID),
});

/** Where a registration was made: at the front desk, or online from the families' portal. */
const source = () => text('source', { enum: ['staff', 'online'] }).notNull().default('staff');

export const attendees = pgTable('attendees', {
  ID: id(),
  ...registration(),
  source: source(),
  ...timestamps,
}, (t) => [
  uniqueIndex('attendees_class_customer_idx').on(t.class_id, t.customer_id),
  index('attendees_customer_idx').on(t.customer_id),
  index('attendees_invoice_idx').on(t.invoice_id),
]);

/** A free trial: a child attending one event of a class. */
export const trialAssistants = pgTable('trial_assistants', {
  ID: id(),
  ...registration(),
  event_id: ref('event_id').notNull().references(() => events.ID),
  ...timestamps,
}, (t) => [
  index('trial_assistants_class_idx').on(t.class_id),
  // One free trial per customer and event.
  uniqueIndex('trial_assistants_event_customer_idx').on(t.event_id, t.customer_id),
  index('trial_assistants_customer_idx').on(t.customer_id),
]);

/** A child waiting for a place in a full class (CreatedAt is the join date). */
export const waitlists = pgTable('waitlists', {
  ID: id(),
  ...registration(),
  source: source(),
  ...timestamps,
}, (t) => [
  uniqueIndex('waitlists_class_customer_idx').on(t.class_id, t.customer_id),
  index('waitlists_customer_idx').on(t.customer_id),
]);

/** The coaches of a class (at most two; position 0 is the lead). */
export const coachAssignments = pgTable('coach_assignments', {
  ID: id(),
  class_id: ref('class_id').notNull().references(() => classes.ID, { onDelete: 'cascade' }),
  worker_id: ref('worker_id').notNull().references(() => users.ID),
  position: integer('position').notNull().default(0),
  ...timestamps,
}, (t) => [
  uniqueIndex('coach_assignments_class_worker_idx').on(t.class_id, t.worker_id),
  index('coach_assignments_worker_idx').on(t.worker_id),
]);
