import type { FastifyInstance } from 'fastify';
import { PAYMENT_MESSAGES, takePayment as takePaymentCall, type PaymentInput } from '../../../core/api/payments';
import { serve } from '../../http/endpoint';
import { badRequest } from '../../http/errors';
import { idempotentCreate } from '../../http/idempotency';
import { takePayment } from '../../domain/payments/take';

// POST /payment (spec 2 §5, §7): the input's own checks, then the payment taken in one transaction
// (domain/payments/take.ts), answered once per Idempotency-Key.

const filled = (value: unknown) => (typeof value === 'string' ? value.trim() !== '' : typeof value === 'number');

/** The checks that need no database; each refusal writes nothing. */
function checkInput(input: PaymentInput) {
  if (input.amount <= 0) throw badRequest(PAYMENT_MESSAGES.zero);
  const details = input.details ?? {};
  if (input.type === 'check' && !filled(details.number)) throw badRequest(PAYMENT_MESSAGES.checkNumber);
  if (input.type === 'wire' && !filled(details.transaction_number)) throw badRequest(PAYMENT_MESSAGES.transactionNumber);
  if ((input.type === 'card' || input.type === 'terminal') && !input.square_id) throw badRequest(PAYMENT_MESSAGES.cardNotCharged);
}

export async function paymentCreateRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, takePaymentCall, async ({ user, body: input, idempotencyKey: key }, _request, reply) => {
    checkInput(input);
    const answer = await idempotentCreate(db, user, key, 'payment', input, (tx) => takePayment(tx, user, input));
    return reply.status(answer.status).send(answer.body);
  });
}

