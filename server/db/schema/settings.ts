import { check, index, integer, pgTable, text, unique, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { INTEGRATION_TYPES } from '../../../core/constants';
import { flag, hours, id, note, rate, ref, timestamps } from './columns';

// Facilities and the reference data of spec 1 §3 (references and settings).

export const facilities = pgTable('facilities', {
  ID: id(),
  name: text('name').notNull(),
  nickname: text('nickname').notNull().default(''),
  address: text('address').notNull().default(''),
  /** A fraction: 0.08875 is 8.875 %. */
  tax_rate: rate('tax_rate').notNull().default(0),
  /** A fraction of the amount charged as processing fee. */
  processing_fee: rate('processing_fee').notNull().default(0),
  /** IANA zone in which the facility's times are shown. */
  time_zone: text('time_zone').notNull(),
  active: flag('active', true),
  ...timestamps,
});

/** Taxes a product can carry; value is a percent. */
export const taxes = pgTable('taxes', {
  ID: id(),
  name: text('name').notNull(),
  value: rate('value').notNull(),
  ...timestamps,
}, (t) => [index('taxes_name_idx').on(t.name)]);

/** Fees a product can carry; value is a percent. */
export const fees = pgTable('fees', {
  ID: id(),
  name: text('name').notNull(),
  value: rate('value').notNull(),
  ...timestamps,
}, (t) => [index('fees_name_idx').on(t.name)]);

export const fieldTypes = pgTable('field_types', {
  ID: id(),
  name: text('name').notNull(),
  /** Players the field holds. */
  capacity: integer('capacity').notNull().default(0),
  is_outdoors: flag('is_outdoors'),
  available_online: flag('available_online'),
  is_soccer: flag('is_soccer', true),
  ...timestamps,
});

/**
 * A bookable field of a facility. Opening hours are decimal hours in the facility's time zone:
 * a close time of 24 (stored 23.99) means midnight, 0 means closed that part of the week.
 */
export const fields = pgTable('fields', {
  ID: id(),
  number: integer('number').notNull(),
  name: text('name').notNull(),
  new_field_type_id: ref('new_field_type_id').references(() => fieldTypes.ID),
  facility_id: ref('facility_id').notNull().references(() => facilities.ID),
  /** Split fields: a part (a half) names the full field it belongs to; booking either blocks the other. */
  parent_field_id: ref('parent_field_id').references((): AnyPgColumn => fields.ID),
  weekday_open_time: hours('weekday_open_time').notNull(),
  weekday_close_time: hours('weekday_close_time').notNull(),
  weekend_open_time: hours('weekend_open_time').notNull(),
  weekend_close_time: hours('weekend_close_time').notNull(),
  weekday_peak_time_start: hours('weekday_peak_time_start').notNull(),
  weekday_peak_time_end: hours('weekday_peak_time_end').notNull(),
  weekend_peak_time_start: hours('weekend_peak_time_start').notNull(),
  weekend_peak_time_end: hours('weekend_peak_time_end').notNull(),
  ...timestamps,
}, (t) => [
  index('fields_facility_idx').on(t.facility_id, t.number),
  // What events' (field, facility) pair refers to; a constraint, so it exists before their foreign key.
  unique('fields_id_facility_key').on(t.ID, t.facility_id),
  index('fields_field_type_idx').on(t.new_field_type_id),
  index('fields_parent_idx').on(t.parent_field_id),
  check('fields_hours_check', sql`${t.weekday_open_time} between 0 and 24 and ${t.weekday_close_time} between 0 and 24
    and ${t.weekend_open_time} between 0 and 24 and ${t.weekend_close_time} between 0 and 24`),
]);

/** Adult (1) and Youth (2), and any others staff add. */
export const ageGroups = pgTable('age_groups', {
  ID: id(),
  name: text('name').notNull(),
  ...timestamps,
});

/** Seasons a GL code can belong to (Spring, Summer, Fall, Winter…). */
export const seasons = pgTable('seasons', {
  ID: id(),
  name: text('name').notNull(),
  ...timestamps,
}, (t) => [uniqueIndex('seasons_name_idx').on(t.name)]);

/** Credentials of an outside service for one facility, or for all of them. */
export const integrations = pgTable('integrations', {
  ID: id(),
  name: text('name').notNull(),
  type: text('type', { enum: INTEGRATION_TYPES }).notNull(),
  /** A facility id, or 999999 for every facility (hence no foreign key). */
  facility_id: integer('facility_id').notNull(),
  /** The service's settings as JSON text (api key; for acuity also user id and destination id). */
  data: note('data'),
  ...timestamps,
}, (t) => [index('integrations_facility_idx').on(t.facility_id, t.type)]);
