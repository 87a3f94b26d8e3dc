import * as payments from '../core/api/payments';
import type { Refund, RefundFilter, RefundRequest } from '../core/api/payments';
import * as api from '../core/api/square';
import type {
  CardCharge, ChargeResult, CheckoutStart, CheckoutState, PendingCheck, RefundSync, SimulatedCheckout, SimulatedPayment, SquareConfig, TerminalDevice,
} from '../core/api/square';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

// Square calls (issue 11) through their declarations in core/api/square.ts, mixed into the dataProvider
// (./index.ts): the terminal checkout flow, card charges (staff and the customer's public link), the
// simulator page, and the refund review (core/api/payments.ts). Amounts to Square in cents, as its API
// takes them.

export type {
  CardCharge, ChargeResult, CheckoutStart, CheckoutState, PendingCheck, SimulatedCheckout, SimulatedPayment, SquareConfig, TerminalDevice,
} from '../core/api/square';
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
  syncSquareRefunds(): Promise<RefundSync>;
}

export function squareMethods(apiUrl: string, client: HttpClient): SquareMethods {
  const call = createCall(client, apiUrl);
  return {
    squareConfig: () => call(api.squareConfig),
    terminalDevices: (facilityId) => call(api.terminalDevices, { query: { facility_id: facilityId } }),
    checkPending: (terminalId, facilityId) => call(api.checkPending, { query: { terminal_id: terminalId, facility_id: facilityId } }),
    initCheckout: (invoiceId, deviceId, cents, idempotencyKey) => call(api.initCheckout, {
      body: {
        idempotency_key: idempotencyKey,
        checkout: { amount_money: { amount: cents, currency: 'USD' }, device_options: { device_id: deviceId }, note: `Invoice ${invoiceId}`, reference_id: String(invoiceId) },
      },
    }),
    confirmCheckout: (checkoutId) => call(api.confirmCheckout, { query: { id: checkoutId } }),
    chargeCard: (invoiceId, charge) => call(api.chargeCard, { body: { ...charge, invoice_id: invoiceId } }),
    publicCardConfig: (ref) => call(api.publicCardConfig, { params: { ref } }),
    publicCharge: (ref, charge) => call(api.publicCharge, { params: { ref }, body: charge }),
    simulatorCheckouts: (facilityId) => call(api.simulatorCheckouts, { query: { facility_id: facilityId } }),
    simulatorPayments: (facilityId) => call(api.simulatorPayments, { query: { facility_id: facilityId } }),
    simulatorAct: (id, action) => call(api.simulatorAct, { params: { id, action } }),
    listRefunds: (filter) => call(payments.listRefunds, { query: { ...filter, pending: filter.pending || undefined } }),
    confirmRefund: (id) => call(payments.confirmRefund, { params: { id } }),
    denyRefund: (id, denyReason) => call(payments.denyRefund, { params: { id }, body: { denyReason } }),
    syncSquareRefunds: () => call(api.syncSquareRefunds, { query: {} }),
  };
}
