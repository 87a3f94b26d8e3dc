import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Durable background work (server/services/jobs): a row per job, claimed by one worker at a time with
 * FOR UPDATE SKIP LOCKED under a lease (locked_until) so a killed process's job is taken again once the
 * lease runs out. Times are the database's clock (timestamptz), the one clock every process shares.
 */
export const jobs = pgTable('jobs', {
  ID: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').notNull(),
  payload: jsonb('payload').notNull(),
  run_at: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(0),
  last_error: text('last_error'),
  locked_by: text('locked_by'),
  locked_until: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  done_at: timestamp('done_at', { withTimezone: true, mode: 'date' }),
  /** Set when the job gave up after its last attempt (last_error says why). */
  failed_at: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  // The worker's claim reads only pending jobs, by when they are due.
  index('jobs_due_idx').on(t.run_at, t.ID).where(sql`${t.done_at} is null and ${t.failed_at} is null`),
  index('jobs_kind_idx').on(t.kind, t.created_at),
]);
