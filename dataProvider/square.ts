import * as payments from '../core/api/payments';
import type { Refund, RefundFilter, RefundRequest } from '../core/api/payments';
import type { SquareMode } from '../core/square';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

// Square calls (issue 11), mixed into the dataProvider (./index.ts): the terminal checkout flow, card
// charges (staff and the customer's public link), the simulator page, the refund review and the
// payment log. Amounts to Square in cents, as its API takes them.

export interface SquareConfig { mode: SquareMode; application_id: string | null; location_id: string | null }
export interface TerminalDevice { id: string; name: string }
export type PendingCheck = { status: 'SUCCESS' } | { status: 'PENDING'; id: string } | { status: 'NOT_FOUND'; message: string };
export interface CheckoutStart { status: 'SUCCESS' | 'ERROR'; id: string; message: string }
export interface CheckoutState { status: 'SUCCESS' | 'CANCELED' | 'PENDING'; payment_id?: number; balance?: number }
export interface CardCharge { idempotency_key: string; amount_money: { amount: number; currency: 'USD' }; source_id: string; buyer_email_address?: string; note?: string }
export interface ChargeResult { status: 'SUCCESS'; id: string; payment_id: number; balance: number }
export interface SimulatedCheckout { id: string; amount_money: { amount: number }; device_options: { device_id: string }; device_name: string; note?: string; reference_id?: string; facility_id: number; created_at: string }
export interface SimulatedPayment { id: string; amount_money: { amount: number }; refunded_money?: { amount: number }; status: string; card_details?: { card?: { card_brand?: string; last_4?: string } }; note?: string; facility_id: number; created_at: string }
export type { Refund, RefundFilter, RefundRequest } from '../core/api/payments';

export interface SquareMethods {
  squareConfig(): Promise<SquareConfig>;
  terminalDevices(facilityId: number): Promise<TerminalDevice[]>;
  checkPending(terminalId: string, facilityId: number): Promise<PendingCheck>;
  /** POST /square/terminal/init-checkout: reference_id is the invoice paid. */
  initCheckout(invoiceId: number, deviceId: string, cents: number, idempotencyKey: string): Promise<CheckoutStart>;
  confirmCheckout(checkoutId: string): Promise<CheckoutState>;
  chargeCard(invoiceId: number, charge: CardCharge): Promise<ChargeResult>;
  publicCardConfig(reference: string): Promise<SquareConfig>;
  publicCharge(reference: string, charge: CardCharge): Promise<ChargeResult>;
  simulatorCheckouts(facilityId?: number): Promise<SimulatedCheckout[]>;
  simulatorPayments(facilityId?: number): Promise<SimulatedPayment[]>;
  simulatorAct(checkoutId: string, action: 'complete' | 'cancel'): Promise<unknown>;
  listRefunds(filter: RefundFilter): Promise<RefundRequest[]>;
  confirmRefund(id: number): Promise<Refund>;
  denyRefund(id: number, denyReason: string): Promise<Refund>;
}

const query = (params: Record<string, string | number | boolean | undefined>) =>
  new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)])).toString();

export function squareMethods(apiUrl: string, client: HttpClient): SquareMethods {
  const call = async (method: string, path: string, body?: unknown) =>
    (await client(`${apiUrl}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) })).json;
  const declared = createCall(client, apiUrl);
  return {
    squareConfig: () => call('GET', '/square/config'),
    terminalDevices: (facilityId) => call('GET', `/square/terminal/getdevices?${query({ facility_id: facilityId })}`),
    checkPending: (terminalId, facilityId) => call('GET', `/square/terminal/check_pending?${query({ terminal_id: terminalId, facility_id: facilityId })}`),
    initCheckout: (invoiceId, deviceId, cents, idempotencyKey) => call('POST', '/square/terminal/init-checkout', {
      idempotency_key: idempotencyKey,
      checkout: { amount_money: { amount: cents, currency: 'USD' }, device_options: { device_id: deviceId }, note: `Invoice ${invoiceId}`, reference_id: String(invoiceId) },
    }),
    confirmCheckout: (checkoutId) => call('GET', `/square/terminal/confirm?${query({ id: checkoutId })}`),
    chargeCard: (invoiceId, charge) => call('POST', '/charge/event', { ...charge, invoice_id: invoiceId }),
    publicCardConfig: (reference) => call('GET', `/public/invoice/${encodeURIComponent(reference)}/card`),
    publicCharge: (reference, charge) => call('POST', `/public/invoice/${encodeURIComponent(reference)}/charge`, charge),
    simulatorCheckouts: (facilityId) => call('GET', `/square/simulator/checkouts?${query({ facility_id: facilityId })}`),
    simulatorPayments: (facilityId) => call('GET', `/square/simulator/payments?${query({ facility_id: facilityId })}`),
    simulatorAct: (checkoutId, action) => call('POST', `/square/simulator/checkouts/${encodeURIComponent(checkoutId)}/${action}`),
    listRefunds: (filter) => declared(payments.listRefunds, { query: { ...filter, pending: filter.pending || undefined } }),
    confirmRefund: (id) => declared(payments.confirmRefund, { params: { id } }),
    denyRefund: (id, denyReason) => declared(payments.denyRefund, { params: { id }, body: { denyReason } }),
  };
}
