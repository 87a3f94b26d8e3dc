import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { id, rate, timestamps } from './columns';

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
  active: boolean('active').notNull().default(true),
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
