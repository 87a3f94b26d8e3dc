import { z } from 'zod';
import { squareMode } from './core';

export { squareMode };

export const squareConfig = z.object({
  mode: squareMode,
  application_id: z.string().nullable(),
  location_id: z.string().nullable(),
});

export const chargeResult = z.object({
  status: z.literal('SUCCESS'),
  id: z.string(),
  payment_id: z.number().int(),
  balance: z.number(),
});

export const terminalDevice = z.object({ id: z.string(), name: z.string() });

export const pendingCheck = z.union([z.object({ status: z.literal('SUCCESS') }), z.object({ status: z.literal('PENDING'), id: z.string() }), z.object({ status: z.literal('NOT_FOUND'), message: z.string() })]);

export const checkoutStart = z.object({ status: z.enum(['SUCCESS', 'ERROR']), id: z.string(), message: z.string() });

export const checkoutState = z.object({
  status: z.enum(['SUCCESS', 'PENDING', 'CANCELED']),
  payment_id: z.number().int().optional(),
  square_id: z.string().optional(),
  invoice_id: z.number().int().nullable().optional(),
  balance: z.number().optional(),
});

export const refundSync = z.object({
  checked: z.number(),
  completed: z.number(),
  failed: z.number(),
  pending: z.number(),
  unreachable: z.number(),
});

/** Square's money: cents and the currency (USD). */
const squareMoney = z.object({ amount: z.number(), currency: z.string() });

export const simulatedCheckout = z.object({
  id: z.string(),
  amount_money: squareMoney,
  device_options: z.object({ device_id: z.string() }),
  device_name: z.string(),
  status: z.string(),
  payment_ids: z.array(z.string()).optional(),
  note: z.string().optional(),
  reference_id: z.string().optional(),
  facility_id: z.number().int(),
  created_at: z.string(),
});

export const simulatedPayment = z.object({
  id: z.string(),
  amount_money: squareMoney,
  refunded_money: squareMoney.optional(),
  status: z.string(),
  source_type: z.string(),
  reference_id: z.string().optional(),
  card_details: z.object({
    card: z.object({ card_brand: z.string().optional(), last_4: z.string().optional() }).optional(),
  }).optional(),
  note: z.string().optional(),
  facility_id: z.number().int(),
  created_at: z.string(),
});

/** The checkout as Square's Terminal API shows it (its own shape; the simulator answers it as Square would). */
export const simulatorActAnswer = z.looseObject({ id: z.string(), status: z.string(), amount_money: z.looseObject({ amount: z.number().int(), currency: z.string() }) });
