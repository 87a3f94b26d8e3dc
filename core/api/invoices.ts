import { z } from 'zod';
import { EXPORT_MAX_ROWS, INVOICE_TYPE, PAYMENT_METHODS } from '../constants';
import { formatMoney } from '../money';
import { dollars, idParam, recordId, specMessageOr } from '../validation/wire';
import { endpoint } from './endpoint';
import { entity } from './entity';
import * as answers from './answers/invoices';

// Invoices (spec 2 §2, §3, §6, §7): the list and its search, one invoice (and those of an event, a
// contract, a customer), creating, editing, deleting and reversing one, its items and processing fee,
// and the customer's link to it (the public page, signed out, the link's reference as the key). Money
// in dollars, dates in unix seconds. Discounts on invoices are core/api/discounts.ts'; card charges on
// the public page core/api/square.ts'.

// ——— Answers ———

export type InvoiceItem = z.output<typeof answers.invoiceItem>;
export type InvoicePayment = z.output<typeof answers.invoicePayment>;
export type InvoiceDiscount = z.output<typeof answers.invoiceDiscount>;
export type InvoiceTotals = z.output<typeof answers.invoiceTotals>;

/** One invoice as GET /invoice/{id} and every write on it answer it. */
export type Invoice = z.output<typeof answers.invoice>;

/** The public page's invoice: no staff-only fields. */
export type PublicInvoice = z.output<typeof answers.publicInvoice>;

/** A row of the invoice list: the invoice, where and whose, its Product column and its money. */
export type InvoiceListRow = z.output<typeof answers.invoiceListRow>;

/** An invoice of the customer profile's Invoices tab. */
export type InvoiceSummary = z.output<typeof answers.invoiceSummary>;

// ——— Messages ———

export const ITEM_MESSAGES = {
  noEvent: "EventID can't be empty",
  noProduct: 'new_product_id: there is no such product',
  unnamed: 'Choose a product or describe the item',
  contractPrice: 'Only admins change the prices of a contract invoice',
  contractDelete: 'A contract invoice keeps its items',
  overpaid: 'The invoice would be paid more than its total',
  deleteFailed: (price: number) => `Failed to delete invoice item with price ${formatMoney(price)}: the invoice has payments`,
} as const;

// ——— The list ———

const jsonParam = z.string().transform((text, ctx) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be JSON' });
    return z.NEVER;
  }
});

const id = z.number().int().positive();

export const invoiceSearch = z.strictObject({
  query: z.strictObject({
    start_date: z.number().int().nonnegative('must be a date (unix seconds)').optional(),
    end_date: z.number().int().nonnegative('must be a date (unix seconds)').optional(),
    facility_id: z.number().int().min(0, 'must be 0 (all) or a facility ID').optional(),
    product_type_id: z.number().int().min(0).optional(),
    payment_type: z.enum(PAYMENT_METHODS, { error: `must be one of ${PAYMENT_METHODS.join(', ')}` }).or(z.literal('')).optional(),
    square_id: z.string().trim().max(200).optional(),
    customer_ids: z.array(id).max(100).optional(),
  }).default({}),
  /** First and last row, 0-based and inclusive (ra-data-simple-rest's range). */
  range: z.tuple([z.number().int().min(0), z.number().int().min(0)]).refine(([s, e]) => e >= s && e - s < 1000, 'must be [first, last] with at most 1000 rows').optional(),
  sort: z.tuple([z.enum(['date', 'ID']), z.enum(['ASC', 'DESC'])]).optional(),
});
export type InvoiceSearch = z.output<typeof invoiceSearch>;

export const exportInvoices = endpoint<InvoiceListRow[]>()({
  method: 'POST',
  path: '/invoice/export',
  summary: `Every invoice of the search in the list's order (at most ${EXPORT_MAX_ROWS.toLocaleString('en-US')}), streamed page after page as one JSON array; X-Total-Count tells how many matched`,
  permission: { resource: 'invoices', action: 'export' },
  body: invoiceSearch.omit({ range: true }),
  answer: answers.invoiceListRow.array(),
});

/** The ids a reference field asks for (filter {id: […]}). */
export const invoiceIds = z.array(id).max(1000);

export const invoiceList = endpoint<InvoiceListRow[]>()({
  method: 'GET',
  path: '/invoice',
  summary: 'The invoice list in ra-data-simple-rest\'s dialect (filter, range and sort as JSON; filter holds the search\'s fields, or {id: […]}); Content-Range tells the total',
  permission: { resource: 'invoices', action: 'list' },
  query: z.object({ filter: jsonParam.optional(), range: jsonParam.optional(), sort: jsonParam.optional() }),
  answer: answers.invoiceListRow.array(),
});

export const searchInvoices = endpoint<InvoiceListRow[]>()({
  method: 'POST',
  path: '/invoice/search/new',
  summary: 'Invoices matching the search (7 days ago until tomorrow by default; non-admins: their facility\'s), date descending, at most 1000 a page',
  permission: { resource: 'invoices', action: 'list' },
  body: invoiceSearch,
  answer: answers.invoiceListRow.array(),
});

// ——— Invoices of one event, contract or customer ———

export const eventInvoices = endpoint<Invoice[]>()({
  method: 'GET',
  path: '/invoice/event',
  summary: 'The invoices holding a line of the event, newest first',
  permission: { resource: 'invoices', action: 'show' },
  query: z.strictObject({ event_id: recordId('must be an event ID') }),
  answer: answers.invoice.array(),
});

export const contractInvoices = endpoint<Invoice[]>()({
  method: 'GET',
  path: '/invoice/contract/{id}',
  summary: 'The invoices of a contract (its own and its reversal), newest first',
  permission: { resource: 'invoices', action: 'show' },
  params: idParam,
  answer: answers.invoice.array(),
});

export const customerInvoices = endpoint<InvoiceSummary[]>()({
  method: 'GET',
  path: '/invoice/customer/{id}',
  summary: 'The customer profile\'s Invoices tab: every invoice of the customer with its total, paid and balance, newest first',
  permission: { resource: 'customer_profile', action: 'show' },
  params: idParam,
  answer: answers.invoiceSummary.array(),
});

// ——— One invoice ———

export const getInvoice = endpoint<Invoice>()({
  method: 'GET',
  path: '/invoice/{id}',
  summary: 'One invoice: header, items, discounts, payments and totals',
  permission: { resource: 'invoices', action: 'show' },
  params: idParam,
  answer: answers.invoice,
});

const optionalId = z.number().int().min(0).optional().transform((v) => (v ? v : null));

/**
 * An invoice line as sent: an event, product or product at a facility (0 or none: not), a unit price
 * and a quantity. amount_taxes / amount_fees only say whether the line is taxed / charged the fee (0:
 * not); the amounts are always computed on the server from the facility's rates.
 */
export const invoiceLine = z.strictObject({
  event_id: optionalId,
  product_id: optionalId,
  new_product_id: optionalId,
  price: dollars.min(0, 'must be 0 or more'),
  quantity: z.number().int('must be a whole number').min(1, 'must be at least 1').max(10_000, 'must be at most 10000').default(1),
  comment: z.string().trim().max(1000, 'is too long (1000 characters at most)').default(''),
  amount_taxes: z.number().optional(),
  amount_fees: z.number().optional(),
  team_signup_id: optionalId,
});
export type InvoiceLine = z.output<typeof invoiceLine>;

const newInvoice = z.strictObject({
  facility_id: z.number({ error: 'must be a facility ID' }).int().positive('must be a facility ID'),
  product_type_id: z.number().int().positive('must be a product type ID').optional(),
  date: z.number().int().positive('must be a date (unix seconds)').optional(),
  /** 0 or none: an invoice without a customer. */
  customer_id: z.number().int().min(0).optional(),
  invoice_type_id: z.union([z.literal(INVOICE_TYPE.GENERAL), z.literal(INVOICE_TYPE.TEAM)], { error: 'must be 1 (general) or 2 (team)' }).default(INVOICE_TYPE.GENERAL),
  team_id: z.number().int().positive().optional(),
  class_id: z.number().int().positive().optional(),
  contract_id: z.number().int().positive().optional(),
  comment: z.string().trim().max(2000, 'is too long (2000 characters at most)').default(''),
  invoice_items: z.array(invoiceLine).max(500, 'at most 500 items').default([]),
});
/** A new invoice as sent (prices in dollars). */
export type NewInvoice = z.input<typeof newInvoice>;
/** A new invoice as the server writes it. */
export type InvoiceInput = z.output<typeof newInvoice>;

export const createInvoice = endpoint<Invoice>()({
  method: 'POST',
  path: '/invoice',
  summary: 'Creates an invoice with its lines (non-admins: at their facility whatever they send)',
  permission: { resource: 'invoices', action: 'create' },
  status: 201,
  idempotent: true,
  body: newInvoice,
  answer: answers.invoice,
});

export const updateInvoice = endpoint<Invoice>()({
  method: 'PUT',
  path: '/invoice/{id}',
  summary: 'Changes the comment, and the date (admins: core/permissions invoices.date)',
  permission: { resource: 'invoices', action: 'edit' },
  params: idParam,
  body: z.strictObject({
    date: z.number().int().positive('must be a date (unix seconds)').optional(),
    comment: z.string().trim().max(2000, 'is too long (2000 characters at most)').optional(),
  }),
  answer: answers.invoice,
});

export const deleteInvoice = endpoint<Invoice>()({
  method: 'DELETE',
  path: '/invoice/{id}',
  summary: 'Deletes an open invoice that has no payments; answers it as it was',
  permission: { resource: 'invoices', action: 'delete' },
  params: idParam,
  answer: answers.invoice,
});

export const reverseInvoice = endpoint<Invoice>()({
  method: 'POST',
  path: '/invoice/reverse/{id}',
  summary: 'Reverses an invoice: a reversal invoice cancels every line and discount; neither takes money afterwards. Answers the reversal',
  permission: { resource: 'invoices', action: 'reverse' },
  status: 201,
  params: idParam,
  answer: answers.invoice,
});

// ——— Its items and fee ———

export const addEventItem = endpoint<Invoice>()({
  method: 'POST',
  path: '/invoice/item',
  summary: 'Adds a line for an event (merged with the line of the same product, event and price)',
  permission: { resource: 'invoices', action: 'edit' },
  status: 201,
  body: invoiceLine.extend({
    invoice_id: z.number({ error: 'must be an invoice ID' }).int().positive('must be an invoice ID'),
    event_id: z.number({ error: ITEM_MESSAGES.noEvent }).int().positive(ITEM_MESSAGES.noEvent),
  }),
  describe: specMessageOr([ITEM_MESSAGES.noEvent]),
  answer: answers.invoice,
});

/** A line added to an invoice without an event: a product or a description, a unit price, a quantity. */
export const newItem = z.strictObject({
  new_product_id: invoiceLine.shape.new_product_id,
  comment: invoiceLine.shape.comment,
  price: dollars.positive('must be more than 0'),
  quantity: invoiceLine.shape.quantity,
}).refine((line) => line.new_product_id || line.comment, ITEM_MESSAGES.unnamed);
export type NewItem = z.input<typeof newItem>;

export const addInvoiceItem = endpoint<Invoice>()({
  method: 'POST',
  path: '/invoice/item/{id}',
  summary: 'Adds a line without an event to invoice {id}: a product or a description, a unit price and a quantity',
  permission: { resource: 'invoices', action: 'add_item' },
  status: 201,
  params: idParam,
  body: newItem,
  describe: specMessageOr([ITEM_MESSAGES.unnamed]),
  answer: answers.invoice,
});

export const setItemPrice = endpoint<Invoice>()({
  method: 'PUT',
  path: '/invoice/item/{id}',
  summary: 'Changes a line\'s unit price (a contract invoice\'s: admins); never leaves the invoice paid above its total',
  permission: { resource: 'invoices', action: 'price' },
  params: idParam,
  body: z.strictObject({ invoice_id: z.number().int().positive().optional(), price: dollars.min(0, 'must be 0 or more') }),
  answer: answers.invoice,
});

export const deleteInvoiceItem = endpoint<Invoice>()({
  method: 'DELETE',
  path: '/invoice/item/{id}',
  summary: 'Deletes a line of an invoice without payments (never a contract\'s)',
  permission: { resource: 'invoices', action: 'delete_item' },
  params: idParam,
  answer: answers.invoice,
});

export const setInvoiceFee = endpoint<Invoice>()({
  method: 'PUT',
  path: '/invoice/fee/{id}',
  summary: 'Sets the processing fee, a percent, on every line (a contract invoice\'s: admins)',
  permission: { resource: 'invoices', action: 'fee' },
  params: idParam,
  body: z.strictObject({
    fees: z.number({ error: 'must be a percent' })
      .min(0, 'must be 0 or more')
      .max(100, 'must be at most 100')
      .refine((v) => Math.abs(v * 1e6 - Math.round(v * 1e6)) < 1e-6, 'must have at most 6 decimals'),
  }),
  answer: answers.invoice,
});

// ——— The customer's link ———

export const sendInvoice = endpoint<{ sent: boolean; to: string; invoice_id: number }>()({
  method: 'POST',
  path: '/invoice/send/{id}',
  summary: 'Mails customer {id} a fresh link to the invoice (the previous link stops working)',
  permission: { resource: 'invoices', action: 'send' },
  params: idParam,
  query: z.strictObject({ invoice: recordId('must be an invoice ID') }),
  answer: answers.sendInvoiceAnswer,
});

/** The link's reference: 256 bits, base64url. */
export const invoiceReference = z.strictObject({ ref: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'is not an invoice link') });

export const publicInvoice = endpoint<PublicInvoice>()({
  method: 'GET',
  path: '/public/invoice/{ref}',
  summary: 'The invoice read-only, signed out (the link\'s reference is the key); 404 once a newer link was sent',
  permission: 'public',
  params: invoiceReference,
  answer: answers.publicInvoice,
});

/** The invoice entity (/invoice, /invoice/{id}). */
export const invoiceEntity = entity({ resource: 'invoice', label: 'Invoice', list: invoiceList, one: getInvoice, create: createInvoice, update: updateInvoice, delete: deleteInvoice });
