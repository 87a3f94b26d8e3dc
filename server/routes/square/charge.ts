import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { chargeCard, publicCardConfig, publicCharge, SQUARE_MESSAGES, squareConfig, type CardChargeInput, type ChargeResult } from '../../../core/api/square';
import type { SessionUser } from '../../auth/session';
import { invoices } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { HttpError, notFound } from '../../http/errors';
import { findInvoice, type InvoiceRow } from '../../domain/invoices/access';
import { hashToken } from '../../auth/tokens';
import { claimKey, requestHash, storeAnswer, storedAnswer } from '../../http/idempotency';
import { assertPayable, recordSquarePayment } from '../../domain/square/record';

// Card payments (spec 2 §4, §7). The card modal tokenizes the card (Square's Web Payments SDK, or the
// simulator's test-card form) and POST /charge/event charges the token on the invoice: Square first,
// with the body's idempotency key, then the card payment with Square's payment id, in one transaction
// that claims the key — so a retry answers the first charge and the invoice gets one payment. The
// customer's public invoice page charges the same way (POST /public/invoice/{ref}/charge). GET
// /square/config tells the card form which one to show (never a token).

const SCOPE = 'card-charge';

export async function chargeRoutes(app: FastifyInstance) {
  const { db, square, config } = app.deps;

  async function charge(user: SessionUser | null, invoice: InvoiceRow, scopedKey: string, body: CardChargeInput): Promise<ChargeResult> {
    const hash = requestHash({ invoice: invoice.ID, ...body });
    const replay = await storedAnswer(db, SCOPE, scopedKey, hash, SQUARE_MESSAGES.keyReused);
    if (replay) return replay.body as ChargeResult;
    await assertPayable(db, invoice, body.amount_money.amount);
    // Square gets a key derived from the scoped one: two users' equal keys never meet there.
    const payment = await square.createPayment(invoice.facility_id, {
      idempotencyKey: scopedKey, sourceId: body.source_id, amount: body.amount_money.amount,
      note: body.note || `Invoice ${invoice.ID}`, buyerEmail: body.buyer_email_address || undefined, referenceId: String(invoice.ID),
    });
    if (payment.status !== 'COMPLETED' && payment.status !== 'APPROVED') throw new HttpError(402, SQUARE_MESSAGES.notCharged);
    const answer = await db.transaction(async (tx) => {
      const earlier = await claimKey(tx, SCOPE, scopedKey, hash, SQUARE_MESSAGES.keyReused);
      if (earlier) return earlier;
      const [locked] = await tx.select().from(invoices).where(eq(invoices.ID, invoice.ID)).for('update');
      const recorded = await recordSquarePayment(tx, user, locked, { amount: payment.amount_money.amount, type: 'card', squareId: payment.id, note: body.note, review: payment.review });
      const stored = { status: 200, body: { status: 'SUCCESS', id: payment.id, payment_id: recorded.payment.ID, balance: recorded.balance } };
      await storeAnswer(tx, SCOPE, scopedKey, stored);
      return stored;
    });
    // A replay answers what the first charge stored.
    return answer.body as ChargeResult;
  }

  serve(app, squareConfig, async () => {
    return { mode: square.mode, application_id: config.square.applicationId ?? null, location_id: config.square.locationId ?? null };
  });

  serve(app, chargeCard, async ({ user, body: { invoice_id, facility_id: _facility, ...body } }) => {
    const invoice = await findInvoice(db, user, invoice_id);
    return charge(user, invoice, `${user.ID}:${body.idempotency_key}`, body);
  });

  serve(app, publicCardConfig, async ({ params: { ref } }) => {
    const [invoice] = await db.select({ ID: invoices.ID }).from(invoices).where(eq(invoices.public_link_hash, hashToken(ref)));
    if (!invoice) throw notFound('Invoice');
    return { mode: square.mode, application_id: config.square.applicationId ?? null, location_id: config.square.locationId ?? null };
  });

  serve(app, publicCharge, async ({ params: { ref }, body }) => {
    const [invoice] = await db.select().from(invoices).where(eq(invoices.public_link_hash, hashToken(ref)));
    if (!invoice) throw notFound('Invoice');
    return charge(null, invoice, `public:${invoice.ID}:${body.idempotency_key}`, body);
  });
}
