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

/** Square cancels a PENDING checkout after its deadline_duration: Touchline leaves the default, PT5M. */
export const CHECKOUT_DEADLINE_SECONDS = 300;

export type CheckoutStatus = 'PENDING' | 'IN_PROGRESS' | 'CANCEL_REQUESTED' | 'CANCELED' | 'COMPLETED';

export interface TerminalCheckout extends Reviewed {
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

/** Set by the HTTP adapter when Square's success answer failed its shape checks after money moved. */
interface Reviewed {
  /** Why a person should check this object in Square's dashboard. */
  review?: string;
}

export interface SquarePayment extends Reviewed {
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

export interface SquareRefund extends Reviewed {
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
  /** Payments created in [begin, end) (unix seconds), for reconciliation; `cut` when the list was not read to its end. */
  listPayments(facilityId: number, range: { begin: number; end: number }): Promise<PaymentList>;
  refundPayment(facilityId: number, refund: NewRefund): Promise<SquareRefund>;
  /** A refund as Square has it now (a PENDING one settles later: COMPLETED, REJECTED or FAILED). */
  getRefund(facilityId: number, refundId: string): Promise<SquareRefund>;
}

export interface PaymentList {
  payments: SquarePayment[];
  /** Set when the pages stopped before the end: the created_at of the last payment read. */
  cut?: { after: string };
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
export const squareMissingScopes = (scopes: string) =>
  `The access token of this facility's square integration lacks Square's permission ${scopes}: grant it to the application in Square's Developer Dashboard (or re-authorize it), then try again`;

/** Square's errors that are safe to send again with the same idempotency key. */
export const isTemporary = (status: number, errors: SquareErrorItem[]) =>
  status === 429 || status >= 500 || errors.some((e) => e.code === 'TEMPORARY_ERROR' || e.code === 'RATE_LIMITED' || e.category === 'RATE_LIMIT_ERROR');

/**
 * Square's error answer as an HttpError: a declined card or a refused request is the person's to fix
 * (400/402, with Square's detail), a reused idempotency key is a conflict (409), an unknown object is
 * a 404, a refused token or a missing permission the facility's (409), anything temporary (429, 5xx,
 * TEMPORARY_ERROR — checked before the card decline rule: it is no decline) Square's (502).
 * `permission` names what the call needs when Square's detail does not.
 */
export function squareFailure(status: number, errors: SquareErrorItem[], permission?: string): HttpError {
  const first = errors[0];
  const detail = first?.detail || first?.code || 'Square refused the request';
  if (errors.some((e) => e.code === 'IDEMPOTENCY_KEY_REUSED')) return new HttpError(409, SQUARE_KEY_REUSED);
  if (isTemporary(status, errors)) return new HttpError(502, SQUARE_UNREACHABLE);
  const scopes = errors.find((e) => e.code === 'INSUFFICIENT_SCOPES');
  if (scopes) {
    // Square's detail ends with the scopes it wants: "… for the following scopes: PAYMENTS_WRITE".
    const named = scopes.detail?.match(/scopes?:\s*([A-Z_, ]+)\s*\.?$/)?.[1]?.trim();
    return new HttpError(409, squareMissingScopes(named || permission || 'that this call needs'));
  }
  if (status === 401 || status === 403 || first?.category === 'AUTHENTICATION_ERROR') return new HttpError(409, SQUARE_REFUSED_TOKEN);
  if (status === 404) return new HttpError(404, detail);
  if (status === 402 || first?.category === 'PAYMENT_METHOD_ERROR') return new HttpError(402, detail, { square_code: first?.code });
  if (status >= 400 && status < 500) return new HttpError(400, detail, { square_code: first?.code });
  return new HttpError(502, SQUARE_UNREACHABLE);
}
