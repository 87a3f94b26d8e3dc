import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { nowSeconds } from '../../../core/time';
import { jobs } from '../../../server/db/schema';
import { settlePortalCharge } from '../../../server/domain/portal/chargeJob';
import { CHARGE_LEASE_SECONDS, CHARGE_RECOVERY_JOB, type PendingCharge } from '../../../server/domain/portal/pendingCharge';
import { HttpError } from '../../../server/http/errors';
import { SQUARE_UNREACHABLE, type Square } from '../../../server/services/square';
import type { TestContext } from '../harness';

// A portal card charge whose request died between Square and its record (issue 44 item 8): the crash,
// and the recovery job run as if the claim's lease had run out.

/**
 * Square charges (when `charges`) and then the request hangs: the process died there. `end()` lets the
 * hung request fail at last (as a late Square error would), to show it undoes nothing settled.
 */
export function crashAfterSquare(ctx: TestContext, charges: boolean) {
  const square: Square = ctx.app.deps.square;
  const createPayment = square.createPayment.bind(square);
  let fail!: () => void;
  const hung = new Promise<never>((_, reject) => { fail = () => reject(new HttpError(502, SQUARE_UNREACHABLE)); });
  let reached!: () => void;
  const asked = new Promise<void>((resolve) => { reached = resolve; });
  square.createPayment = async (facility, payment) => {
    if (charges) await createPayment(facility, payment);
    reached();
    return hung;
  };
  return { asked, end: () => { square.createPayment = createPayment; fail(); } };
}

/** The job of `charge` made due now, the claim's lease run out, and run by the worker and by a second instance at once. */
export async function settleNow(ctx: TestContext, charge: PendingCharge, ageClaim: (since: number) => Promise<unknown>, settled: () => Promise<boolean>) {
  const db = ctx.database.db;
  await ageClaim(nowSeconds() - CHARGE_LEASE_SECONDS - 60);
  const due = await db.update(jobs).set({ run_at: sql`now()` })
    .where(and(eq(jobs.kind, CHARGE_RECOVERY_JOB), sql`${jobs.payload}->>'flow' = ${charge.flow}`, sql`${jobs.payload}->>'id' = ${String(charge.id)}`, sql`${jobs.done_at} is null`))
    .returning();
  expect(due).toHaveLength(1);
  ctx.app.jobs.wake();
  await settlePortalCharge({ ...ctx.app.deps, log: ctx.app.log, publicUrl: ctx.config.publicUrl }, charge);
  const end = Date.now() + 10_000;
  while (!(await settled())) {
    if (Date.now() > end) throw new Error(`${charge.flow} ${charge.id} not settled`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
