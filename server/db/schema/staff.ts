import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, seconds, timestamps } from './columns';
import { facilities } from './settings';

// Staff accounts and what authenticates them.

export const users = pgTable('users', {
  ID: id(),
  email: text('email').notNull(),
  /** scrypt hash with its parameters; null until the member signs up from the mailed link. */
  password_hash: text('password_hash'),
  user_type: text('user_type', { enum: ['admin', 'manager', 'mod', 'coach', 'referee'] }).notNull(),
  first_name: text('first_name').notNull().default(''),
  last_name: text('last_name').notNull().default(''),
  phone: text('phone').notNull().default(''),
  facility_id: integer('facility_id').notNull().references(() => facilities.ID),
  /** Set when the account is deleted: kept for the changelog, never signs in again. */
  deleted_at: seconds('deleted_at'),
  ...timestamps,
}, (t) => [
  uniqueIndex('users_email_live_idx').on(sql`lower(${t.email})`).where(sql`${t.deleted_at} is null`),
  index('users_facility_idx').on(t.facility_id),
]);

/** Sessions: only the SHA-256 of the bearer token is stored. */
export const sessions = pgTable('sessions', {
  ID: id(),
  user_id: integer('user_id').notNull().references(() => users.ID),
  token_hash: text('token_hash').notNull(),
  last_seen_at: seconds('last_seen_at').notNull(),
  expires_at: seconds('expires_at').notNull(),
  revoked_at: seconds('revoked_at'),
  ...timestamps,
}, (t) => [uniqueIndex('sessions_token_idx').on(t.token_hash), index('sessions_user_idx').on(t.user_id)]);

/** Single-use tokens carried by signup and password-reset links (hash only). */
export const userTokens = pgTable('user_tokens', {
  ID: id(),
  user_id: integer('user_id').notNull().references(() => users.ID),
  purpose: text('purpose', { enum: ['signup', 'reset'] }).notNull(),
  token_hash: text('token_hash').notNull(),
  expires_at: seconds('expires_at').notNull(),
  used_at: seconds('used_at'),
  ...timestamps,
}, (t) => [uniqueIndex('user_tokens_hash_idx').on(t.token_hash), index('user_tokens_user_idx').on(t.user_id)]);

/** Sign-in attempts, for rate limiting across server processes. */
export const loginAttempts = pgTable('login_attempts', {
  ID: id(),
  /** Lower-cased email the attempt named. */
  email: text('email').notNull(),
  ip: text('ip').notNull(),
  succeeded: boolean('succeeded').notNull(),
  ...timestamps,
}, (t) => [index('login_attempts_email_idx').on(t.email, t.CreatedAt), index('login_attempts_ip_idx').on(t.ip, t.CreatedAt)]);
