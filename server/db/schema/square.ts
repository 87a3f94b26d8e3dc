import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, createdAt, id, json, note, ref, timestamps } from './columns';
import { invoices, payments } from './billing';
import { facilities } from './settings';
import { users } from './staff';

// Square (issue 11). `terminal_checkouts` is Touchline's own record of each Terminal checkout it
// started: what it pays (an invoice, or a membership to sell) and, once completed, the one payment it
// was recorded as (unique: a completed checkout is recorded once whatever the number of confirms).
// The square_sim_* tables are the embedded simulator's Square account, in the database so that every
// server process (and the simulator page) sees the same checkouts, payments and refunds.

/** What a membership checkout sells once the terminal completes it. */
export interface MembershipSale {
  sub_customer_id: number;
  new_product_id: number;
  /** Seconds the membership lasts; 0: the product's duration. */
  duration: number;
  /** The invoice line's price, in cents. */
  price: number;
}

export const TERMINAL_CHECKOUT_STATUSES = ['PENDING', 'COMPLETED', 'CANCELED'] as const;

export const terminalCheckouts = pgTable('terminal_checkouts', {
  ID: id(),
  /** Square's checkout id. */
  checkout_id: text('checkout_id').notNull(),
  facility_id: ref('facility_id').notNull().references(() => facilities.ID),
  device_id: text('device_id').notNull(),
  /** The invoice paid; null for a membership checkout until the membership is sold. */
  invoice_id: ref('invoice_id').references(() => invoices.ID),
  membership: json<MembershipSale>('membership'),
  amount: cents('amount').notNull(),
  status: text('status', { enum: TERMINAL_CHECKOUT_STATUSES }).notNull().default('PENDING'),
  /** The payment recorded for the completed checkout. */
  payment_id: ref('payment_id').references(() => payments.ID),
  user_id: ref('user_id').references(() => users.ID),
  ...timestamps,
}, (t) => [
  uniqueIndex('terminal_checkouts_checkout_idx').on(t.checkout_id),
  uniqueIndex('terminal_checkouts_payment_idx').on(t.payment_id),
  index('terminal_checkouts_device_idx').on(t.device_id, t.status),
]);

/** A simulated Terminal checkout, PENDING until a person completes or cancels it on the simulator page. */
export const squareSimCheckouts = pgTable('square_sim_checkouts', {
  ID: id(),
  /** Square's id of the object. */
  square_id: text('square_id').notNull(),
  facility_id: integer('facility_id').notNull(),
  device_id: text('device_id').notNull(),
  amount: cents('amount').notNull(),
  note: note('note'),
  reference_id: note('reference_id'),
  status: text('status').notNull().default('PENDING'),
  payment_id: text('payment_id'),
  idempotency_key: text('idempotency_key').notNull(),
  request_hash: text('request_hash').notNull(),
  ...timestamps,
}, (t) => [
  uniqueIndex('square_sim_checkouts_square_idx').on(t.square_id),
  uniqueIndex('square_sim_checkouts_key_idx').on(t.idempotency_key),
  index('square_sim_checkouts_device_idx').on(t.facility_id, t.status),
]);

/** A simulated Square payment: from a test card (CARD) or a completed checkout (TERMINAL). */
export const squareSimPayments = pgTable('square_sim_payments', {
  ID: id(),
  /** Square's id of the object. */
  square_id: text('square_id').notNull(),
  facility_id: integer('facility_id').notNull(),
  amount: cents('amount').notNull(),
  refunded: cents('refunded').notNull().default(0),
  status: text('status').notNull(),
  source_type: text('source_type').notNull(),
  card_brand: note('card_brand'),
  last_4: note('last_4'),
  note: note('note'),
  reference_id: note('reference_id'),
  /** Null for a terminal payment (its checkout carried the key). */
  idempotency_key: text('idempotency_key'),
  request_hash: note('request_hash'),
  ...createdAt,
}, (t) => [
  uniqueIndex('square_sim_payments_square_idx').on(t.square_id),
  uniqueIndex('square_sim_payments_key_idx').on(t.idempotency_key),
  index('square_sim_payments_created_idx').on(t.facility_id, t.CreatedAt),
]);

export const squareSimRefunds = pgTable('square_sim_refunds', {
  ID: id(),
  /** Square's id of the object. */
  square_id: text('square_id').notNull(),
  payment_id: text('payment_id').notNull(),
  amount: cents('amount').notNull(),
  idempotency_key: text('idempotency_key').notNull(),
  request_hash: text('request_hash').notNull(),
  reason: note('reason'),
  ...createdAt,
}, (t) => [uniqueIndex('square_sim_refunds_square_idx').on(t.square_id), uniqueIndex('square_sim_refunds_key_idx').on(t.idempotency_key)]);
