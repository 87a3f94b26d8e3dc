import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, createdAt, flag, id, note, ref, seconds, timestamps } from './columns';
import { classes } from './classes';
import { contracts } from './contracts';
import { customers } from './customers';
import { matches } from './leagues';
import { productTypes, productVariations, products } from './products';
import { facilities, fields } from './settings';
import { users } from './staff';

// The calendar: events on fields, who attended them, and health check-ins.

/**
 * A booking of a field. facility_id repeats the field's facility (a foreign key on the pair keeps
 * them in step) so the calendar's look-up (facility, time range) is one index scan. Events of one
 * repeat series share block_token.
 */
export const events = pgTable('events', {
  ID: id(),
  product_type_id: ref('product_type_id').notNull().references(() => productTypes.ID),
  field_id: ref('field_id').notNull(),
  facility_id: ref('facility_id').notNull().references(() => facilities.ID),
  start_date: seconds('start_date').notNull(),
  end_date: seconds('end_date').notNull(),
  comment: note('comment'),
  customer_id: ref('customer_id').references(() => customers.ID),
  new_product_id: ref('new_product_id').references(() => products.ID),
  product_id: ref('product_id').references(() => productVariations.ID),
  match_id: ref('match_id').references(() => matches.ID),
  contract_id: ref('contract_id').references(() => contracts.ID),
  class_id: ref('class_id').references(() => classes.ID),
  coach_id: ref('coach_id').references(() => users.ID),
  /** Team names of a match booked by hand (product types 3 and 8). */
  team_a: text('team_a'),
  team_b: text('team_b'),
  no_show: flag('no_show'),
  video_visible: flag('video_visible'),
  /** The recording of the event, when a camera recorded one (GET /video/event/{id}). */
  video_url: text('video_url'),
  block_token: text('block_token'),
  /** Saved although it conflicts with another booking. */
  keep: flag('keep'),
  /** A contract event's own hourly price, in cents, when it differs from the contract's fee. */
  contract_variant_price: cents('contract_variant_price'),
  checked_in: flag('checked_in'),
  /** Kids per class event. */
  quota: integer('quota'),
  ...timestamps,
}, (t) => [
  foreignKey({ name: 'events_field_facility_fk', columns: [t.field_id, t.facility_id], foreignColumns: [fields.ID, fields.facility_id] })
    .onUpdate('cascade'),
  index('events_facility_start_idx').on(t.facility_id, t.start_date),
  index('events_field_start_idx').on(t.field_id, t.start_date),
  index('events_start_idx').on(t.start_date),
  // The longest event of a facility: the lower bound of every overlap look-up (domain/events/overlap.ts).
  index('events_facility_length_idx').on(t.facility_id, sql`(${t.end_date} - ${t.start_date})`),
  index('events_customer_idx').on(t.customer_id),
  index('events_contract_idx').on(t.contract_id),
  index('events_class_idx').on(t.class_id),
  index('events_match_idx').on(t.match_id),
  index('events_coach_idx').on(t.coach_id, t.start_date),
  index('events_block_token_idx').on(t.block_token),
  check('events_dates_check', sql`${t.end_date} >= ${t.start_date}`),
]);

/**
 * Per facility, a number that changes whenever anything its calendar shows changes: its events and fields,
 * the invoices billing its events, and the names, scores and colours its events show (customers, classes,
 * contracts, matches, teams, leagues, product types). Statement triggers (migration 0014) bump it in the
 * transaction that makes the change, so a snapshot's version names exactly what the calendar read in it.
 * One row per facility and shard, read together by calendar_version() (migration 0016); the calendar keeps
 * its answers while the version stays (routes/events/calendarCache.ts). Never written by the code.
 */
export const calendarVersions = pgTable('calendar_versions', {
  facility_id: integer('facility_id').notNull().references(() => facilities.ID, { onDelete: 'cascade' }),
  /** The bumping connection's shard (migration 0016), so concurrent writers rarely wait on one row. */
  shard: smallint('shard').notNull().default(0),
  version: bigint('version', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.facility_id, t.shard] })]);

export const attendances = pgTable('attendances', {
  ID: id(),
  event_id: ref('event_id').notNull().references(() => events.ID, { onDelete: 'cascade' }),
  customer_id: ref('customer_id').notNull().references(() => customers.ID),
  attended: flag('attended'),
  /** Added for this event only (not a class attendee). */
  temporary: flag('temporary'),
  ...timestamps,
}, (t) => [
  uniqueIndex('attendances_event_customer_idx').on(t.event_id, t.customer_id),
  index('attendances_customer_idx').on(t.customer_id),
]);

/** A health check-in signed for an event (CreatedAt is the signing time). */
export const healthChecks = pgTable('health_checks', {
  ID: id(),
  event_id: ref('event_id').notNull().references(() => events.ID, { onDelete: 'cascade' }),
  customer_id: ref('customer_id').notNull().references(() => customers.ID),
  facility_id: ref('facility_id').notNull().references(() => facilities.ID),
  ...createdAt,
}, (t) => [
  index('health_checks_facility_idx').on(t.facility_id, t.CreatedAt),
  index('health_checks_event_idx').on(t.event_id),
  index('health_checks_customer_idx').on(t.customer_id),
]);
