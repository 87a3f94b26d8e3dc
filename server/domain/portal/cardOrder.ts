import { and, eq } from 'drizzle-orm';
import { PORTAL_TEAM_MESSAGES } from '../../../core/api/portalTeams';
import { toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import type { PortalUser } from '../../auth/portalSession';
import type { Db, Tx } from '../../db/client';
import { invoices, portalOrders } from '../../db/schema';
import { conflict, HttpError } from '../../http/errors';
import { claimOrWait } from '../../http/idempotency';
import type { Square } from '../../services/square';
import { recordSquarePayment } from '../square/record';

// A portal registration paid by card, all or nothing (issue 44 §4): one row per (holder, idempotency
// key) in portal_orders.
//  1. In one transaction the key is claimed and what is bought is written (the team, its sign-up and
//     invoice; a player), its counts checked under the caller's locks: so capacity is decided there.
//  2. Square charges the amount with a key of the holder's (a retry never charges twice).
//  3. In one transaction the payment is recorded on the invoice and the answer kept for retries.
// A declined card (or any failure of step 2) removes what step 1 wrote and the claim: nothing is left.
// A retry while the first is in flight waits for it; one whose request died long ago (a stale claim)
// resumes it from step 2 with the same Square key.

/** A pending claim older than this is taken over by a retry with its key. */
const STALE_SECONDS = 10 * 60;

export type Reserved = typeof portalOrders.$inferSelect['reserved'];
type OrderRow = typeof portalOrders.$inferSelect;

export interface CardPayment { payment_id: number; square_id: string; amount: number; balance: number }

export interface OrderSteps<A> {
  kind: OrderRow['kind'];
  /** Step 1: writes what is bought; answers the invoice and amount (cents) the card pays and what to undo. */
  reserve(tx: Tx): Promise<{ invoice_id: number | null; amount: number; reserved: Reserved }>;
  /** Removes what reserve wrote (the card was not charged). */
  undo(tx: Tx, reserved: Reserved): Promise<void>;
  /** The answer, once paid (payment null: nothing was due). */
  answer(tx: Tx, reserved: Reserved, payment: CardPayment | null): Promise<A>;
  /** Marks the recorded payment (e.g. whose share it is). */
  paid?(tx: Tx, reserved: Reserved, paymentId: number): Promise<void>;
}

export interface OrderRequest { key: string; hash: string; sourceId: string | undefined; note: string }

type Claim<A> = { kind: 'charge'; order: OrderRow } | { kind: 'answer'; answer: A } | { kind: 'wait' };

async function claim<A>(db: Db, holder: PortalUser, request: OrderRequest, steps: OrderSteps<A>): Promise<Claim<A>> {
  return db.transaction(async (tx) => {
    const now = nowSeconds();
    const [claimed] = await tx.insert(portalOrders).values({
      customer_id: holder.customer_id, idempotency_key: request.key, request_hash: request.hash, kind: steps.kind,
      amount: 0, reserved: {}, status: 'pending', CreatedAt: now,
    }).onConflictDoNothing().returning();
    if (!claimed) {
      const [earlier] = await tx.select().from(portalOrders)
        .where(and(eq(portalOrders.customer_id, holder.customer_id), eq(portalOrders.idempotency_key, request.key))).for('update');
      if (!earlier) return { kind: 'wait' };
      if (earlier.request_hash !== request.hash) throw conflict(PORTAL_TEAM_MESSAGES.keyReused);
      if (earlier.status === 'done') return { kind: 'answer', answer: earlier.answer!.body as A };
      return earlier.CreatedAt > now - STALE_SECONDS ? { kind: 'wait' } : { kind: 'charge', order: earlier };
    }
    const { invoice_id, amount, reserved } = await steps.reserve(tx);
    if (amount > 0 && !request.sourceId) throw new HttpError(400, PORTAL_TEAM_MESSAGES.cardNeeded);
    if (amount <= 0) {
      const answer = await steps.answer(tx, reserved, null);
      await tx.update(portalOrders).set({ invoice_id, reserved, status: 'done', answer: { status: 201, body: answer } }).where(eq(portalOrders.ID, claimed.ID));
      return { kind: 'answer', answer };
    }
    const [order] = await tx.update(portalOrders).set({ invoice_id, amount, reserved }).where(eq(portalOrders.ID, claimed.ID)).returning();
    return { kind: 'charge', order };
  });
}

/** Removes a pending order's reservation and its claim (a declined or failed charge). */
async function cancel<A>(db: Db, orderId: number, steps: OrderSteps<A>) {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(portalOrders).where(eq(portalOrders.ID, orderId)).for('update');
    if (!order || order.status !== 'pending') return;
    await steps.undo(tx, order.reserved);
    await tx.delete(portalOrders).where(eq(portalOrders.ID, order.ID));
  });
}

export async function cardOrder<A>(deps: { db: Db; square: Square }, holder: PortalUser, request: OrderRequest, steps: OrderSteps<A>): Promise<A> {
  const { db, square } = deps;
  const claimed = await claimOrWait(() => claim(db, holder, request, steps), PORTAL_TEAM_MESSAGES.inProgress);
  if (claimed.kind === 'answer') return claimed.answer;
  const { order } = claimed;
  const [invoice] = await db.select().from(invoices).where(eq(invoices.ID, order.invoice_id!));

  let taken: Awaited<ReturnType<Square['createPayment']>>;
  try {
    taken = await square.createPayment(invoice.facility_id, {
      idempotencyKey: `portal-order:${holder.customer_id}:${request.key}`, sourceId: request.sourceId!, amount: order.amount, note: request.note, referenceId: String(invoice.ID),
    });
  } catch (error) {
    await cancel(db, order.ID, steps);
    throw error;
  }
  if (taken.status !== 'COMPLETED' && taken.status !== 'APPROVED') {
    await cancel(db, order.ID, steps);
    throw new HttpError(402, PORTAL_TEAM_MESSAGES.notCharged);
  }

  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(portalOrders).where(eq(portalOrders.ID, order.ID)).for('update');
    if (current?.status === 'done') return current.answer!.body as A;
    const [locked] = await tx.select().from(invoices).where(eq(invoices.ID, invoice.ID)).for('update');
    const recorded = await recordSquarePayment(tx, null, locked, { amount: taken.amount_money.amount, type: 'card', squareId: taken.id, note: request.note, review: taken.review });
    await steps.paid?.(tx, order.reserved, recorded.payment.ID);
    const answer = await steps.answer(tx, order.reserved, {
      payment_id: recorded.payment.ID, square_id: taken.id, amount: toDollars(taken.amount_money.amount), balance: recorded.balance,
    });
    await tx.update(portalOrders).set({ status: 'done', answer: { status: 201, body: answer } }).where(eq(portalOrders.ID, order.ID));
    return answer;
  });
}
