import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { testCardOf } from '../../../core/square';
import type { Db } from '../../db/client';
import { squareSimCheckouts, squareSimPayments, squareSimRefunds } from '../../db/schema';
import { conflict } from '../../http/errors';
import { squareFailure, type SquareClient, type SquareDevice, type SquarePayment, type SquareRefund, type TerminalCheckout } from './client';

// The embedded Square: two Terminal devices per facility, checkouts that stay PENDING until a person
// completes or cancels them on the simulator page (or, at Square's deadline of 5 minutes, the checkout's
// deadline job cancels it: server/routes/square/deadline.ts),
// the test cards of core/square, refunds that succeed up to what a payment has left. It keeps its
// state in the database and answers Square's shapes and errors, idempotency keys included, so that the
// routes cannot tell it from Square.

type CheckoutRow = typeof squareSimCheckouts.$inferSelect;
type PaymentRow = typeof squareSimPayments.$inferSelect;
type RefundRow = typeof squareSimRefunds.$inferSelect;

/** What the simulator page does in place of a person at the terminal. */
export interface SimulatorControls {
  pendingCheckouts(facilityId: number | null): Promise<Array<TerminalCheckout & { facility_id: number; device_name: string }>>;
  /** The customer taps a card: the checkout completes with a new payment. */
  completeCheckout(checkoutId: string, facilityId: number | null): Promise<TerminalCheckout>;
  /** The customer presses cancel on the terminal. */
  cancelCheckout(checkoutId: string, facilityId: number | null): Promise<TerminalCheckout>;
  recentPayments(facilityId: number | null): Promise<Array<SquarePayment & { facility_id: number }>>;
}

export const NOT_PENDING = 'This checkout is no longer pending at the terminal';

const newId = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url').replace(/[-_]/g, 'X')}`;
const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const usd = (amount: number) => ({ amount, currency: 'USD' as const });
const keyReused = () => squareFailure(400, [{ category: 'INVALID_REQUEST_ERROR', code: 'IDEMPOTENCY_KEY_REUSED', detail: 'The idempotency key was used with another request' }]);
const notFound = (what: string) => squareFailure(404, [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: `${what} not found` }]);

export function simulatorDevices(facilityId: number): SquareDevice[] {
  return [
    { id: `SIM-${facilityId}-DESK`, name: 'Front desk terminal' },
    { id: `SIM-${facilityId}-BAR`, name: 'Bar terminal' },
  ];
}

const checkoutWire = (row: CheckoutRow): TerminalCheckout => ({
  id: row.square_id,
  amount_money: usd(row.amount),
  device_options: { device_id: row.device_id },
  status: row.status as TerminalCheckout['status'],
  note: row.note,
  reference_id: row.reference_id,
  ...(row.payment_id ? { payment_ids: [row.payment_id] } : {}),
  created_at: iso(row.CreatedAt),
});

const paymentWire = (row: PaymentRow): SquarePayment => ({
  id: row.square_id,
  status: row.status as SquarePayment['status'],
  amount_money: usd(row.amount),
  ...(row.refunded ? { refunded_money: usd(row.refunded) } : {}),
  source_type: row.source_type,
  card_details: { card: { card_brand: row.card_brand, last_4: row.last_4 } },
  note: row.note,
  reference_id: row.reference_id,
  created_at: iso(row.CreatedAt),
});

const refundWire = (row: RefundRow): SquareRefund => ({ id: row.square_id, status: 'COMPLETED', amount_money: usd(row.amount), payment_id: row.payment_id });

export function simulatorSquare(db: Db): SquareClient & { simulator: SimulatorControls } {
  async function findCheckout(checkoutId: string, facilityId: number | null) {
    const [row] = await db.select().from(squareSimCheckouts).where(eq(squareSimCheckouts.square_id, checkoutId));
    if (!row || (facilityId !== null && row.facility_id !== facilityId)) throw notFound('Checkout');
    return row;
  }

  /** Moves a pending checkout to CANCELED or COMPLETED (with its payment), once. */
  async function finish(checkoutId: string, facilityId: number | null, outcome: 'CANCELED' | 'COMPLETED') {
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(squareSimCheckouts).where(eq(squareSimCheckouts.square_id, checkoutId)).for('update');
      if (!row || (facilityId !== null && row.facility_id !== facilityId)) throw notFound('Checkout');
      if (row.status !== 'PENDING' && row.status !== 'IN_PROGRESS') throw conflict(NOT_PENDING);
      let paymentId: string | null = null;
      if (outcome === 'COMPLETED') {
        const [payment] = await tx.insert(squareSimPayments).values({
          square_id: newId('SIMPAY'), facility_id: row.facility_id, amount: row.amount, status: 'COMPLETED', source_type: 'CARD',
          card_brand: 'VISA', last_4: '1111', note: row.note, reference_id: row.reference_id,
        }).returning();
        paymentId = payment.square_id;
      }
      const [done] = await tx.update(squareSimCheckouts).set({ status: outcome, payment_id: paymentId }).where(eq(squareSimCheckouts.ID, row.ID)).returning();
      return checkoutWire(done);
    });
  }

  return {
    mode: 'simulator',

    listDevices: async (facilityId) => simulatorDevices(facilityId),

    async createCheckout(facilityId, checkout) {
      const request = { facilityId, amount: checkout.amount, deviceId: checkout.deviceId, note: checkout.note ?? '', referenceId: checkout.referenceId ?? '' };
      if (!simulatorDevices(facilityId).some((d) => d.id === checkout.deviceId)) {
        throw squareFailure(400, [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: `Device ${checkout.deviceId} not found`, field: 'device_options.device_id' }]);
      }
      const [created] = await db.insert(squareSimCheckouts).values({
        square_id: newId('SIMCHK'), facility_id: facilityId, device_id: checkout.deviceId, amount: checkout.amount, note: request.note,
        reference_id: request.referenceId, idempotency_key: checkout.idempotencyKey, request_hash: hash(request),
      }).onConflictDoNothing().returning();
      if (created) return checkoutWire(created);
      const [earlier] = await db.select().from(squareSimCheckouts).where(eq(squareSimCheckouts.idempotency_key, checkout.idempotencyKey));
      if (earlier.request_hash !== hash(request)) throw keyReused();
      return checkoutWire(earlier);
    },

    getCheckout: async (facilityId, checkoutId) => checkoutWire(await findCheckout(checkoutId, facilityId)),

    async cancelCheckout(facilityId, checkoutId) {
      const row = await findCheckout(checkoutId, facilityId);
      if (row.status === 'CANCELED') return checkoutWire(row);
      if (row.status === 'COMPLETED') {
        throw squareFailure(400, [{ category: 'INVALID_REQUEST_ERROR', code: 'BAD_REQUEST', detail: 'A completed checkout cannot be canceled' }]);
      }
      return finish(checkoutId, facilityId, 'CANCELED');
    },

    async createPayment(facilityId, payment) {
      const card = testCardOf(payment.sourceId);
      const nonce = payment.sourceId === 'cnon:card-nonce-ok' ? true : payment.sourceId === 'cnon:card-nonce-declined' ? false : undefined;
      const approves = card?.approves ?? nonce;
      if (approves === undefined) {
        throw squareFailure(400, [{ category: 'INVALID_REQUEST_ERROR', code: 'INVALID_CARD_DATA', detail: 'Use one of the test cards of the Square simulator', field: 'source_id' }]);
      }
      const request = { facilityId, amount: payment.amount, sourceId: payment.sourceId, note: payment.note ?? '', referenceId: payment.referenceId ?? '' };
      const [earlier] = await db.select().from(squareSimPayments).where(eq(squareSimPayments.idempotency_key, payment.idempotencyKey));
      if (earlier) {
        if (earlier.request_hash !== hash(request)) throw keyReused();
        return paymentWire(earlier);
      }
      if (!approves) throw squareFailure(402, [{ category: 'PAYMENT_METHOD_ERROR', code: 'CARD_DECLINED', detail: 'Card declined.' }]);
      const [created] = await db.insert(squareSimPayments).values({
        square_id: newId('SIMPAY'), facility_id: facilityId, amount: payment.amount, status: 'COMPLETED', source_type: 'CARD',
        card_brand: card?.brand ?? 'VISA', last_4: (card?.number ?? '1111').slice(-4), note: request.note, reference_id: request.referenceId,
        idempotency_key: payment.idempotencyKey, request_hash: hash(request),
      }).onConflictDoNothing().returning();
      if (created) return paymentWire(created);
      const [raced] = await db.select().from(squareSimPayments).where(eq(squareSimPayments.idempotency_key, payment.idempotencyKey));
      if (raced.request_hash !== hash(request)) throw keyReused();
      return paymentWire(raced);
    },

    async getPayment(facilityId, paymentId) {
      const [row] = await db.select().from(squareSimPayments).where(and(eq(squareSimPayments.square_id, paymentId), eq(squareSimPayments.facility_id, facilityId)));
      if (!row) throw notFound('Payment');
      return paymentWire(row);
    },

    async listPayments(facilityId, { begin, end }) {
      const rows = await db.select().from(squareSimPayments)
        .where(and(eq(squareSimPayments.facility_id, facilityId), gte(squareSimPayments.CreatedAt, begin), lt(squareSimPayments.CreatedAt, end)))
        .orderBy(asc(squareSimPayments.CreatedAt));
      return { payments: rows.map(paymentWire) };
    },

    async refundPayment(facilityId, refund) {
      const request = { paymentId: refund.paymentId, amount: refund.amount };
      return db.transaction(async (tx) => {
        const [claimed] = await tx.insert(squareSimRefunds).values({
          square_id: newId('SIMREF'), payment_id: refund.paymentId, amount: refund.amount, idempotency_key: refund.idempotencyKey,
          request_hash: hash(request), reason: refund.reason ?? '',
        }).onConflictDoNothing().returning();
        if (!claimed) {
          const [earlier] = await tx.select().from(squareSimRefunds).where(eq(squareSimRefunds.idempotency_key, refund.idempotencyKey));
          if (earlier.request_hash !== hash(request)) throw keyReused();
          return refundWire(earlier);
        }
        const [payment] = await tx.select().from(squareSimPayments)
          .where(and(eq(squareSimPayments.square_id, refund.paymentId), eq(squareSimPayments.facility_id, facilityId))).for('update');
        if (!payment) throw notFound('Payment');
        if (refund.amount <= 0 || payment.refunded + refund.amount > payment.amount) {
          throw squareFailure(400, [{ category: 'INVALID_REQUEST_ERROR', code: 'REFUND_AMOUNT_INVALID', detail: 'The requested refund amount exceeds the amount available to refund.' }]);
        }
        await tx.update(squareSimPayments).set({ refunded: sql`${squareSimPayments.refunded} + ${refund.amount}` }).where(eq(squareSimPayments.ID, payment.ID));
        return refundWire(claimed);
      });
    },

    async getRefund(facilityId, refundId) {
      const [row] = await db.select({ refund: squareSimRefunds }).from(squareSimRefunds)
        .innerJoin(squareSimPayments, eq(squareSimPayments.square_id, squareSimRefunds.payment_id))
        .where(and(eq(squareSimRefunds.square_id, refundId), eq(squareSimPayments.facility_id, facilityId)));
      if (!row) throw notFound('Refund');
      return refundWire(row.refund);
    },

    simulator: {
      async pendingCheckouts(facilityId) {
        const rows = await db.select().from(squareSimCheckouts)
          .where(and(inArray(squareSimCheckouts.status, ['PENDING', 'IN_PROGRESS']), facilityId === null ? undefined : eq(squareSimCheckouts.facility_id, facilityId)))
          .orderBy(asc(squareSimCheckouts.CreatedAt));
        return rows.map((row) => ({
          ...checkoutWire(row), facility_id: row.facility_id,
          device_name: simulatorDevices(row.facility_id).find((d) => d.id === row.device_id)?.name ?? row.device_id,
        }));
      },
      completeCheckout: (checkoutId, facilityId) => finish(checkoutId, facilityId, 'COMPLETED'),
      cancelCheckout: (checkoutId, facilityId) => finish(checkoutId, facilityId, 'CANCELED'),
      async recentPayments(facilityId) {
        const rows = await db.select().from(squareSimPayments)
          .where(facilityId === null ? undefined : eq(squareSimPayments.facility_id, facilityId))
          .orderBy(desc(squareSimPayments.CreatedAt)).limit(50);
        return rows.map((row) => ({ ...paymentWire(row), facility_id: row.facility_id }));
      },
    },
  };
}
