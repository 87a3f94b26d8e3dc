import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../auth/session';
import type { Db, Tx } from '../../db/client';
import { terminalCheckouts, users } from '../../db/schema';
import { enqueue } from '../../services/jobs';
import { CHECKOUT_DEADLINE_SECONDS } from '../../services/square';
import { settleCheckout } from '../../domain/square/settle';

// A Terminal checkout's deadline (issue 28 item 4) as a durable job: enqueued in the transaction that
// writes the checkout's row, due just after Square's 5-minute deadline, run once by whichever process
// claims it. It settles a checkout nobody came back to through the adapter: COMPLETED is recorded as
// confirm records it (domain/square/settle.ts: once, also when a confirm races it), still PENDING is canceled (the
// simulator's timeout; real Square has timed it out already, the cancel only makes sure), CANCELED
// marks the row. A buyer still on it (IN_PROGRESS, CANCEL_REQUESTED) is checked again later.

export const CHECKOUT_DEADLINE_JOB = 'square.checkout_deadline';
/** Past Square's deadline by a margin, so that Square has acted on its own clock first. */
export const CHECKOUT_DEADLINE_DELAY_MS = (CHECKOUT_DEADLINE_SECONDS + 15) * 1000;
/** A buyer on the checkout is checked again after 30 s, 1, 2, 4, 8 min: about a quarter of an hour in all. */
const RECHECK = { backoffMs: 30_000, maxAttempts: 6 };

interface DeadlinePayload { checkout: number }

export const enqueueCheckoutDeadline = (tx: Tx, checkoutRowId: number) =>
  enqueue(tx, CHECKOUT_DEADLINE_JOB, [{ checkout: checkoutRowId } satisfies DeadlinePayload], { delayMs: CHECKOUT_DEADLINE_DELAY_MS });

/** The staff member who started the checkout: the payment is recorded as theirs, as their confirm would. */
async function starter(db: Db, userId: number | null): Promise<SessionUser> {
  const [user] = userId === null ? [] : await db.select({
    ID: users.ID, email: users.email, role: users.user_type, facility_id: users.facility_id, first_name: users.first_name, last_name: users.last_name,
  }).from(users).where(eq(users.ID, userId));
  if (!user) throw new Error(`The checkout's staff member ${userId} is not found`);
  // No session: the job acts for them, not in one of their sessions.
  return { ...user, session_id: 0 };
}

export function checkoutDeadlineJobs(app: FastifyInstance): void {
  const { db, square } = app.deps;
  app.jobs.register<DeadlinePayload>(CHECKOUT_DEADLINE_JOB, {
    ...RECHECK,
    async run({ checkout: rowId }) {
      const [row] = await db.select().from(terminalCheckouts).where(eq(terminalCheckouts.ID, rowId));
      // Settled already by a confirm (recorded or canceled): nothing to ask Square.
      if (!row || row.status !== 'PENDING') return;
      let checkout = await square.getCheckout(row.facility_id, row.checkout_id);
      if (checkout.status === 'PENDING') checkout = await square.cancelCheckout(row.facility_id, row.checkout_id);
      const state = await settleCheckout(db, await starter(db, row.user_id), row, checkout);
      if (state.status === 'PENDING') throw new Error(`Checkout ${row.checkout_id} is ${checkout.status} at Square: checked again later`);
    },
  });
}
