import * as discounts from '../core/api/discounts';
import * as api from '../core/api/invoices';
import type { NewInvoice, NewItem, PublicInvoice } from '../core/api/invoices';
import * as payments from '../core/api/payments';
import type { NewPayment, Payment, TransferLeague } from '../core/api/payments';
import { productPrice, type PriceQuote } from '../core/api/products';
import type { PaymentMethod } from '../core/constants';
import { createCall, keyed } from './call';
import type { HttpClient } from './httpClient';

// Invoice and payment calls beyond CRUD (spec 2 §7), mixed into the dataProvider (./index.ts). The
// resource `invoice` itself goes through the CRUD methods (GET /invoice, /invoice/{id}, POST /invoice).
// Money in dollars, dates in unix seconds.

export type { PaymentMethod } from '../core/constants';
export type { InvoiceDiscount, InvoiceItem, InvoicePayment, InvoiceTotals, NewInvoice, NewItem, PublicInvoice } from '../core/api/invoices';

/** An invoice as the browser holds it: react-admin's `id` beside the API's `ID`. */
export type Invoice = api.Invoice & { id: number };
/** The invoice(s) a call answers, as the client hands them over: it adds `id` (./records.ts withIds). */
function held(answer: Promise<api.Invoice[]>): Promise<Invoice[]>;
function held(answer: Promise<api.Invoice>): Promise<Invoice>;
function held(answer: Promise<unknown>) {
  return answer;
}

export type { NewPayment, Payment, TransferLeague } from '../core/api/payments';

/** GET /product/prices/{id} with booking_date=1: a booking's price, peak and off-peak by the minute (core/pricing). */
export type BookingPriceQuote = PriceQuote;
export interface BookingToPrice { facility_id: number; start: number; end: number; field_id?: number }

export type { DiscountOffer } from '../core/api/discounts';

export interface InvoiceMethods {
  /** POST /payment with an Idempotency-Key, so a retried click charges once. */
  takePayment(payment: NewPayment, idempotencyKey: string): Promise<Payment & { balance: number; paid: number }>;
  revertPayment(id: number): Promise<unknown>;
  discountOffers(invoiceId: number): Promise<discounts.DiscountOffer[]>;
  applyDiscount(discount: { invoice_id: number; discount_id: number; amount?: number; comment?: string }): Promise<Invoice>;
  removeDiscount(id: number): Promise<Invoice>;
  sendInvoice(customerId: number, invoiceId: number): Promise<{ sent: boolean; to: string }>;
  publicInvoice(reference: string): Promise<PublicInvoice>;
  /** POST /invoice/export: every invoice of the list's search in its order (at most EXPORT_MAX_ROWS), for its Export. */
  exportInvoices(search: Omit<api.InvoiceSearch, 'range'>): Promise<api.InvoiceListRow[]>;
  /** GET /invoice/event?event_id: the invoices holding a line of the event, newest first. */
  eventInvoices(eventId: number): Promise<Invoice[]>;
  bookingPrice(newProductId: number, booking: BookingToPrice): Promise<PriceQuote>;
  /** POST /invoice, with the form's Idempotency-Key: a repeated request answers the first invoice. */
  createInvoice(invoice: NewInvoice, idempotencyKey?: string): Promise<Invoice>;
  /** PUT /invoice/{id}: the date is the admins' (core/permissions invoices.date). */
  updateInvoice(id: number, changes: { date?: number; comment?: string }): Promise<Invoice>;
  setItemPrice(itemId: number, price: number): Promise<Invoice>;
  /** POST /invoice/item/{invoiceId} (admins). */
  addItem(invoiceId: number, item: NewItem): Promise<Invoice>;
  /** PUT /invoice/fee/{id} {fees}: the processing fee, a percent, on every line. */
  setFee(invoiceId: number, fees: number): Promise<Invoice>;
  deleteItem(itemId: number): Promise<Invoice>;
  /** DELETE /payment/{id}?refund=1: a refund request (Pending; to credit, Confirmed at once). */
  refundPayment(id: number, refund: { type: PaymentMethod; amount: number; reason: string }): Promise<unknown>;
  updatePaymentDetails(id: number, details: Record<string, string>): Promise<Payment>;
  /** PUT /payment/transfer: a team player's payment moves to the invoice of another team of a league. */
  transferPayment(transfer: { payment_id: number; league_id: number; team_id: number; player_id: number }): Promise<unknown>;
  transferTargets(paymentId: number): Promise<TransferLeague[]>;
}

export function invoiceMethods(apiUrl: string, client: HttpClient): InvoiceMethods {
  const declared = createCall(client, apiUrl);
  return {
    takePayment: (payment, idempotencyKey) => declared(payments.takePayment, { body: payment }, keyed(idempotencyKey)),
    revertPayment: (id) => declared(payments.reversePayment, { params: { id }, query: { refund: '0' } }),
    discountOffers: (invoiceId) => declared(discounts.discountOffers, { query: { invoice_id: invoiceId } }),
    applyDiscount: (discount) => held(declared(discounts.applyDiscount, { body: discount })),
    removeDiscount: (id) => held(declared(discounts.removeDiscount, { params: { id } })),
    sendInvoice: (customerId, invoiceId) => declared(api.sendInvoice, { params: { id: customerId }, query: { invoice: invoiceId } }),
    publicInvoice: (ref) => declared(api.publicInvoice, { params: { ref } }),
    exportInvoices: (search) => declared(api.exportInvoices, { body: search }),
    eventInvoices: (eventId) => held(declared(api.eventInvoices, { query: { event_id: eventId } })),
    bookingPrice: (newProductId, { facility_id, start, end, field_id }) =>
      declared(productPrice, { params: { id: newProductId }, query: { facility_id, booking_date: '1', start, end, field_id: field_id || undefined } }),
    createInvoice: (invoice, key) => held(declared(api.createInvoice, { body: invoice }, keyed(key))),
    updateInvoice: (id, changes) => held(declared(api.updateInvoice, { params: { id }, body: changes })),
    setItemPrice: (itemId, price) => held(declared(api.setItemPrice, { params: { id: itemId }, body: { price } })),
    addItem: (invoiceId, item) => held(declared(api.addInvoiceItem, { params: { id: invoiceId }, body: item })),
    setFee: (invoiceId, fees) => held(declared(api.setInvoiceFee, { params: { id: invoiceId }, body: { fees } })),
    deleteItem: (itemId) => held(declared(api.deleteInvoiceItem, { params: { id: itemId } })),
    refundPayment: (id, { type, amount, reason }) =>
      declared(payments.reversePayment, { params: { id }, query: { refund: '1', p_type: type, amount, reason } }),
    updatePaymentDetails: (id, details) => declared(payments.updatePaymentDetails, { params: { id }, body: { details } }),
    transferPayment: (transfer) => declared(payments.transferPayment, { body: transfer }),
    transferTargets: (paymentId) => declared(payments.transferTargets, { params: { id: paymentId } }),
  };
}
