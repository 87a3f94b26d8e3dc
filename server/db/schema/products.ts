import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PRODUCT_CATEGORIES } from '../../../core/constants';
import { cents, flag, id, note, ref, seconds, timestamps } from './columns';
import { facilities, fees, fieldTypes, seasons, taxes } from './settings';

// What is sold: product types (with the spec's special ids), general ledger codes, and the "new
// products" with their prices, per-facility variations, taxes, fees and field types.

export const productTypes = pgTable('product_types', {
  ID: id(),
  name: text('name').notNull(),
  category: text('category', { enum: PRODUCT_CATEGORIES }).notNull(),
  /** Reporting label; "adult" in it makes media tags read Adult, else Youth. */
  reporting: note('reporting'),
  /** The GL code reports file the type under. */
  gl: note('gl'),
  /** Order in dropdowns. */
  ranking: integer('ranking').notNull().default(0),
  color: text('color').notNull().default('#3f51b5'),
  showInCalendar: flag('show_in_calendar'),
  allow_for_contract: flag('allow_for_contract'),
  ...timestamps,
});

/** A general ledger code. Its prefix decides which prices a product under it needs (spec 3 §5). */
export const gls = pgTable('gls', {
  ID: id(),
  code: text('code').notNull(),
  product_type_id: ref('product_type_id').notNull().references(() => productTypes.ID),
  season_id: ref('season_id').references(() => seasons.ID),
  ...timestamps,
}, (t) => [index('gls_code_idx').on(t.code), index('gls_product_type_idx').on(t.product_type_id)]);

// The price columns a product carries, all in cents (0 when the product does not use that price).
const prices = () => ({
  base_price: cents('base_price').notNull().default(0),
  full_price: cents('full_price').notNull().default(0),
  team_price: cents('team_price').notNull().default(0),
  deposit_price: cents('deposit_price').notNull().default(0),
  early_bird_price: cents('early_bird_price').notNull().default(0),
  individual_price: cents('individual_price').notNull().default(0),
  peak_price: cents('peak_price').notNull().default(0),
  off_peak_price: cents('off_peak_price').notNull().default(0),
});

/** A "new product": what a booking, league, class or membership sells, filed under a GL code. */
export const products = pgTable('products', {
  ID: id(),
  name: text('name').notNull(),
  description: note('description'),
  gl_id: ref('gl_id').notNull().references(() => gls.ID),
  ...prices(),
  /**
   * Length of what is sold, in seconds: a rental's slot (entered in minutes) or a membership's
   * validity (GL prefix 60, entered in days).
   */
  duration: seconds('duration').notNull().default(0),
  /** Classes: the price is prorated to the events left. */
  prorate: flag('prorate'),
  /** Set when the product is deleted; kept because invoices and programs refer to it. */
  deleted_at: seconds('deleted_at'),
  ...timestamps,
}, (t) => [index('products_gl_idx').on(t.gl_id)]);

/**
 * The spec's "product" (product_id on events, invoice items, leagues, classes, contracts): a new
 * product as sold at one facility, with that facility's prices.
 */
export const productVariations = pgTable('product_variations', {
  ID: id(),
  new_product_id: ref('new_product_id').notNull().references(() => products.ID, { onDelete: 'cascade' }),
  facility_id: ref('facility_id').notNull().references(() => facilities.ID),
  ...prices(),
  available: flag('available', true),
  ...timestamps,
}, (t) => [
  uniqueIndex('product_variations_product_facility_idx').on(t.new_product_id, t.facility_id),
  index('product_variations_facility_idx').on(t.facility_id),
]);

export const productTaxes = pgTable('product_taxes', {
  ID: id(),
  new_product_id: ref('new_product_id').notNull().references(() => products.ID, { onDelete: 'cascade' }),
  product_tax_id: ref('product_tax_id').notNull().references(() => taxes.ID),
  ...timestamps,
}, (t) => [uniqueIndex('product_taxes_pair_idx').on(t.new_product_id, t.product_tax_id)]);

export const productFees = pgTable('product_fees', {
  ID: id(),
  new_product_id: ref('new_product_id').notNull().references(() => products.ID, { onDelete: 'cascade' }),
  product_fee_id: ref('product_fee_id').notNull().references(() => fees.ID),
  ...timestamps,
}, (t) => [uniqueIndex('product_fees_pair_idx').on(t.new_product_id, t.product_fee_id)]);

/** The field types a rental product can be booked on. */
export const productFieldTypes = pgTable('product_field_types', {
  ID: id(),
  new_product_id: ref('new_product_id').notNull().references(() => products.ID, { onDelete: 'cascade' }),
  field_type_id: ref('field_type_id').notNull().references(() => fieldTypes.ID),
  ...timestamps,
}, (t) => [uniqueIndex('product_field_types_pair_idx').on(t.new_product_id, t.field_type_id)]);
