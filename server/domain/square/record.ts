import { and, eq } from 'drizzle-orm';
import { SQUARE_MESSAGES } from '../../../core/api/square';
import { toDollars } from '../../../core/money';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { payments } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { assertOpen, balanceOf, invoiceFigures, type InvoiceRow } from '../invoices/access';
import { recordInvoiceChange } from '../invoices/audit';
import { paymentWire } from '../payments/access';

// What Square's payments share (card charges, Terminal checkouts): the checks before Square is asked,
// and recording a payment Square has taken.

/** An amount may be taken on the invoice: open, above zero and within the balance (checked again by nobody: Square takes it). */
export async function assertPayable(db: Parameters<typeof invoiceFigures>[0], invoice: InvoiceRow, amount: number) {
  assertOpen(invoice);
  if (amount <= 0) throw badRequest(SQUARE_MESSAGES.notPositive);
  if (amount > balanceOf(await invoiceFigures(db, invoice.ID))) throw badRequest(SQUARE_MESSAGES.overBalance);
}

/**
 * Records, on an invoice locked by the caller, a payment Square has taken — once per Square payment
 * id: a second confirm or a retry finds the first. No balance check here: the money is taken. A
 * `review` (Square's answer failed its checks) is kept in the payment's details for a person to check.
 */
export async function recordSquarePayment(tx: Tx, user: SessionUser | null, invoice: InvoiceRow, taken: {
  amount: number; type: 'card' | 'terminal'; squareId: string; note?: string; review?: string;
}) {
  const [existing] = await tx.select().from(payments).where(and(eq(payments.invoice_id, invoice.ID), eq(payments.square_id, taken.squareId)));
  if (existing) return { payment: paymentWire(existing), balance: toDollars(balanceOf(await invoiceFigures(tx, invoice.ID))) };
  const [payment] = await tx.insert(payments).values({
    invoice_id: invoice.ID, amount: taken.amount, type: taken.type, square_id: taken.squareId, user_id: user?.ID ?? null,
    details: JSON.stringify({ ...(taken.note ? { note: taken.note } : {}), ...(taken.review ? { review: taken.review } : {}) }),
  }).returning();
  const view = await recordInvoiceChange(tx, user, invoice, taken.type === 'card' ? 'card_payment' : 'terminal_payment');
  return { payment: paymentWire(payment), balance: view.balance };
}
