import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SessionUser } from '../../auth/session';
import { authorize } from '../../auth/guard';
import { invoices } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import { recordId } from '../../../core/validation/wire';
import { findInvoice, type InvoiceRow } from '../invoices/access';
import { invoiceReference as referenceParam } from '../../../core/api/invoices';
import { hashReference } from '../invoices/publicLink';
import { claimKey, requestHash, storeAnswer, storedAnswer } from '../payments/idempotency';
import { amountMoney, assertPayable, idempotencyKey, recordSquarePayment, SQUARE_MESSAGES } from './record';

// Card payments (spec 2 §4, §7). The card modal tokenizes the card (Square's Web Payments SDK, or the
// simulator's test-card form) and POST /charge/event charges the token on the invoice: Square first,
// with the body's idempotency key, then the card payment with Square's payment id, in one transaction
// that claims the key — so a retry answers the first charge and the invoice gets one payment. The
// customer's public invoice page charges the same way (POST /public/invoice/{ref}/charge). GET
// /square/config tells the card form which one to show (never a token).

const chargeBody = z.strictObject({
  idempotency_key: idempotencyKey,
  amount_money: amountMoney,
  source_id: z.string({ error: 'is required' }).trim().min(1, 'is required').max(500),
  buyer_email_address: z.string().trim().max(254).default(''),
  note: z.string().trim().max(500).default(''),
  facility_id: recordId('must be a facility ID').optional(),
  /** The invoice the charge pays (Touchline records the payment on it in the same call). */
  invoice_id: recordId('must be an invoice ID'),
});
const publicChargeBody = chargeBody.omit({ invoice_id: true, facility_id: true });

const SCOPE = 'card-charge';

export async function chargeRoutes(app: FastifyInstance) {
  const { db, square, config } = app.deps;

  async function charge(user: SessionUser | null, invoice: InvoiceRow, scopedKey: string, body: z.output<typeof publicChargeBody>) {
    const hash = requestHash({ invoice: invoice.ID, ...body });
    const replay = await storedAnswer(db, SCOPE, scopedKey, hash, SQUARE_MESSAGES.keyReused);
    if (replay) return replay.body;
    await assertPayable(db, invoice, body.amount_money.amount);
    const payment = await square.createPayment(invoice.facility_id, {
      idempotencyKey: body.idempotency_key, sourceId: body.source_id, amount: body.amount_money.amount,
      note: body.note || `Invoice ${invoice.ID}`, buyerEmail: body.buyer_email_address || undefined, referenceId: String(invoice.ID),
    });
    if (payment.status !== 'COMPLETED' && payment.status !== 'APPROVED') throw new HttpError(402, SQUARE_MESSAGES.notCharged);
    const answer = await db.transaction(async (tx) => {
      const earlier = await claimKey(tx, SCOPE, scopedKey, hash, SQUARE_MESSAGES.keyReused);
      if (earlier) return earlier;
      const [locked] = await tx.select().from(invoices).where(eq(invoices.ID, invoice.ID)).for('update');
      const recorded = await recordSquarePayment(tx, user, locked, { amount: payment.amount_money.amount, type: 'card', squareId: payment.id, note: body.note });
      const stored = { status: 200, body: { status: 'SUCCESS', id: payment.id, payment_id: recorded.payment.ID, balance: recorded.balance } };
      await storeAnswer(tx, SCOPE, scopedKey, stored);
      return stored;
    });
    return answer.body;
  }

  app.get('/square/config', async (request) => {
    authorize(request, 'payments', 'create');
    return { mode: square.mode, application_id: config.square.applicationId ?? null, location_id: config.square.locationId ?? null };
  });

  app.post('/charge/event', async (request) => {
    const user = authorize(request, 'payments', 'create');
    const { invoice_id, facility_id: _facility, ...body } = parse(chargeBody, request.body);
    const invoice = await findInvoice(db, user, invoice_id);
    return charge(user, invoice, `${user.ID}:${body.idempotency_key}`, body);
  });

  app.get('/public/invoice/:ref/card', async (request) => {
    const { ref } = parse(referenceParam, request.params);
    const [invoice] = await db.select({ ID: invoices.ID }).from(invoices).where(eq(invoices.public_link_hash, hashReference(ref)));
    if (!invoice) throw notFound('Invoice');
    return { mode: square.mode, application_id: config.square.applicationId ?? null, location_id: config.square.locationId ?? null };
  });

  app.post('/public/invoice/:ref/charge', async (request) => {
    const { ref } = parse(referenceParam, request.params);
    const body = parse(publicChargeBody, request.body);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.public_link_hash, hashReference(ref)));
    if (!invoice) throw notFound('Invoice');
    return charge(null, invoice, `public:${invoice.ID}:${body.idempotency_key}`, body);
  });
}
