import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, flag, id, note, ref, seconds, timestamps } from './columns';
import { products } from './products';
import { facilities } from './settings';

// Customers (players, parents and their children), their families, memberships and suspensions.

/**
 * A customer. Children (is_kid) carry their parent's email plus '##' and their own ID, so an email
 * is not unique. Phone, address, state, country and gender are the CRM ("hubspot") data.
 */
export const customers = pgTable('customers', {
  ID: id(),
  first_name: text('first_name').notNull(),
  last_name: text('last_name').notNull(),
  email: note('email'),
  phone: note('phone'),
  address: note('address'),
  state: note('state'),
  country: note('country'),
  is_kid: flag('is_kid'),
  parent_email: note('parent_email'),
  /** Midnight UTC of the birth date, in unix seconds. */
  birthdate: seconds('birthdate'),
  /** Boy or Girl for children; as the CRM has it for adults. */
  gender: note('gender'),
  facility_id: ref('facility_id').notNull().references(() => facilities.ID),
  /** 1 for adults created by staff. */
  customer_type_id: integer('customer_type_id').notNull().default(1),
  /** Credit balance in cents, spent by 'credit' payments. */
  credits: cents('credits').notNull().default(0),
  note: note('note'),
  /** Path or URL of the profile photo. */
  photo: text('photo'),
  waiver_signed: flag('waiver_signed'),
  /** Further CRM data as JSON text. */
  details: text('details'),
  /** The contact's id in the CRM, when known. */
  hubspot_id: text('hubspot_id'),
  /** Set when the customer is deleted (or merged away); reactivation clears it. */
  deleted_at: seconds('deleted_at'),
  /** When the customer unsubscribed from broadcast e-mail (the signed link in each broadcast); later broadcasts leave them out. */
  unsubscribed_at: seconds('unsubscribed_at'),
  /** Lower-cased words of every searchable field, for the trigram index behind customer search. */
  search: text('search').generatedAlwaysAs(
    sql`lower(first_name || ' ' || last_name || ' ' || email || ' ' || phone || ' ' || regexp_replace(phone, '[^0-9]', '', 'g') || ' ' || address || ' ' || state || ' ' || country)`,
  ),
  ...timestamps,
}, (t) => [
  // Customer search: trigrams of `search` behind the facility (btree_gin), so a manager's search finds
  // their facility's matches in the index alone instead of visiting every facility's matching rows (a
  // common last name at 200,000 customers: 476 heap pages instead of 2,607 and a 30,000-row bitmap of
  // the facility); an admin's search across facilities uses the trigrams alone, as before.
  // fastupdate off: new rows go straight into the index instead of a pending list that every search
  // must scan until a vacuum merges it (after a bulk load the planner then preferred a parallel seq scan).
  index('customers_search_idx').using('gin', t.facility_id, t.search.op('gin_trgm_ops')).with({ fastupdate: false }),
  index('customers_email_idx').on(sql`lower(${t.email})`),
  index('customers_facility_idx').on(t.facility_id),
  // customerNameOrder's keys: names as bytes, whatever the database's collation, then the ID.
  index('customers_name_idx').on(sql`${t.last_name} collate "C"`, sql`${t.first_name} collate "C"`, t.ID),
  check('customers_credits_check', sql`${t.credits} >= 0`),
]);

/** A parent–child link. */
export const families = pgTable('families', {
  ID: id(),
  parent_id: ref('parent_id').notNull().references(() => customers.ID, { onDelete: 'cascade' }),
  child_id: ref('child_id').notNull().references(() => customers.ID, { onDelete: 'cascade' }),
  relation: note('relation'),
  ...timestamps,
}, (t) => [
  uniqueIndex('families_pair_idx').on(t.parent_id, t.child_id),
  index('families_child_idx').on(t.child_id),
  check('families_distinct_check', sql`${t.parent_id} <> ${t.child_id}`),
]);

/** A membership held by sub_customer_id, bought through member_customer_id; valid until valid_until. */
export const memberships = pgTable('memberships', {
  ID: id(),
  sub_customer_id: ref('sub_customer_id').notNull().references(() => customers.ID),
  member_customer_id: ref('member_customer_id').notNull().references(() => customers.ID),
  valid_until: seconds('valid_until').notNull(),
  is_free: flag('is_free'),
  new_product_id: ref('new_product_id').references(() => products.ID),
  facility_id: ref('facility_id').references(() => facilities.ID),
  ...timestamps,
}, (t) => [
  index('memberships_holder_idx').on(t.sub_customer_id, t.valid_until),
  index('memberships_member_idx').on(t.member_customer_id),
]);

/** A customer is suspended while now falls between from and until. */
export const suspensions = pgTable('suspensions', {
  ID: id(),
  customer_id: ref('customer_id').notNull().references(() => customers.ID),
  from: seconds('from_date').notNull(),
  until: seconds('until_date').notNull(),
  foul: note('foul'),
  notes: note('notes'),
  ...timestamps,
}, (t) => [
  index('suspensions_customer_idx').on(t.customer_id, t.until),
  check('suspensions_period_check', sql`${t.until} >= ${t.from}`),
]);
