import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatMoney, toDollars } from '../../../core/money';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { customers, payments } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { findInvoice } from '../invoices/access';

// Shared by the payment routes: the spec's messages, the payment as the API answers it, the details
// JSON, and taking a payment with its invoice locked (invoice first, then the payment, then the
// customer: one order for every money write, so concurrent writes queue instead of deadlocking).

export const PAYMENT_MESSAGES = {
  zero: 'Amount cannot be 0',
  overBalance: 'Amount cannot be greater than invoice balance',
  notEnoughCredits: (credits: number) => `Not enough credits, customer has ${formatMoney(credits)} in credit.`,
  cardNotCharged: 'Card must be charged on square',
  player: 'Please select a player: a league payment is for one player of the team',
  notOnTeam: 'This player is not on the team of the invoice',
  checkNumber: 'Please enter the check number',
  transactionNumber: 'Please enter the wire transaction number',
  refundTooMuch: 'Refund amount cant be greater than payment amount',
  refundType: 'Please select a valid payment type',
  fieldsMissing: 'Fields missing',
  noTargetInvoice: "Target team has no invoice, can't move player payment",
  settled: 'This payment is already reversed, a reversal, refunded or a refund: it cannot be reverted or refunded',
  idempotencyReused: 'This Idempotency-Key was used for another payment: send a new key for a new payment',
} as const;

export type PaymentRow = typeof payments.$inferSelect;

/** details on the wire: an object or its JSON text, with the check number, wire transaction number, note. */
export const detailsInput = z
  .union([
    z.string().max(4000).transform((text, ctx) => {
      try {
        const value = text.trim() ? JSON.parse(text) : {};
        if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
      } catch { /* refused below */ }
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
      return z.NEVER;
    }),
    z.record(z.string(), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])),
  ])
  .refine((d) => Object.keys(d).length <= 20, 'has too many fields');

export function paymentWire(row: PaymentRow) {
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
