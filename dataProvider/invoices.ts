import * as api from '../core/api/invoices';
import type { PublicInvoice } from '../core/api/invoices';
import { productPrice, type PriceQuote } from '../core/api/products';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

// Invoice calls beyond CRUD (spec 2 §7), mixed into the dataProvider (./index.ts). The resource
// `invoice` itself goes through the verbs derived from its declaration (GET /invoice, /invoice/{id},
// POST, PUT, DELETE); its payments, items and discounts through declared calls (resources/invoice/
// invoiceCalls.ts). What remains here: the signed-out invoice page, the list's export and a booking's
// price. Money in dollars, dates in unix seconds.

export type { PaymentMethod } from '../core/constants';
export type { InvoiceDiscount, InvoiceItem, InvoicePayment, InvoiceTotals, NewInvoice, NewItem, PublicInvoice } from '../core/api/invoices';

/** An invoice as the browser holds it: react-admin's `id` beside the API's `ID`. */
export type Invoice = api.Invoice & { id: number };

export type { NewPayment, Payment, TransferLeague } from '../core/api/payments';

/** GET /product/prices/{id} with booking_date=1: a booking's price, peak and off-peak by the minute (core/pricing). */
export type BookingPriceQuote = PriceQuote;
export interface BookingToPrice { facility_id: number; start: number; end: number; field_id?: number }

export type { DiscountOffer } from '../core/api/discounts';

export interface InvoiceMethods {
  publicInvoice(reference: string): Promise<PublicInvoice>;
  /** POST /invoice/export: every invoice of the list's search in its order (at most EXPORT_MAX_ROWS), for its Export. */
  exportInvoices(search: Omit<api.InvoiceSearch, 'range'>): Promise<api.InvoiceListRow[]>;
  bookingPrice(newProductId: number, booking: BookingToPrice): Promise<PriceQuote>;
}

export function invoiceMethods(apiUrl: string, client: HttpClient): InvoiceMethods {
  const declared = createCall(client, apiUrl);
  return {
    publicInvoice: (ref) => declared(api.publicInvoice, { params: { ref } }),
    exportInvoices: (search) => declared(api.exportInvoices, { body: search }),
    bookingPrice: (newProductId, { facility_id, start, end, field_id }) =>
      declared(productPrice, { params: { id: newProductId }, query: { facility_id, booking_date: '1', start, end, field_id: field_id || undefined } }),
  };
}
