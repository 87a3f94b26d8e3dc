import { eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES } from '../../../core/api/payments';
import { toDollars } from '../../../core/money';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { customers, payments } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { findInvoice } from '../invoices/access';

// Shared by the payment operations: the payment as the API answers it, and taking a payment with its invoice locked (invoice first, then the payment, then the
// customer: one order for every money write, so concurrent writes queue instead of deadlocking).

export type PaymentRow = typeof payments.$inferSelect;

/** The payment as answered: its kept copies for the reports (product type, tax and fee in cents) stay in the database. */
export function paymentWire({ product_type_id: _t, tax: _tax, fee: _fee, ...row }: PaymentRow) {
  return { ...row, amount: toDollars(row.amount) };
}

/** A normal payment: none of reversed, reversal, refunded, refund — the only kind Revert and Refund act on. */
export const isNormal = (p: PaymentRow) => p.reversed === null && p.reversal === null && p.refunded === null && p.refund === null && p.amount > 0;

/** The payment `id` and its invoice, both locked, when the user may reach the invoice; else 404. */
export async function lockPayment(tx: Tx, user: SessionUser, id: number) {
  const [found] = await tx.select({ invoice_id: payments.invoice_id }).from(payments).where(eq(payments.ID, id));
  if (!found) throw notFound('Payment');
  const invoice = await findInvoice(tx, user, found.invoice_id, { lock: true }).catch(() => { throw notFound('Payment'); });
  const [payment] = await tx.select().from(payments).where(eq(payments.ID, id)).for('update');
  return { payment, invoice };
}

export function assertNormal(payment: PaymentRow): void {
  if (!isNormal(payment)) throw conflict(PAYMENT_MESSAGES.settled);
}

/** The customer row, locked, for spending or giving back credits. */
export async function lockCustomer(tx: Tx, customerId: number | null) {
  if (customerId === null) throw badRequest('No customer in invoice');
  const [customer] = await tx.select().from(customers).where(eq(customers.ID, customerId)).for('update');
  if (!customer) throw notFound('Customer');
  return customer;
}

/** Adds (or, negative, spends) credits of a locked customer. */
export async function addCredits(tx: Tx, customerId: number, cents: number) {
  const customer = await lockCustomer(tx, customerId);
  if (customer.credits + cents < 0) throw badRequest(PAYMENT_MESSAGES.notEnoughCredits(customer.credits));
  await tx.update(customers).set({ credits: customer.credits + cents }).where(eq(customers.ID, customerId));
}
