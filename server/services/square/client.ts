import type { SquareMode } from '../../../core/square';
import { HttpError } from '../../http/errors';

// The Square calls Touchline makes (issue 11), in Square's own shapes (Terminal API, Devices, Payments,
// Refunds): amounts in cents, USD. Two implementations: ./http.ts speaks Square's REST API, ./simulator.ts
// is the embedded default. Both fail with an HttpError a person can act on (squareFailure below), never
// with the access token in it.

export interface Money {
  amount: number;
  currency: 'USD';
}

export type CheckoutStatus = 'PENDING' | 'IN_PROGRESS' | 'CANCEL_REQUESTED' | 'CANCELED' | 'COMPLETED';

export interface TerminalCheckout {
  id: string;
  amount_money: Money;
  device_options: { device_id: string };
  status: CheckoutStatus;
  note?: string;
  reference_id?: string;
  payment_ids?: string[];
  created_at: string;
}

export interface SquareDevice {
  /** The device id a Terminal checkout is sent to. */
  id: string;
  name: string;
}

export interface SquarePayment {
  id: string;
  status: 'APPROVED' | 'PENDING' | 'COMPLETED' | 'CANCELED' | 'FAILED';
  amount_money: Money;
  refunded_money?: Money;
  source_type?: string;
  card_details?: { card?: { card_brand?: string; last_4?: string } };
  note?: string;
  reference_id?: string;
  created_at: string;
}

export interface SquareRefund {
  id: string;
  status: 'PENDING' | 'COMPLETED' | 'REJECTED' | 'FAILED';
  amount_money: Money;
  payment_id: string;
}

export interface NewCheckout {
  idempotencyKey: string;
  amount: number;
  deviceId: string;
  note?: string;
  referenceId?: string;
}

export interface NewCardPayment {
  idempotencyKey: string;
  /** The card token of the Web Payments SDK (or the simulator's card form). */
  sourceId: string;
  amount: number;
  note?: string;
  buyerEmail?: string;
  referenceId?: string;
}

export interface NewRefund {
  idempotencyKey: string;
  paymentId: string;
  amount: number;
  reason?: string;
}

/** Each call works in one facility's Square account (its integration, or the network-wide token). */
export interface SquareClient {
  /** 'simulator' or the Square environment the real adapter speaks to. */
  readonly mode: SquareMode;
  listDevices(facilityId: number): Promise<SquareDevice[]>;
  createCheckout(facilityId: number, checkout: NewCheckout): Promise<TerminalCheckout>;
  getCheckout(facilityId: number, checkoutId: string): Promise<TerminalCheckout>;
  cancelCheckout(facilityId: number, checkoutId: string): Promise<TerminalCheckout>;
  createPayment(facilityId: number, payment: NewCardPayment): Promise<SquarePayment>;
  getPayment(facilityId: number, paymentId: string): Promise<SquarePayment>;
  /** Payments created in [begin, end) (unix seconds), for reconciliation. */
  listPayments(facilityId: number, range: { begin: number; end: number }): Promise<SquarePayment[]>;
  refundPayment(facilityId: number, refund: NewRefund): Promise<SquareRefund>;
}

/** One error of Square's error body {errors: [{category, code, detail, field}]}. */
export interface SquareErrorItem {
  category: string;
  code: string;
  detail?: string;
  field?: string;
}

export const SQUARE_UNREACHABLE = 'Square cannot be reached right now; please try again';
export const SQUARE_REFUSED_TOKEN = "Square refused the access token of this facility's square integration; check it under Resources → Integrations";
export const SQUARE_NOT_SET_UP = 'Square is not set up for this facility: add a square integration under Resources → Integrations';
export const SQUARE_KEY_REUSED = 'This idempotency key was used for another request: send a new key for a new payment';

/**
 * Square's error answer as an HttpError: a declined card or a refused request is the person's to fix
 * (400/402, with Square's detail), a reused idempotency key is a conflict (409), an unknown object is
 * a 404, a refused token the facility's (409), anything else Square's (502).
 */
export function squareFailure(status: number, errors: SquareErrorItem[]): HttpError {
  const first = errors[0];
  const detail = first?.detail || first?.code || 'Square refused the request';
  if (errors.some((e) => e.code === 'IDEMPOTENCY_KEY_REUSED')) return new HttpError(409, SQUARE_KEY_REUSED);
  if (status === 401 || status === 403 || first?.category === 'AUTHENTICATION_ERROR') return new HttpError(409, SQUARE_REFUSED_TOKEN);
  if (status === 404) return new HttpError(404, detail);
  if (status === 402 || first?.category === 'PAYMENT_METHOD_ERROR') return new HttpError(402, detail, { square_code: first?.code });
  if (status >= 400 && status < 500 && status !== 429) return new HttpError(400, detail, { square_code: first?.code });
  return new HttpError(502, SQUARE_UNREACHABLE);
}
