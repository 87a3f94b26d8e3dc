import type { FastifyInstance } from 'fastify';
import { paymentCreateRoutes } from './take';
import { paymentEditRoutes } from './edit';
import { paymentLogRoutes } from './log';
import { refundRoutes } from './refunds';
import { paymentReverseRoutes } from './reverse';

// Payments (spec 2 §7): take one, revert or ask a refund, edit details, transfer a player's payment; the
// refund review and the payment log.
export async function paymentRoutes(app: FastifyInstance) {
  await app.register(paymentCreateRoutes);
  await app.register(paymentReverseRoutes);
  await app.register(paymentEditRoutes);
  await app.register(refundRoutes);
  await app.register(paymentLogRoutes);
}
