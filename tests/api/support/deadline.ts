import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/client';
import { jobs, terminalCheckouts } from '../../../server/db/schema';
import { CHECKOUT_DEADLINE_JOB } from '../../../server/routes/square/deadline';

// A Terminal checkout's deadline job (server/routes/square/deadline.ts) without waiting five minutes:
// the test moves the job's due time to now, as the clock would.

const ofCheckout = (checkoutId: string) => and(eq(jobs.kind, CHECKOUT_DEADLINE_JOB),
  sql`(${jobs.payload}->>'checkout')::int = (select ${terminalCheckouts.ID} from ${terminalCheckouts} where ${terminalCheckouts.checkout_id} = ${checkoutId})`);

/** The deadline jobs of the checkout with Square's id `checkoutId`. */
export const deadlineJobs = (db: Db, checkoutId: string) => db.select().from(jobs).where(ofCheckout(checkoutId));

/** The checkout's deadline has passed: its job is due now. */
export const reachDeadline = (db: Db, checkoutId: string) => db.update(jobs).set({ run_at: sql`now()` }).where(ofCheckout(checkoutId));
