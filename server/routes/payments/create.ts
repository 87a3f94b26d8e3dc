import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PAYMENT_MESSAGES, takePayment as takePaymentCall, type PaymentInput } from '../../../core/api/payments';
import { toCents } from '../../../core/money';
import type { SessionUser } from '../../auth/session';
import { nowSeconds } from '../../../core/time';
import type { Db, Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { payments, players } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest } from '../../http/errors';
import { assertOpen, findInvoice } from '../invoices/access';
import { recordInvoiceView } from '../invoices/audit';
import { invoiceView } from '../invoices/view';
import { addCredits, paymentWire } from './access';
import { idempotentCreate } from '../../http/idempotency';

// POST /payment (spec 2 §5, §7): cash, check (details.number), wire (details.transaction_number),
// customer credit (spends the invoice customer's credits), card and terminal only with the card
// provider's transaction id. In one transaction: the invoice row is locked FOR UPDATE, the payment
// written, the balance checked, the changelog entry written — 100 concurrent payments cannot overpay.

const filled = (value: unknown) => (typeof value === 'string' ? value.trim() !== '' : typeof value === 'number');

/** The checks that need no database; each refusal writes nothing. */
function checkInput(input: PaymentInput) {
  if (input.amount <= 0) throw badRequest(PAYMENT_MESSAGES.zero);
  const details = input.details ?? {};
  if (input.type === 'check' && !filled(details.number)) throw badRequest(PAYMENT_MESSAGES.checkNumber);
  if (input.type === 'wire' && !filled(details.transaction_number)) throw badRequest(PAYMENT_MESSAGES.transactionNumber);
  if ((input.type === 'card' || input.type === 'terminal') && !input.square_id) throw badRequest(PAYMENT_MESSAGES.cardNotCharged);
}

/** The payment's INSERT, prepared once (its time too is a parameter: a prepared default would be frozen). */
const prepareInsert = (db: Db) => db.insert(payments).values({
  invoice_id: sql.placeholder('invoice'),
  amount: sql.placeholder('amount'),
  type: sql.placeholder('type'),
  details: sql.placeholder('details'),
  square_id: sql.placeholder('square'),
  player_customer_id: sql.placeholder('player'),
  user_id: sql.placeholder('user'),
  CreatedAt: sql.placeholder('now'),
  UpdatedAt: sql.placeholder('now'),
}).returning().prepare('payment_insert');
const inserts = new WeakMap<Db, ReturnType<typeof prepareInsert>>();

/**
 * Records the payment inside `tx`; answers the payment with the invoice's new balance. The payment is
 * written first and the balance checked on the view read after it (the one the changelog records):
 * one read instead of a balance query and a view. A refusal throws, and the transaction takes the
 * payment back with everything else.
 */
export async function takePayment(tx: Tx, user: SessionUser, input: PaymentInput) {
  const invoice = await findInvoice(tx, user, input.invoice_id, { lock: true });
  assertOpen(invoice);
  const amount = toCents(input.amount);
  const player = input.player_customer_id || null;
  const now = nowSeconds();
  const [payment] = await prepared(inserts, tx, prepareInsert).execute({
    invoice: invoice.ID,
    amount,
    type: input.type,
    details: JSON.stringify(input.details ?? {}),
    square: input.square_id || null,
    player,
    user: user.ID,
    now,
  });
  const view = await invoiceView(tx, invoice);
  if (toCents(view.balance) < 0) throw badRequest(PAYMENT_MESSAGES.overBalance);
  if (invoice.team_id !== null && player === null) throw badRequest(PAYMENT_MESSAGES.player);
  if (player !== null && invoice.team_id !== null) {
    const [onTeam] = await tx.select({ ID: players.ID }).from(players).where(and(eq(players.team_id, invoice.team_id), eq(players.customer_id, player)));
    if (!onTeam) throw badRequest(PAYMENT_MESSAGES.notOnTeam);
  }
  if (input.type === 'credit') {
    if (invoice.customer_id === null) throw badRequest('No customer in invoice');
    await addCredits(tx, invoice.customer_id, -amount);
  }
  await recordInvoiceView(tx, user, view, 'payment');
  return { ...paymentWire(payment), balance: view.balance, paid: view.paid };
}

export async function paymentCreateRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, takePaymentCall, async ({ user, body: input, idempotencyKey: key }, _request, reply) => {
    checkInput(input);
    const answer = await idempotentCreate(db, user, key, 'payment', input, (tx) => takePayment(tx, user, input));
    return reply.status(answer.status).send(answer.body);
  });
}

