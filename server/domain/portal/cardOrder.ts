import { and, eq } from 'drizzle-orm';
import { PORTAL_TEAM_MESSAGES } from '../../../core/api/portalTeams';
import { toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import type { PortalUser } from '../../auth/portalSession';
import type { Db, Tx } from '../../db/client';
import { invoices, portalOrders } from '../../db/schema';
import { conflict, HttpError } from '../../http/errors';
import { claimOrWait } from '../../http/idempotency';
import type { Square, SquarePayment } from '../../services/square';
import { recordSquarePayment } from '../square/record';
import { chargeReference, enqueueChargeRecovery, refusedCharge, unconfirmed, type ChargeFlow } from './pendingCharge';
import { mailReceipt, type Receipt, type ReceiptDeps } from './receipt';

// A portal registration paid by card, all or nothing (issue 44 §4): one row per (holder, idempotency
// key) in portal_orders.
//  1. In one transaction the key is claimed and what is bought is written (the team, its sign-up and
//     invoice; a player), its counts checked under the caller's locks: so capacity is decided there.
//  2. Square charges the amount with a key of the holder's (a retry never charges twice).
//  3. In one transaction the payment is recorded on the invoice and the answer kept for retries; the
//     receipt is mailed.
// A declined card (Square's definite refusal at step 2) removes what step 1 wrote and the claim: nothing
// is left. An unknown outcome (no answer from Square, a 5xx) keeps both: the charge may exist. A retry
// while the first is in flight waits for it. One whose request died between 2 and 3, or whose outcome
// was unknown, is settled by the job of ./pendingCharge.ts after its lease (step 3 with Square's charge,
// or the removal when Square took nothing), from the order's kind and what it reserved alone: a retry
// then answers that.

export type Reserved = typeof portalOrders.$inferSelect['reserved'];
type OrderRow = typeof portalOrders.$inferSelect;

export interface CardPayment { payment_id: number; square_id: string; amount: number; balance: number }

/** What an order of one kind is once reserved: recorded, answered or undone from its reserved IDs alone. */
export interface OrderKind<A> {
  kind: OrderRow['kind'];
  /** Removes what reserve wrote (the card was not charged). */
  undo(tx: Tx, reserved: Reserved): Promise<void>;
  /** The answer, once paid (payment null: nothing was due). */
  answer(tx: Tx, reserved: Reserved, payment: CardPayment | null): Promise<A>;
  /** Marks the recorded payment (e.g. whose share it is). */
  paid?(tx: Tx, reserved: Reserved, paymentId: number): Promise<void>;
}

/** Step 1: writes what is bought; answers the invoice and amount (cents) the card pays and what to undo. */
export type Reserve = (tx: Tx) => Promise<{ invoice_id: number | null; amount: number; reserved: Reserved }>;

export interface OrderRequest { key: string; hash: string; sourceId: string | undefined; note: string }

type Claim<A> = { kind: 'charge'; order: OrderRow } | { kind: 'answer'; answer: A } | { kind: 'wait' };

/** The key Square gets for a holder's key. */
const squareKeyOf = (customerId: number, key: string) => `portal-order:${customerId}:${key}`;

async function claim<A>(db: Db, holder: PortalUser, request: OrderRequest, steps: OrderKind<A>, reserve: Reserve): Promise<Claim<A>> {
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
      // In flight, or past its lease while the job settles it.
      return { kind: 'wait' };
    }
    const { invoice_id, amount, reserved } = await reserve(tx);
    if (amount > 0 && !request.sourceId) throw new HttpError(400, PORTAL_TEAM_MESSAGES.cardNeeded);
    if (amount <= 0) {
      const answer = await steps.answer(tx, reserved, null);
      await tx.update(portalOrders).set({ invoice_id, reserved, status: 'done', answer: { status: 201, body: answer } }).where(eq(portalOrders.ID, claimed.ID));
      return { kind: 'answer', answer };
    }
    const [order] = await tx.update(portalOrders).set({ invoice_id, amount, reserved }).where(eq(portalOrders.ID, claimed.ID)).returning();
    await enqueueChargeRecovery(tx, { flow: 'order', id: order.ID }, now);
    return { kind: 'charge', order };
  });
}

/** Removes a pending order's reservation and its claim (a declined or failed charge, or none found by the job). */
async function cancel<A>(db: Db, orderId: number, steps: OrderKind<A>) {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(portalOrders).where(eq(portalOrders.ID, orderId)).for('update');
    if (!order || order.status !== 'pending') return;
    await steps.undo(tx, order.reserved);
    await tx.delete(portalOrders).where(eq(portalOrders.ID, order.ID));
  });
}

/**
 * Step 3: the payment Square took, recorded on the order's invoice once (the order locked), and the
 * answer kept, with the receipt to mail; a done order answers its answer (and no receipt: it was mailed).
 */
async function recordOrder<A>(db: Db, orderId: number, steps: OrderKind<A>, taken: SquarePayment, note: string): Promise<{ answer: A; receipt: Receipt | null }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(portalOrders).where(eq(portalOrders.ID, orderId)).for('update');
    if (current?.status === 'done') return { answer: current.answer!.body as A, receipt: null };
    // Removed by the job (Square had no charge then: a request slower than its lease): nothing is left to record on.
    if (!current) throw conflict(PORTAL_TEAM_MESSAGES.lapsed);
    const [locked] = await tx.select().from(invoices).where(eq(invoices.ID, current.invoice_id!)).for('update');
    const recorded = await recordSquarePayment(tx, null, locked, { amount: taken.amount_money.amount, type: 'card', squareId: taken.id, note, review: taken.review });
    await steps.paid?.(tx, current.reserved, recorded.payment.ID);
    const payment = { payment_id: recorded.payment.ID, square_id: taken.id, amount: toDollars(taken.amount_money.amount), balance: recorded.balance };
    const answer = await steps.answer(tx, current.reserved, payment);
    await tx.update(portalOrders).set({ status: 'done', answer: { status: 201, body: answer } }).where(eq(portalOrders.ID, orderId));
    return { answer, receipt: { customer_id: current.customer_id, invoice_id: locked.ID, payment } };
  });
}

export async function cardOrder<A>(deps: ReceiptDeps & { square: Square }, holder: PortalUser, request: OrderRequest, steps: OrderKind<A>, reserve: Reserve): Promise<A> {
  const { db, square } = deps;
  const claimed = await claimOrWait(() => claim(db, holder, request, steps, reserve), PORTAL_TEAM_MESSAGES.inProgress);
  if (claimed.kind === 'answer') return claimed.answer;
  const { order } = claimed;
  const [invoice] = await db.select().from(invoices).where(eq(invoices.ID, order.invoice_id!));

  let taken: SquarePayment;
  try {
    const squareKey = squareKeyOf(holder.customer_id, request.key);
    taken = await square.createPayment(invoice.facility_id, {
      idempotencyKey: squareKey, sourceId: request.sourceId!, amount: order.amount, note: request.note, referenceId: chargeReference(squareKey),
    });
  } catch (error) {
    if (!refusedCharge(error)) throw unconfirmed(deps.log, error, { flow: 'order', id: order.ID });
    await cancel(db, order.ID, steps);
    throw error;
  }
  if (taken.status !== 'COMPLETED' && taken.status !== 'APPROVED') {
    await cancel(db, order.ID, steps);
    throw new HttpError(402, PORTAL_TEAM_MESSAGES.notCharged);
  }
  const { answer, receipt } = await recordOrder(db, order.ID, steps, taken, request.note);
  await mailReceipt(deps, receipt);
  return answer;
}

/** The orders' claims as the job settles them (./pendingCharge.ts), with each kind's steps. */
export function orderCharges(deps: ReceiptDeps, kinds: { [K in OrderRow['kind']]: OrderKind<unknown> }): ChargeFlow {
  const { db } = deps;
  const pending = async (id: number) => {
    const [row] = await db.select({ order: portalOrders, facilityId: invoices.facility_id })
      .from(portalOrders).innerJoin(invoices, eq(invoices.ID, portalOrders.invoice_id)).where(eq(portalOrders.ID, id));
    if (row?.order.status !== 'pending') return null;
    const { order, facilityId } = row;
    return { facilityId, since: order.CreatedAt, squareKey: squareKeyOf(order.customer_id, order.idempotency_key), kind: kinds[order.kind] };
  };
  return {
    pending,
    async record(id, taken) {
      const order = await pending(id);
      if (!order) return;
      // Square's note is the one the request sent.
      const { receipt } = await recordOrder(db, id, order.kind, taken, taken.note ?? '');
      await mailReceipt(deps, receipt);
    },
    async release(id) {
      const order = await pending(id);
      if (order) await cancel(db, id, order.kind);
    },
  };
}
