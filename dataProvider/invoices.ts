import type { Customer, CustomerName } from '../core/customer';
import type { HttpClient } from './httpClient';

// Invoice and payment calls beyond CRUD (spec 2 §7), mixed into the dataProvider (./index.ts). The
// resource `invoice` itself goes through the CRUD methods (GET /invoice, /invoice/{id}, POST /invoice).
// Money in dollars, dates in unix seconds.

export type PaymentMethod = 'cash' | 'check' | 'wire' | 'credit' | 'card' | 'terminal';

export interface InvoiceItem {
  ID: number; product_id: number | null; new_product_id: number | null; new_product: { ID: number; name: string } | null;
  event_id: number | null; price: number; quantity: number; comment: string; taxes: number; fees: number;
  amount_taxes: number; amount_fees: number; total: number;
  /** The event the line bills, with its times. */
  event: { ID: number; start_date: number; end_date: number } | null;
}
export interface InvoicePayment {
  ID: number; amount: number; type: PaymentMethod; details: string; square_id: string | null; player_customer_id: number | null;
  /** The team player a league payment is for. */
  player?: CustomerName | null;
  reversal: number | null; reversed: number | null; refund: number | null; refunded: number | null; CreatedAt: number;
}
export interface InvoiceDiscount { ID: number; discount_id: number; amount: number; comment: string; discount: { ID: number; name: string; is_percentage: boolean; value: number } | null }
export interface InvoiceTotals { invoiced: number; taxes: number; fees: number; total: number; discounted: number; paid: number; balance: number }

export interface Invoice extends InvoiceTotals {
  ID: number; id: number; date: number; comment: string; facility_id: number; customer_id: number | null; invoice_type_id: number;
  contract_id: number | null; team_id: number | null; reversed: number | null; reversal: number | null;
  facility: { ID: number; name: string; address: string; time_zone: string; /** Fractions (0.03 is 3 %). */ tax_rate: number; processing_fee: number };
  product_type: { ID: number; name: string } | null;
  contract: { ID: number; name: string } | null;
  /** A team invoice's team and its players (customers): a league payment is for one of them. */
  team: { ID: number; name: string; roster: CustomerName[] } | null;
  customer: Pick<Customer, 'ID' | 'first_name' | 'last_name' | 'email' | 'credits'> | null;
  invoice_items: InvoiceItem[]; discounts: InvoiceDiscount[]; payments: InvoicePayment[];
}

/** The public page's invoice: no staff-only fields. */
export interface PublicInvoice extends InvoiceTotals {
  ID: number; date: number; comment: string; reversed: number | null; reversal: number | null;
  facility: { name: string; address: string; time_zone: string };
  customer: Pick<Customer, 'first_name' | 'last_name'> | null;
  invoice_items: Array<{ ID: number; product: string; price: number; quantity: number; comment: string; total: number }>;
  discounts: Array<{ ID: number; amount: number; name: string }>;
  payments: Array<{ ID: number; amount: number; type: PaymentMethod; CreatedAt: number }>;
}

export interface NewPayment {
  invoice_id: number; amount: number; type: PaymentMethod; square_id?: string; player_customer_id?: number;
  details?: { number?: string; transaction_number?: string; note?: string };
}
/** GET /product/prices/{id} with booking_date=1: a booking's price, peak and off-peak by the minute (core/pricing). */
export interface BookingPriceQuote { product_id: number; new_product_id: number; facility_id: number; price: number; peak_minutes: number; off_peak_minutes: number }
export interface BookingToPrice { facility_id: number; start: number; end: number; field_id?: number }

/** POST /invoice: a new invoice with its lines (prices in dollars). */
export interface NewInvoice {
  facility_id: number; customer_id?: number; product_type_id?: number; invoice_type_id?: 1 | 2; comment?: string;
  invoice_items: Array<{ event_id?: number; product_id?: number; new_product_id?: number; price: number; quantity?: number; comment?: string }>;
}

export interface DiscountOffer { ID: number; name: string; is_percentage: boolean; value: number; offered: boolean }

/** A league the transfer dialog offers, with the teams whose invoice can take the payment. */
export interface TransferLeague { ID: number; name: string; teams: Array<{ ID: number; name: string }> }

/** A line added to an invoice without an event: a product or a description, a unit price, a quantity. */
export interface NewItem { new_product_id?: number; comment: string; price: number; quantity: number }

export interface InvoiceMethods {
  /** POST /payment with an Idempotency-Key, so a retried click charges once. */
  takePayment(payment: NewPayment, idempotencyKey: string): Promise<InvoicePayment & { balance: number }>;
  revertPayment(id: number): Promise<unknown>;
  discountOffers(invoiceId: number): Promise<DiscountOffer[]>;
  applyDiscount(discount: { invoice_id: number; discount_id: number; amount?: number; comment?: string }): Promise<Invoice>;
  removeDiscount(id: number): Promise<Invoice>;
  sendInvoice(customerId: number, invoiceId: number): Promise<{ sent: boolean; to: string }>;
  publicInvoice(reference: string): Promise<PublicInvoice>;
  /** GET /invoice/event?event_id: the invoices holding a line of the event, newest first. */
  eventInvoices(eventId: number): Promise<Invoice[]>;
  bookingPrice(newProductId: number, booking: BookingToPrice): Promise<BookingPriceQuote>;
  createInvoice(invoice: NewInvoice): Promise<Invoice>;
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
  updatePaymentDetails(id: number, details: Record<string, string>): Promise<InvoicePayment>;
  /** PUT /payment/transfer: a team player's payment moves to the invoice of another team of a league. */
  transferPayment(transfer: { payment_id: number; league_id: number; team_id: number; player_id: number }): Promise<unknown>;
  transferTargets(paymentId: number): Promise<TransferLeague[]>;
}

export function invoiceMethods(apiUrl: string, client: HttpClient): InvoiceMethods {
  const call = async (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    (await client(`${apiUrl}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: headers && new Headers(headers) })).json;
  return {
    takePayment: (payment, idempotencyKey) => call('POST', '/payment', payment, { 'Idempotency-Key': idempotencyKey }),
    revertPayment: (id) => call('DELETE', `/payment/${id}?refund=0`),
    discountOffers: (invoiceId) => call('GET', `/discount/apply/offers?invoice_id=${invoiceId}`),
    applyDiscount: (discount) => call('POST', '/discount/apply', discount),
    removeDiscount: (id) => call('DELETE', `/discount/apply/${id}`),
    sendInvoice: (customerId, invoiceId) => call('POST', `/invoice/send/${customerId}?invoice=${invoiceId}`),
    publicInvoice: (reference) => call('GET', `/public/invoice/${encodeURIComponent(reference)}`),
    eventInvoices: (eventId) => call('GET', `/invoice/event?event_id=${eventId}`),
    bookingPrice: (newProductId, { facility_id, start, end, field_id }) => call('GET',
      `/product/prices/${newProductId}?${new URLSearchParams({ facility_id: String(facility_id), booking_date: '1', start: String(start), end: String(end), ...(field_id ? { field_id: String(field_id) } : {}) })}`),
    createInvoice: (invoice) => call('POST', '/invoice', invoice),
    updateInvoice: (id, changes) => call('PUT', `/invoice/${id}`, changes),
    setItemPrice: (itemId, price) => call('PUT', `/invoice/item/${itemId}`, { price }),
    addItem: (invoiceId, item) => call('POST', `/invoice/item/${invoiceId}`, item),
    setFee: (invoiceId, fees) => call('PUT', `/invoice/fee/${invoiceId}`, { fees }),
    deleteItem: (itemId) => call('DELETE', `/invoice/item/${itemId}`),
    refundPayment: (id, { type, amount, reason }) =>
      call('DELETE', `/payment/${id}?${new URLSearchParams({ refund: '1', p_type: type, amount: String(amount), reason })}`),
    updatePaymentDetails: (id, details) => call('PUT', `/payment/details/${id}`, { details }),
    transferPayment: (transfer) => call('PUT', '/payment/transfer', transfer),
    transferTargets: (paymentId) => call('GET', `/payment/transfer/targets/${paymentId}`),
  };
}
