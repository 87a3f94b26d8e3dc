import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { RefundSync } from '../../../core/api/square';
import { formatMoney } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import type { Db } from '../../db/client';
import { invoices, payments, refunds } from '../../db/schema';
import { recordChange } from '../../services/changelog';
import type { SquareClient, SquareRefund } from '../../services/square';
import { HttpError } from '../../http/errors';
import { recordInvoiceChange } from '../invoices/audit';

// Square refunds that settle later (issue 30). Square may answer a refund PENDING: the refund review
// records it at once (the negative payment, its refund_status 'Pending', square_id the refund's id),
// and this module reads it again from Square until it settles. COMPLETED validates it; REJECTED or
// FAILED gives the money back to the invoice: a payment of the same amount reversing the negative one,
// with a note saying why, and the refund request Denied with Square's answer as its reason (so that a
// new refund can be asked). Each settles once, whoever reads it (rows locked, status checked again).

/** What the negative payment's refund_status is for Square's refund status. */
export const refundStatusOf = (refund: Pick<SquareRefund, 'status'>) => (refund.status === 'COMPLETED' ? 'Validated' : 'Pending');

export const squareRefundFailed = (status: string, amount: number) =>
  `Square answered ${status} for this refund of $${formatMoney(amount)}: the money was not returned to the customer, so it counts as paid again`;

/** Reads the pending Square refunds (of a facility, or all) from Square, oldest first, and settles those that settled. */
export async function syncSquareRefunds(db: Db, square: SquareClient, { facilityId = null, limit = 50 }: { facilityId?: number | null; limit?: number } = {}): Promise<RefundSync> {
  const waiting = await db.select({ ID: payments.ID, square_id: payments.square_id, facility_id: payments.facility_id }).from(payments)
    .where(and(eq(payments.refund_status, 'Pending'), isNotNull(payments.square_id), facilityId === null ? undefined : eq(payments.facility_id, facilityId)))
    .orderBy(asc(payments.ID)).limit(limit);
  const sync: RefundSync = { checked: waiting.length, completed: 0, failed: 0, pending: 0, unreachable: 0 };
  for (const [index, row] of waiting.entries()) {
    let current: SquareRefund;
    try {
      current = await square.getRefund(row.facility_id, row.square_id!);
    } catch (error) {
      // Square unreachable (each try already retried): this and the rest stay pending, read again next
      // time, rather than waiting on Square for each of them. Another refusal (the refund unknown to
      // this facility's account, the account not set up) concerns this refund alone.
      if (error instanceof HttpError && error.statusCode !== 502) {
        sync.unreachable++;
        continue;
      }
      sync.unreachable += waiting.length - index;
      break;
    }
    if (current.status === 'PENDING') sync.pending++;
    else if (await settle(db, row.ID, current)) sync[current.status === 'COMPLETED' ? 'completed' : 'failed']++;
  }
  return sync;
}

/** Settles one pending refund payment with Square's final status; false when someone settled it first. */
async function settle(db: Db, paymentId: number, refund: SquareRefund): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [{ invoice_id: invoiceId }] = await tx.select({ invoice_id: payments.invoice_id }).from(payments).where(eq(payments.ID, paymentId));
    // Invoice first, then its payments: the order every money write locks in.
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.ID, invoiceId)).for('update');
    const [negative] = await tx.select().from(payments).where(eq(payments.ID, paymentId)).for('update');
    if (negative.refund_status !== 'Pending') return false;
    if (refund.status === 'COMPLETED') {
      await tx.update(payments).set({ refund_status: 'Validated' }).where(eq(payments.ID, negative.ID));
      await recordInvoiceChange(tx, null, invoice, 'square_refund_completed');
      return true;
    }
    const note = squareRefundFailed(refund.status, -negative.amount);
    // It carries `refund` too, so that the refunds of the original payment sum to what really went back.
    const [restored] = await tx.insert(payments).values({
      invoice_id: invoice.ID, amount: -negative.amount, type: negative.type, square_id: negative.square_id, player_customer_id: negative.player_customer_id,
      reversal: negative.ID, refund: negative.refund, details: JSON.stringify({ note }),
    }).returning();
    await tx.update(payments).set({ refund_status: 'Denied', reversed: restored.ID }).where(eq(payments.ID, negative.ID));
    if (negative.refund !== null) {
      // The original payment may be refunded again (it was the latest refund's).
      await tx.update(payments).set({ refunded: null }).where(and(eq(payments.ID, negative.refund), eq(payments.refunded, negative.ID)));
    }
    const [request] = await tx.update(refunds).set({ refund_status: 'Denied', deny_reason: note, resolved_at: nowSeconds() })
      .where(eq(refunds.refund_payment_id, negative.ID)).returning();
    if (request) await recordChange(tx, { object: 'refund', object_id: request.ID, action: 'square_failed', user_id: null, new_value: request });
    await recordInvoiceChange(tx, null, invoice, 'square_refund_failed');
    return true;
  });
}
