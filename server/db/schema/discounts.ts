import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, flag, id, note, rate, ref, seconds, timestamps } from './columns';
import { productTypes } from './products';
import { facilities } from './settings';

// Discounts and the rules that offer them for a facility and product type over a period.

/**
 * A discount: a percentage (value, a percent) or a fixed amount (amount, in cents); the API answers
 * `value` as the percent or the dollars accordingly.
 */
export const discounts = pgTable('discounts', {
  ID: id(),
  name: text('name').notNull(),
  is_percentage: flag('is_percentage'),
  value: rate('value'),
  amount: cents('amount'),
  expired: flag('expired'),
  ...timestamps,
}, (t) => [
  check('discounts_value_check', sql`(${t.is_percentage} and ${t.value} between 0 and 100)
    or (not ${t.is_percentage} and ${t.amount} >= 0)`),
]);

export const discountRules = pgTable('discount_rules', {
  ID: id(),
  discount_id: ref('discount_id').notNull().references(() => discounts.ID, { onDelete: 'cascade' }),
  facility_id: ref('facility_id').references(() => facilities.ID),
  product_type_id: ref('product_type_id').references(() => productTypes.ID),
  start_date: seconds('start_date').notNull(),
  end_date: seconds('end_date').notNull(),
  comment: note('comment'),
  ...timestamps,
}, (t) => [
  index('discount_rules_discount_idx').on(t.discount_id),
  index('discount_rules_facility_idx').on(t.facility_id, t.product_type_id),
]);

/**
 * A facility's sibling discount (issue 44 §6): when a family registers several children for the same
 * program, the second child's registration takes second_percent off, the third and later later_percent.
 */
export const siblingDiscounts = pgTable('sibling_discounts', {
  ID: id(),
  facility_id: ref('facility_id').notNull().references(() => facilities.ID, { onDelete: 'cascade' }),
  enabled: flag('enabled'),
  second_percent: rate('second_percent').notNull().default(0),
  later_percent: rate('later_percent').notNull().default(0),
  ...timestamps,
}, (t) => [
  uniqueIndex('sibling_discounts_facility_idx').on(t.facility_id),
  check('sibling_discounts_percent_check', sql`${t.second_percent} between 0 and 100 and ${t.later_percent} between 0 and 100`),
]);
