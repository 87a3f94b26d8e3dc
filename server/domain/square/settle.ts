import { eq } from 'drizzle-orm';
import type { CheckoutState } from '../../../core/api/square';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { terminalCheckouts } from '../../db/schema';
import type { TerminalCheckout } from '../../services/square';
import { findInvoice } from '../invoices/access';
import { sellMembership } from '../memberships/sale';
import { recordSquarePayment } from './record';

// A Terminal checkout settled against what Square says of it: GET /square/terminal/confirm and the
// checkout's deadline job (routes/square/deadline.ts) both come here, so its payment is recorded by one
// code path, once: the checkout's row is the one lock every settler queues on, and it keeps the payment.

export type CheckoutRow = typeof terminalCheckouts.$inferSelect;

/** The answer of a checkout already recorded. */
export const confirmed = (paymentId: number, invoiceId: number | null): CheckoutState => ({ status: 'SUCCESS', payment_id: paymentId, invoice_id: invoiceId });

/**
 * Settles `row` as `checkout` (Square's, just read) has it: CANCELED marks the row so; COMPLETED records
 * its payment (selling the membership first for a membership checkout) acting for `user`; anything
 * else is still PENDING.
 */
export async function settleCheckout(db: Db, user: SessionUser, row: CheckoutRow, checkout: TerminalCheckout): Promise<CheckoutState> {
  if (checkout.status === 'CANCELED') {
    await db.update(terminalCheckouts).set({ status: 'CANCELED' }).where(eq(terminalCheckouts.ID, row.ID));
    return { status: 'CANCELED' };
  }
  if (checkout.status !== 'COMPLETED' || !checkout.payment_ids?.length) return { status: 'PENDING' };
  const squareId = checkout.payment_ids[0];
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(terminalCheckouts).where(eq(terminalCheckouts.ID, row.ID)).for('update');
    if (locked.payment_id !== null) return confirmed(locked.payment_id, locked.invoice_id);
    let invoiceId = locked.invoice_id;
    if (invoiceId === null && locked.membership) {
      const sale = locked.membership;
      const sold = await sellMembership(tx, user, {
        sub_customer_id: sale.sub_customer_id, member_customer_id: sale.sub_customer_id, new_product_id: sale.new_product_id, is_free: false,
        price: sale.price, valid_until: sale.duration ? Math.floor(Date.now() / 1000) + sale.duration : undefined,
      });
      invoiceId = sold.invoice!.ID;
    }
    const invoice = await findInvoice(tx, user, invoiceId!, { lock: true });
    const { payment, balance } = await recordSquarePayment(tx, user, invoice, { amount: locked.amount, type: 'terminal', squareId, note: checkout.note, review: checkout.review });
    await tx.update(terminalCheckouts).set({ status: 'COMPLETED', payment_id: payment.ID, invoice_id: invoice.ID }).where(eq(terminalCheckouts.ID, locked.ID));
    return { status: 'SUCCESS', payment_id: payment.ID, square_id: squareId, invoice_id: invoice.ID, balance };
  });
}
