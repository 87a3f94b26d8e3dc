import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatMoney, toCents } from '../../../core/money';
import type { Db } from '../../db/client';
import { customers, facilities, invoices } from '../../db/schema';
import type { Mailer } from '../../services/mail/mailer';

// The receipt of a card payment taken from the portal (issue 43 §5, issue 44 items 3–4): an invoice paid,
// a hold checked out, a team registered or joined. Mailed to the account holder by whoever recorded the
// payment — the request, or the recovery job of ./pendingCharge.ts when the request died — and only by
// it: recording is once (the claim locked, acted on while pending), so the mail is too, however many
// times or processes the job runs. The payment stands if the mail fails (it is logged).

export interface ReceiptDeps { db: Db; mailer: Mailer; log: FastifyBaseLogger }

/** A payment just recorded, dollars (as the card flows answer it). */
export interface Receipt {
  customer_id: number;
  invoice_id: number;
  payment: { payment_id: number; square_id: string | null; amount: number; balance: number };
}

export async function mailReceipt({ db, mailer, log }: ReceiptDeps, receipt: Receipt | null) {
  if (!receipt) return;
  const { invoice_id, payment } = receipt;
  try {
    const [to] = await db.select({ email: customers.email, first_name: customers.first_name, facility: facilities.name })
      .from(customers).innerJoin(invoices, eq(invoices.ID, invoice_id)).innerJoin(facilities, eq(facilities.ID, invoices.facility_id))
      .where(eq(customers.ID, receipt.customer_id));
    const lines = [
      `Hello ${to.first_name},`, '',
      `We received your card payment of $${formatMoney(toCents(payment.amount))} for invoice ${invoice_id} at ${to.facility}.`,
      `Balance left on the invoice: $${formatMoney(toCents(payment.balance))}.`,
      `Payment reference: ${payment.square_id}`, '', 'Thank you!',
    ];
    await mailer.send({ to: to.email, subject: `Receipt: invoice ${invoice_id} at ${to.facility}`, text: `${lines.join('\n')}\n` });
  } catch (error) {
    log.warn({ err: error, invoice: invoice_id, payment: payment.payment_id }, 'portal receipt mail failed');
  }
}
