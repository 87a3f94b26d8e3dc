import type { HttpClient } from './httpClient';

// Invoice and payment calls beyond CRUD (spec 2 §7), mixed into the dataProvider (./index.ts). The
// resource `invoice` itself goes through the CRUD methods (GET /invoice, /invoice/{id}, POST /invoice).
// Money in dollars, dates in unix seconds.

export type PaymentMethod = 'cash' | 'check' | 'wire' | 'credit' | 'card' | 'terminal';

export interface InvoiceItem {
  ID: number; product_id: number | null; new_product_id: number | null; new_product: { ID: number; name: string } | null;
  event_id: number | null; price: number; quantity: number; comment: string; taxes: number; fees: number;
  amount_taxes: number; amount_fees: number; total: number;
}
export interface InvoicePayment {
  ID: number; amount: number; type: PaymentMethod; details: string; square_id: string | null; player_customer_id: number | null;
  reversal: number | null; reversed: number | null; refund: number | null; refunded: number | null; CreatedAt: number;
}
export interface InvoiceDiscount { ID: number; discount_id: number; amount: number; comment: string; discount: { ID: number; name: string; is_percentage: boolean; value: number } | null }
export interface InvoiceTotals { invoiced: number; taxes: number; fees: number; total: number; discounted: number; paid: number; balance: number }

export interface Invoice extends InvoiceTotals {
  ID: number; id: number; date: number; comment: string; facility_id: number; customer_id: number | null; invoice_type_id: number;
  contract_id: number | null; team_id: number | null; reversed: number | null; reversal: number | null;
  facility: { ID: number; name: string; address: string; time_zone: string };
  product_type: { ID: number; name: string } | null;
  contract: { ID: number; name: string } | null;
  customer: { ID: number; first_name: string; last_name: string; email: string; credits: number } | null;
  invoice_items: InvoiceItem[]; discounts: InvoiceDiscount[]; payments: InvoicePayment[];
}

/** The public page's invoice: no staff-only fields. */
export interface PublicInvoice extends InvoiceTotals {
  ID: number; date: number; comment: string; reversed: number | null; reversal: number | null;
  facility: { name: string; address: string; time_zone: string };
  customer: { first_name: string; last_name: string } | null;
  invoice_items: Array<{ ID: number; product: string; price: number; quantity: number; comment: string; total: number }>;
  discounts: Array<{ ID: number; amount: number; name: string }>;
  payments: Array<{ ID: number; amount: number; type: PaymentMethod; CreatedAt: number }>;
}

export interface NewPayment {
  invoice_id: number; amount: number; type: PaymentMethod; square_id?: string; player_customer_id?: number;
  details?: { number?: string; transaction_number?: string; note?: string };
}
export interface DiscountOffer { ID: number; name: string; is_percentage: boolean; value: number; offered: boolean }

export interface InvoiceMethods {
  /** POST /payment with an Idempotency-Key, so a retried click charges once. */
  takePayment(payment: NewPayment, idempotencyKey: string): Promise<InvoicePayment & { balance: number }>;
  revertPayment(id: number): Promise<unknown>;
  discountOffers(invoiceId: number): Promise<DiscountOffer[]>;
  applyDiscount(discount: { invoice_id: number; discount_id: number; amount?: number; comment?: string }): Promise<Invoice>;
  removeDiscount(id: number): Promise<Invoice>;
  sendInvoice(customerId: number, invoiceId: number): Promise<{ sent: boolean; to: string }>;
  publicInvoice(reference: string): Promise<PublicInvoice>;
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
  };
}
