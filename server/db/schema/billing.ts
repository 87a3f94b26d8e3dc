import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, text, unique, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { INVOICE_TYPE, PAYMENT_METHODS } from '../../../core/constants';
import { cents, createdAt, id, note, rate, ref, seconds, timestamps } from './columns';
import { events } from './bookings';
import { classes } from './classes';
import { contracts } from './contracts';
import { customers } from './customers';
import { discounts } from './discounts';
import { teamSignups, teams } from './leagues';
import { productTypes, productVariations, products } from './products';
import { facilities } from './settings';
import { users } from './staff';

// Invoices, their items, discounts and payments, refund requests and idempotency keys.
// An invoice's sums (invoiced, discounted, paid) are kept on its row by database triggers (migration 0013).

/**
 * An invoice (type 1 general, 2 team). A reversal invoice cancels another: the cancelled one points
 * at it through `reversed`, and it points back through `reversal`.
 */
export const invoices = pgTable('invoices', {
  ID: id(),
  facility_id: ref('facility_id').notNull().references(() => facilities.ID),
  /** Null for invoices without a customer (the API's customer_id 0, e.g. pickup sessions). */
  customer_id: ref('customer_id').references(() => customers.ID),
  invoice_type_id: integer('invoice_type_id').notNull().default(INVOICE_TYPE.GENERAL),
  product_type_id: ref('product_type_id').references(() => productTypes.ID),
  team_id: ref('team_id').references(() => teams.ID),
  class_id: ref('class_id').references(() => classes.ID),
  contract_id: ref('contract_id').references(() => contracts.ID),
  /** The invoice date, unix seconds. */
  date: seconds('date').notNull(),
  comment: note('comment'),
  /** The reversal invoice that cancelled this one. */
  reversed: ref('reversed_by_id').references((): AnyPgColumn => invoices.ID),
  /** The invoice this one cancels. */
  reversal: ref('reversal_of_id').references((): AnyPgColumn => invoices.ID),
  user_id: ref('user_id').references(() => users.ID),
  /** SHA-256 (hex) of the random reference of the customer's public invoice link; re-issuing revokes the old one. */
  public_link_hash: text('public_link_hash'),
  /** Sum of the items' quantity × price + taxes + fees, cents; kept by the database (migration 0013). */
  invoiced: cents('invoiced').notNull().default(0),
  /** Sum of the discounts applied, cents; kept by the database. */
  discounted: cents('discounted').notNull().default(0),
  /** Sum of the payments (refunds negative), cents; kept by the database. */
  paid: cents('paid').notNull().default(0),
  ...timestamps,
}, (t) => [
  uniqueIndex('invoices_public_link_idx').on(t.public_link_hash),
  // With the ID: the profile's totals find a customer's invoices off the index alone (no heap).
  index('invoices_customer_date_idx').on(t.customer_id, t.date, t.ID),
  // With the ID, the invoice list's order (date, ID): a page is read off the index, not sorted from the window.
  index('invoices_facility_date_idx').on(t.facility_id, t.date, t.ID),
  index('invoices_date_idx').on(t.date, t.ID),
  index('invoices_contract_idx').on(t.contract_id),
  index('invoices_team_idx').on(t.team_id),
  index('invoices_class_idx').on(t.class_id),
  check('invoices_type_check', sql`${t.invoice_type_id} in (1, 2)`),
]);

/**
 * A line of an invoice: quantity × price (unit price in cents). taxes and fees are the percents
 * applied; amount_taxes and amount_fees are round(quantity × price × rate) for the whole line.
 */
export const invoiceItems = pgTable('invoice_items', {
  ID: id(),
  invoice_id: ref('invoice_id').notNull().references(() => invoices.ID, { onDelete: 'cascade' }),
  product_id: ref('product_id').references(() => productVariations.ID),
  new_product_id: ref('new_product_id').references(() => products.ID),
  event_id: ref('event_id').references(() => events.ID, { onDelete: 'set null' }),
  team_signup_id: ref('team_signup_id').references(() => teamSignups.ID, { onDelete: 'set null' }),
  price: cents('price').notNull(),
  quantity: integer('quantity').notNull().default(1),
  comment: note('comment'),
  taxes: rate('taxes').notNull().default(0),
  fees: rate('fees').notNull().default(0),
  amount_taxes: cents('amount_taxes').notNull().default(0),
  amount_fees: cents('amount_fees').notNull().default(0),
  ...timestamps,
}, (t) => [
  // Covering an invoice's sums (its figures, a customer's totals, the reports' per-invoice figures in
  // reports/invoiceTotals.ts): an index-only scan, no heap. Years of invoices make a profile's totals
  // thousands of these look-ups.
  index('invoice_items_invoice_idx').on(t.invoice_id, t.quantity, t.price, t.amount_taxes, t.amount_fees),
  index('invoice_items_event_idx').on(t.event_id),
  index('invoice_items_team_signup_idx').on(t.team_signup_id),
  check('invoice_items_quantity_check', sql`${t.quantity} > 0`),
]);

/**
 * A payment on an invoice; a negative amount is a refund. The four links tie a payment to the one it
 * reverses (reversal) or refunds (refund), and back (reversed, refunded: the latest refund).
 */
export const payments = pgTable('payments', {
  ID: id(),
  invoice_id: ref('invoice_id').notNull().references(() => invoices.ID),
  // The invoice's facility and product type, copied by the database (triggers payments_from_invoice, and
  // invoices_to_payments when an invoice's facility or product type changes; migration 0010) so that the
  // reports read a period's payments without the invoices. Never set by the code: an insert sends
  // DEFAULT and the trigger fills them in.
  facility_id: ref('facility_id').notNull().$defaultFn(() => sql`default`),
  product_type_id: ref('product_type_id').$defaultFn(() => sql`default`),
  amount: cents('amount').notNull(),
  type: text('type', { enum: PAYMENT_METHODS }).notNull(),
  /** JSON text: number (check), transaction_number (wire), method, card transaction id, note. */
  details: text('details').notNull().default('{}'),
  /** The card provider's transaction id. */
  square_id: text('square_id'),
  /** The player a team payment is for. */
  player_customer_id: ref('player_customer_id').references(() => customers.ID),
  reversal: ref('reversal_of_id').references((): AnyPgColumn => payments.ID),
  reversed: ref('reversed_by_id').references((): AnyPgColumn => payments.ID),
  refund: ref('refund_of_id').references((): AnyPgColumn => payments.ID),
  refunded: ref('refunded_by_id').references((): AnyPgColumn => payments.ID),
  /**
   * The tax and the processing fee inside the amount, in cents: split by its invoice's own lines as they
   * stood when it was made (round(amount × the lines' taxes / the lines' total), half away from zero), and
   * for a reversal or refund as the payment it gives back was split. Set by the database (trigger
   * payments_from_invoice, migration 0018), never by the code: a later change of the facility's rates
   * or of the invoice leaves the payment, and the months it was counted in, as they were.
   */
  tax: cents('tax').notNull().default(0),
  fee: cents('fee').notNull().default(0),
  /** For card refunds: Pending until the card provider settles it (issue 30), then Validated, or Denied. */
  refund_status: text('refund_status', { enum: ['Pending', 'Denied', 'Validated'] }),
  user_id: ref('user_id').references(() => users.ID),
  ...timestamps,
}, (t) => [
  // Covering an invoice's paid sum (index-only), as invoice_items_invoice_idx its items'.
  index('payments_invoice_idx').on(t.invoice_id, t.amount),
  // Covering the reports' reads of a period (sales, daily, reconciliation): an index-only scan, no heap.
  index('payments_created_idx').on(t.CreatedAt, t.ID, t.invoice_id, t.type, t.amount, t.facility_id, t.product_type_id, t.tax, t.fee),
  index('payments_square_idx').on(t.square_id),
  index('payments_player_idx').on(t.player_customer_id),
  // The refunds of a payment, covering what the reconciliation sums per card payment (index-only): without
  // it each payment's refunds were a scan of every payment (a month's reconciliation took a minute at
  // 380,000 payments; issue 42, bench/RECONCILIATION.md). Refunds are a few rows in a hundred.
  index('payments_refund_of_idx').on(t.refund, t.type, t.amount).where(sql`${t.refund} is not null`),
  // The few card refunds Square has not settled yet, read by the refund sync (server/domain/square/refunds.ts).
  index('payments_refund_pending_idx').on(t.ID).where(sql`${t.refund_status} = 'Pending'`),
  check('payments_amount_check', sql`${t.amount} <> 0`),
]);

/**
 * The payments summed per facility, day (the payment's date in the facility's zone), product type, payment
 * type and sign: what the cash-basis sales report reads instead of a year of payments. Tax and fee are
 * the payments' own (payments.tax, payments.fee). Kept by the database whoever writes (migrations 0012,
 * 0018): statement triggers on payments add each statement's inserted, updated and deleted rows, and a
 * change of a facility's zone rebuilds its rows. Never written by the code.
 */
export const salesDays = pgTable('sales_days', {
  day: date('day', { mode: 'string' }).notNull(),
  facility_id: ref('facility_id').notNull(),
  product_type_id: ref('product_type_id'),
  type: text('type', { enum: PAYMENT_METHODS }).notNull(),
  /** The negative payments (refunds and reversals). */
  refund: boolean('refund').notNull(),
  /** How many payments, and their amounts, taxes and fees, in cents. */
  count: bigint('count', { mode: 'number' }).notNull(),
  collected: cents('collected').notNull(),
  tax: cents('tax').notNull(),
  fee: cents('fee').notNull(),
}, (t) => [
  unique('sales_days_key').on(t.day, t.facility_id, t.product_type_id, t.type, t.refund).nullsNotDistinct(),
]);

/** A discount applied to an invoice: a discount of the list, or a manual one (discount_id null, the API's -1). */
export const discountApplications = pgTable('discount_applications', {
  ID: id(),
  invoice_id: ref('invoice_id').notNull().references(() => invoices.ID, { onDelete: 'cascade' }),
  discount_id: ref('discount_id').references(() => discounts.ID),
  /** What the discount took off, in cents. */
  amount: cents('amount').notNull(),
  comment: note('comment'),
  user_id: ref('user_id').references(() => users.ID),
  // Its invoice's facility and product type, copied by the database as a payment's are (migration 0025):
  // the sales report reads a period's discounts without the invoices. Never set by the code.
  facility_id: ref('facility_id').notNull().$defaultFn(() => sql`default`),
  product_type_id: ref('product_type_id').$defaultFn(() => sql`default`),
  ...timestamps,
}, (t) => [
  // Covering an invoice's discounted sum (index-only), as invoice_items_invoice_idx its items'.
  index('discount_applications_invoice_idx').on(t.invoice_id, t.amount),
  // Covering the sales report's discounts of a period (index-only), as payments_created_idx its payments.
  index('discount_applications_created_idx').on(t.CreatedAt, t.facility_id, t.product_type_id, t.amount),
  check('discount_applications_amount_check', sql`${t.amount} > 0`),
]);

export const REFUND_STATUSES = ['Pending', 'Confirmed', 'Denied'] as const;

/** A refund request on a payment, reviewed on the refunds page; confirming it records a negative payment. */
export const refunds = pgTable('refunds', {
  ID: id(),
  invoice_id: ref('invoice_id').notNull().references(() => invoices.ID),
  payment_id: ref('payment_id').notNull().references(() => payments.ID),
  facility_id: ref('facility_id').notNull().references(() => facilities.ID),
  amount: cents('amount').notNull(),
  /** How the money goes back. */
  type: text('type', { enum: PAYMENT_METHODS }).notNull(),
  refund_status: text('refund_status', { enum: REFUND_STATUSES }).notNull().default('Pending'),
  refund_creator: ref('refund_creator_id').references(() => users.ID),
  refund_reason: note('refund_reason'),
  deny_reason: note('deny_reason'),
  /** The negative payment recorded when the refund was confirmed. */
  refund_payment_id: ref('refund_payment_id').references(() => payments.ID),
  /** Who confirmed or denied it, and when. */
  resolved_by: ref('resolved_by_id').references(() => users.ID),
  resolved_at: seconds('resolved_at'),
  ...timestamps,
}, (t) => [
  index('refunds_created_idx').on(t.CreatedAt),
  index('refunds_status_idx').on(t.refund_status, t.CreatedAt),
  index('refunds_facility_idx').on(t.facility_id, t.CreatedAt),
  index('refunds_invoice_idx').on(t.invoice_id),
  index('refunds_payment_idx').on(t.payment_id),
  check('refunds_amount_check', sql`${t.amount} > 0`),
]);

/**
 * The first answer to a request carrying an idempotency key (payments, checkouts, charges). A retry
 * with the same key gets it again; the same key with another request_hash is refused.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  ID: id(),
  key: text('key').notNull(),
  /** What the key is for, e.g. 'payment' or 'terminal-checkout'. */
  scope: text('scope').notNull(),
  request_hash: text('request_hash').notNull(),
  status_code: integer('status_code'),
  /** Null while the first request is still being answered. */
  response: jsonb('response'),
  ...createdAt,
}, (t) => [
  uniqueIndex('idempotency_keys_scope_key_idx').on(t.scope, t.key),
  index('idempotency_keys_created_idx').on(t.CreatedAt),
]);
