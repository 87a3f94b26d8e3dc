import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, id, ref, seconds, timestamps } from './columns';
import { customers } from './customers';
import { invoices } from './billing';
import { facilities } from './settings';

// The families' portal (/my, issue 43): its sign-in links and sessions, a family's calendar feed and its
// card payments in flight. Portal sessions are their own kind, apart from staff's `sessions`: a portal
// token opens no staff call and a staff token no portal call. Only hashes of tokens are stored.

/** Single-use sign-in links mailed to a customer (/my/login/{token}), valid 15 minutes. */
export const portalLoginTokens = pgTable('portal_login_tokens', {
  ID: id(),
  customer_id: ref('customer_id').notNull().references(() => customers.ID, { onDelete: 'cascade' }),
  token_hash: text('token_hash').notNull(),
  expires_at: seconds('expires_at').notNull(),
  used_at: seconds('used_at'),
  ...timestamps,
}, (t) => [uniqueIndex('portal_login_tokens_hash_idx').on(t.token_hash), index('portal_login_tokens_customer_idx').on(t.customer_id)]);

/** A signed-in account holder's sessions (bearer tokens of the portal). */
export const portalSessions = pgTable('portal_sessions', {
  ID: id(),
  customer_id: ref('customer_id').notNull().references(() => customers.ID, { onDelete: 'cascade' }),
  token_hash: text('token_hash').notNull(),
  last_seen_at: seconds('last_seen_at').notNull(),
  expires_at: seconds('expires_at').notNull(),
  revoked_at: seconds('revoked_at'),
  ...timestamps,
}, (t) => [uniqueIndex('portal_sessions_token_idx').on(t.token_hash), index('portal_sessions_customer_idx').on(t.customer_id)]);

/**
 * The family's iCalendar feed: its URL carries an HMAC (under LINK_SECRET) of the holder and this
 * version, so nothing here reveals it; rotating bumps the version and the old URL answers 404.
 */
export const portalCalendars = pgTable('portal_calendars', {
  ID: id(),
  customer_id: ref('customer_id').notNull().references(() => customers.ID, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(1),
  ...timestamps,
}, (t) => [uniqueIndex('portal_calendars_customer_idx').on(t.customer_id)]);

/**
 * A card payment asked from the portal, one per (account holder, idempotency key): pending while Square
 * is asked (its amount then counts against the invoice's balance, so concurrent payments never exceed
 * it), then done with the answer a retry gets.
 */
export const portalPayments = pgTable('portal_payments', {
  ID: id(),
  customer_id: ref('customer_id').notNull().references(() => customers.ID, { onDelete: 'cascade' }),
  invoice_id: integer('invoice_id').notNull().references(() => invoices.ID, { onDelete: 'cascade' }),
  idempotency_key: text('idempotency_key').notNull(),
  request_hash: text('request_hash').notNull(),
  amount: cents('amount').notNull(),
  status: text('status', { enum: ['pending', 'done'] }).notNull(),
  /** The answer of a done payment: its HTTP status and body. */
  answer: jsonb('answer').$type<{ status: number; body: unknown }>(),
  ...timestamps,
}, (t) => [
  uniqueIndex('portal_payments_key_idx').on(t.customer_id, t.idempotency_key),
  index('portal_payments_invoice_idx').on(t.invoice_id, t.status),
  check('portal_payments_amount_check', sql`${t.amount} > 0`),
]);

/**
 * A facility's waiver text, kept in versions (issue 43 §6): an edit adds a row, never changes one; the
 * newest row of a facility is its current version, and a signature of an older one no longer counts.
 */
export const waiverVersions = pgTable('waiver_versions', {
  ID: id(),
  facility_id: ref('facility_id').notNull().references(() => facilities.ID, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  /** SHA-256 of the text (hex): what a signature records it signed. */
  sha256: text('sha256').notNull(),
  /** The staff user who wrote it. */
  user_id: ref('user_id'),
  ...timestamps,
}, (t) => [index('waiver_versions_facility_idx').on(t.facility_id, t.ID)]);

/** A waiver signed for a customer (by themself, or by their parent for a child), with its proof. */
export const waiverSignatures = pgTable('waiver_signatures', {
  ID: id(),
  customer_id: ref('customer_id').notNull().references(() => customers.ID, { onDelete: 'cascade' }),
  version_id: integer('version_id').notNull().references(() => waiverVersions.ID, { onDelete: 'cascade' }),
  /** The customer who signed (the account holder). */
  signed_by: ref('signed_by').notNull().references(() => customers.ID, { onDelete: 'cascade' }),
  full_name: text('full_name').notNull(),
  /** The version's hash at signing. */
  sha256: text('sha256').notNull(),
  signed_at: seconds('signed_at').notNull(),
  ip: text('ip').notNull(),
  user_agent: text('user_agent').notNull(),
  ...timestamps,
}, (t) => [uniqueIndex('waiver_signatures_customer_version_idx').on(t.customer_id, t.version_id)]);

/** A portal password an account holder chose (optional: the mailed link always works); its scrypt hash. */
export const portalPasswords = pgTable('portal_passwords', {
  ID: id(),
  customer_id: ref('customer_id').notNull().references(() => customers.ID, { onDelete: 'cascade' }),
  password_hash: text('password_hash').notNull(),
  ...timestamps,
}, (t) => [uniqueIndex('portal_passwords_customer_idx').on(t.customer_id)]);

/**
 * A parent's consent, given in the portal, that their children's data may leave for HubSpot and
 * broadcasts (issue 43 §7): without a row for one of a child's parents, the child is left out of both.
 * Withdrawing deletes the row.
 */
export const childDataConsents = pgTable('child_data_consents', {
  ID: id(),
  /** The parent (the account holder) who consented. */
  customer_id: ref('customer_id').notNull().references(() => customers.ID, { onDelete: 'cascade' }),
  given_at: seconds('given_at').notNull(),
  ip: text('ip').notNull(),
  user_agent: text('user_agent').notNull(),
  ...timestamps,
}, (t) => [uniqueIndex('child_data_consents_customer_idx').on(t.customer_id)]);

/**
 * A portal registration paid by card (a team by its captain, a player joining by an invite link), one
 * per (account holder, idempotency key): pending while Square is asked — what it reserved (the team,
 * its sign-up and invoice; the player) already written — then done with the answer a retry gets. A
 * declined card removes the reservation and this row.
 */
export const portalOrders = pgTable('portal_orders', {
  ID: id(),
  customer_id: ref('customer_id').notNull().references(() => customers.ID, { onDelete: 'cascade' }),
  idempotency_key: text('idempotency_key').notNull(),
  request_hash: text('request_hash').notNull(),
  kind: text('kind', { enum: ['team', 'join', 'hold'] }).notNull(),
  /** The invoice the card pays and the amount it takes (cents, 0: nothing to pay). */
  invoice_id: integer('invoice_id').references(() => invoices.ID, { onDelete: 'set null' }),
  amount: cents('amount').notNull(),
  /** What was reserved, to record the payment against or undo: IDs of the team, sign-up, player, hold, the memberships bought with it. */
  reserved: jsonb('reserved').$type<{ team_id?: number; signup_id?: number; player_id?: number; player_customer_id?: number; hold_id?: number; membership_ids?: number[] }>().notNull(),
  status: text('status', { enum: ['pending', 'done'] }).notNull(),
  answer: jsonb('answer').$type<{ status: number; body: unknown }>(),
  ...timestamps,
}, (t) => [uniqueIndex('portal_orders_key_idx').on(t.customer_id, t.idempotency_key)]);
