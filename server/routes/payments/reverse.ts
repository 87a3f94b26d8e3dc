import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PAYMENT_MESSAGES, reversePayment } from '../../../core/api/payments';
import { CARD_PAYMENTS, REFUND_METHODS } from '../../../core/constants';
import { toCents, toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import { authorize } from '../../auth/guard';
import { payments, refunds } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest } from '../../http/errors';
import { dollars } from '../../../core/validation/wire';
import { recordInvoiceChange } from '../../domain/invoices/audit';
import { addCredits, assertNormal, lockPayment, paymentWire } from '../../domain/payments/access';

// DELETE /payment/{id} (spec 2 §4, §7):
// - ?refund=0 reverts (admins): a reversal payment of the opposite amount, the original marked
//   reversed; a credit payment gives the customer's credits back, unless &skip_credit=1 (spec 3 §7:
//   the legacy way of moving a player's payment reverts it here and posts it on the target invoice;
//   PUT /player/{id} moves payments in one transaction and is the way to prefer). The balance returns.
// - ?refund=1&p_type&amount&reason (admins and managers) asks for a refund: recorded Pending in
//   `refunds` for the refund review; a refund to customer credit is settled at once (the credits are
//   added, a negative credit payment recorded, the request Confirmed). Refunds of one payment never
//   add up to more than it. p_type is how the money goes back: 'card' (to the card, through Square on
//   confirmation) only for a card or terminal payment taken through Square; 'terminal' is not a way
//   back (a terminal payment goes back to its card).
// Only a normal payment (none of reversed, reversal, refunded, refund) is reverted or refunded.

/** Refunds already asked or made on a payment (Pending and Confirmed), in cents. */
const refundedSoFar = sql<string>`coalesce(sum(${refunds.amount}), 0)`;

export async function paymentReverseRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  // Declared with the refund's permission (admins and managers); reverting is the admins' (payments.revert).
  serve(app, reversePayment, async ({ user, params: { id }, query: params }, request) => {
    if (params.refund === '0') {
      authorize(request, 'payments', 'revert');
      return db.transaction(async (tx) => {
        const { payment, invoice } = await lockPayment(tx, user, id);
        assertNormal(payment);
        const [reversal] = await tx.insert(payments).values({
          invoice_id: invoice.ID, amount: -payment.amount, type: payment.type, details: payment.details, square_id: payment.square_id,
          player_customer_id: payment.player_customer_id, reversal: payment.ID, user_id: user.ID,
        }).returning();
        await tx.update(payments).set({ reversed: reversal.ID }).where(eq(payments.ID, payment.ID));
        if (payment.type === 'credit' && invoice.customer_id !== null && params.skip_credit !== '1') await addCredits(tx, invoice.customer_id, payment.amount);
        const view = await recordInvoiceChange(tx, user, invoice, 'revert_payment');
        return { ...paymentWire(reversal), balance: view.balance, paid: view.paid };
      });
    }

    if (params.skip_credit === '1') throw badRequest(PAYMENT_MESSAGES.skipCreditRevertOnly);
    const type = z.enum(REFUND_METHODS).safeParse(params.p_type);
    if (!type.success) throw badRequest(PAYMENT_MESSAGES.refundType);
    const amount = dollars.safeParse(params.amount);
    if (!amount.success) throw badRequest(`amount: ${amount.error.issues[0]?.message ?? 'must be an amount in dollars'}`);
    if (amount.data <= 0) throw badRequest(PAYMENT_MESSAGES.zero);
    const cents = toCents(amount.data);
    return db.transaction(async (tx) => {
      const { payment, invoice } = await lockPayment(tx, user, id);
      assertNormal(payment);
      if (type.data === 'card' && !(CARD_PAYMENTS.has(payment.type) && payment.square_id)) throw badRequest(PAYMENT_MESSAGES.refundToCard);
      const [asked] = await tx.select({ sum: refundedSoFar }).from(refunds)
        .where(and(eq(refunds.payment_id, payment.ID), inArray(refunds.refund_status, ['Pending', 'Confirmed'])));
      if (cents + Number(asked.sum) > payment.amount) throw badRequest(PAYMENT_MESSAGES.refundTooMuch);
      const toCredit = type.data === 'credit';
      const [refund] = await tx.insert(refunds).values({
        invoice_id: invoice.ID, payment_id: payment.ID, facility_id: invoice.facility_id, amount: cents, type: type.data,
        refund_creator: user.ID, refund_reason: params.reason ?? '', refund_status: toCredit ? 'Confirmed' : 'Pending',
        ...(toCredit ? { resolved_by: user.ID, resolved_at: nowSeconds() } : {}),
      }).returning();
      if (toCredit) {
        if (invoice.customer_id === null) throw badRequest('No customer in invoice');
        await addCredits(tx, invoice.customer_id, cents);
        const [negative] = await tx.insert(payments).values({
          invoice_id: invoice.ID, amount: -cents, type: 'credit', refund: payment.ID, player_customer_id: payment.player_customer_id, user_id: user.ID,
          details: JSON.stringify({ note: params.reason ?? '' }),
        }).returning();
        await tx.update(payments).set({ refunded: negative.ID }).where(eq(payments.ID, payment.ID));
        await tx.update(refunds).set({ refund_payment_id: negative.ID }).where(eq(refunds.ID, refund.ID));
      }
      const view = await recordInvoiceChange(tx, user, invoice, toCredit ? 'refund_to_credit' : 'refund_request');
      return { ...refund, amount: toDollars(refund.amount), refund_status: toCredit ? 'Confirmed' : 'Pending', balance: view.balance };
    });
  });
}
