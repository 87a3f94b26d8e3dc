import { aliasedTable, and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { confirmRefund, denyRefund, listRefunds, PAYMENT_MESSAGES, REFUND_MESSAGES, type RefundRequest } from '../../../core/api/payments';
import { toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import { facilityScope } from '../../auth/guard';
import { facilities, payments, refunds, users } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { conflict, HttpError, notFound } from '../../http/errors';
import { recordChange } from '../../services/changelog';
import { recordInvoiceChange } from '../../domain/invoices/audit';
import type { SquareRefund } from '../../services/square';
import { refundStatusOf } from '../../domain/square/refunds';
import { lockPayment } from '../../domain/payments/access';
import { refundDays } from '../../domain/payments/refundDates';

// The refund review (spec 2 §2, §4, §7), admins only. GET /refunds lists refund requests; POST
// /refunds/{id} confirms a Pending one — a refund to the card is refunded through Square first
// (with a key of its own, so a retry or a second click never refunds twice) and the refund is recorded
// as a negative card payment only once Square accepted it; a refund as cash, check, wire or credit calls
// no one and is recorded as that method, whatever the payment was (the drawer gives the money back, not
// the card); its dates are whole days in each refund's facility's zone (domain/payments/refundDates). PUT /refunds/{id}/deny denies it with a reason.
// Both are irreversible, both audited. Confirmed refunds never add up to more than the payment.

const creator = aliasedTable(users, 'creator');
// alias(), not aliasedTable(): payments is joined under its own name too.
const given = alias(payments, 'given');

export async function refundRoutes(app: FastifyInstance) {
  const { db, square } = app.deps;

  serve(app, listRefunds, async ({ user, query }) => {
    const facility = facilityScope(user, query.facility_id);
    const days = await refundDays(db, query.from, query.to);
    const search = query.q ? `%${query.q.replace(/[\\%_]/g, '\\$&')}%` : null;
    const rows = await db.select({
      refund: refunds, facility: { ID: facilities.ID, name: facilities.name, time_zone: facilities.time_zone },
      creator: { ID: creator.ID, first_name: creator.first_name, last_name: creator.last_name },
      payment: { ID: payments.ID, type: payments.type, square_id: payments.square_id, amount: payments.amount },
      square: { status: sql<RefundRequest['square_status']>`${given.refund_status}` },
    }).from(refunds)
      .innerJoin(facilities, eq(facilities.ID, refunds.facility_id))
      .innerJoin(payments, eq(payments.ID, refunds.payment_id))
      .leftJoin(creator, eq(creator.ID, refunds.refund_creator))
      .leftJoin(given, eq(given.ID, refunds.refund_payment_id))
      .where(and(
        facility === null ? undefined : eq(refunds.facility_id, facility),
        query.start_date === undefined ? undefined : gte(refunds.CreatedAt, query.start_date),
        query.end_date === undefined ? undefined : lt(refunds.CreatedAt, query.end_date),
        days,
        query.pending ? eq(refunds.refund_status, 'Pending') : undefined,
        search === null ? undefined : sql`(${refunds.refund_reason} ilike ${search} or cast(${refunds.invoice_id} as text) = ${query.q}
          or concat(${creator.first_name}, ' ', ${creator.last_name}) ilike ${search})`,
      ))
      .orderBy(desc(refunds.CreatedAt), desc(refunds.ID))
      .limit(1000);
    return rows.map(({ refund, facility: f, creator: c, payment, square }) => ({
      ...refund, square_status: square.status, amount: toDollars(refund.amount), facility: f, invoice: { ID: refund.invoice_id },
      requestor: c?.ID ? `${c.first_name} ${c.last_name}` : '', payment: { ...payment, amount: toDollars(payment.amount) },
    }));
  });

  /** The refund request, when it is the user's to see; else 404. */
  async function findRefund(id: number) {
    const [row] = await db.select().from(refunds).where(eq(refunds.ID, id));
    if (!row) throw notFound('Refund');
    return row;
  }

  serve(app, confirmRefund, async ({ user, params: { id } }) => {
    const refund = await findRefund(id);
    if (refund.refund_status !== 'Pending') throw conflict(REFUND_MESSAGES.settled);
    const [paid] = await db.select().from(payments).where(eq(payments.ID, refund.payment_id));
    let squareRefundId: string | null = null;
    let squareRefund: SquareRefund | null = null;
    if (refund.type === 'card' && paid.square_id) {
      const taken = await square.refundPayment(refund.facility_id, {
        idempotencyKey: `touchline-refund-${refund.ID}`, paymentId: paid.square_id, amount: refund.amount, reason: refund.refund_reason,
      });
      if (taken.status === 'REJECTED' || taken.status === 'FAILED') throw new HttpError(402, REFUND_MESSAGES.squareRefused);
      squareRefundId = taken.id;
      squareRefund = taken;
    }
    return db.transaction(async (tx) => {
      const { payment, invoice } = await lockPayment(tx, user, refund.payment_id);
      const [current] = await tx.select().from(refunds).where(eq(refunds.ID, refund.ID)).for('update');
      if (current.refund_status !== 'Pending') throw conflict(REFUND_MESSAGES.settled);
      const [refundedSoFar] = await tx.select({ sum: sql<string>`coalesce(sum(-${payments.amount}), 0)` }).from(payments).where(eq(payments.refund, payment.ID));
      if (Number(refundedSoFar.sum) + current.amount > payment.amount) throw conflict(PAYMENT_MESSAGES.refundTooMuch);
      const [negative] = await tx.insert(payments).values({
        invoice_id: invoice.ID, amount: -current.amount, type: current.type, refund: payment.ID, player_customer_id: payment.player_customer_id,
        // A refund Square answers PENDING stays Pending until it settles (domain/square/refunds.ts).
        user_id: user.ID, square_id: squareRefundId, refund_status: squareRefund ? refundStatusOf(squareRefund) : null,
        details: JSON.stringify({ note: current.refund_reason, ...(squareRefund?.review ? { review: squareRefund.review } : {}) }),
      }).returning();
      await tx.update(payments).set({ refunded: negative.ID }).where(eq(payments.ID, payment.ID));
      const [done] = await tx.update(refunds).set({
        refund_status: 'Confirmed', refund_payment_id: negative.ID, resolved_by: user.ID, resolved_at: nowSeconds(),
      }).where(eq(refunds.ID, current.ID)).returning();
      await recordChange(tx, { object: 'refund', object_id: done.ID, action: 'confirm', user_id: user.ID, new_value: done });
      const view = await recordInvoiceChange(tx, user, invoice, 'refund_confirmed');
      return { ...done, amount: toDollars(done.amount), square_refund_id: squareRefundId, balance: view.balance };
    });
  });

  serve(app, denyRefund, async ({ user, params: { id }, body: { denyReason } }) => {
    const refund = await findRefund(id);
    return db.transaction(async (tx) => {
      const { invoice } = await lockPayment(tx, user, refund.payment_id);
      const [current] = await tx.select().from(refunds).where(eq(refunds.ID, refund.ID)).for('update');
      if (current.refund_status !== 'Pending') throw conflict(REFUND_MESSAGES.settled);
      const [done] = await tx.update(refunds).set({ refund_status: 'Denied', deny_reason: denyReason, resolved_by: user.ID, resolved_at: nowSeconds() })
        .where(eq(refunds.ID, current.ID)).returning();
      await recordChange(tx, { object: 'refund', object_id: done.ID, action: 'deny', user_id: user.ID, new_value: done });
      await recordInvoiceChange(tx, user, invoice, 'refund_denied');
      return { ...done, amount: toDollars(done.amount) };
    });
  });
}
