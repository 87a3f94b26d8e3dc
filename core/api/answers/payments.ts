import { z } from 'zod';
import { customerName, facilityZone, named, paymentMethod, paymentStatus } from './core';

export const payment = z.object({
  ID: z.number().int(),
  type: paymentMethod,
  CreatedAt: z.number().int(),
  amount: z.number(),
  square_id: z.string().nullable(),
  details: z.string(),
  player_customer_id: z.number().int().nullable(),
  reversal: z.number().int().nullable(),
  reversed: z.number().int().nullable(),
  refund: z.number().int().nullable(),
  refunded: z.number().int().nullable(),
  refund_status: paymentStatus.nullable(),
  invoice_id: z.number().int(),
  facility_id: z.number().int(),
  user_id: z.number().int().nullable(),
  UpdatedAt: z.number().int(),
});

export const refund = z.object({
  ID: z.number().int(),
  invoice_id: z.number().int(),
  payment_id: z.number().int(),
  facility_id: z.number().int(),
  amount: z.number(),
  type: paymentMethod,
  refund_status: z.enum(['Pending', 'Denied', 'Confirmed']),
  refund_reason: z.string(),
  deny_reason: z.string(),
  refund_creator: z.number().nullable(),
  refund_payment_id: z.number().int().nullable(),
  resolved_by: z.number().nullable(),
  resolved_at: z.number().int().nullable(),
  CreatedAt: z.number().int(),
  UpdatedAt: z.number().int(),
});

export const takePaymentAnswer = payment.extend({ balance: z.number(), paid: z.number() });

export const reversePaymentAnswer = z.union([takePaymentAnswer, refund.extend({ balance: z.number() })]);

export const transferLeague = z.object({
  ID: z.number().int(),
  name: z.string(),
  teams: z.array(named),
});

export const refundRequest = z.object({
  square_status: paymentStatus.nullable(),
  requestor: z.string(),
  facility: facilityZone,
  invoice: z.object({ ID: z.number().int() }),
  payment: payment.pick({ ID: true, type: true, square_id: true, amount: true }),
  ...refund.shape,
});

export const confirmRefundAnswer = refund.extend({ square_refund_id: z.string().nullable(), balance: z.number() });

export const paymentLogAnswer = z.array(payment.extend({
  facility: named,
  user: customerName.nullable(),
}));
