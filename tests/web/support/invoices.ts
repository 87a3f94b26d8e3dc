import type { Invoice, InvoiceItem, InvoicePayment, PublicInvoice } from '../../../core/api/invoices';

// The invoices the web tests answer with, typed from the declared answers (core/api/invoices.ts): a
// test names only what it is about, the rest is invoice 42 of Ines Payer at Downtown.

/** A line of GET /invoice/{id}: $100, untaxed, the manual invoice's comment. */
export function anInvoiceItem(overrides: Partial<InvoiceItem> = {}): InvoiceItem {
  return {
    ID: 1, product_id: null, new_product_id: null, new_product: null, event_id: null, event: null, price: 100, quantity: 1,
    comment: 'Manual Invoice', taxes: 0, fees: 0, amount_taxes: 0, amount_fees: 0, total: 100, invoice_id: 42, team_signup_id: null, ...overrides,
  };
}

/** A payment of GET /invoice/{id}: $40 by check. */
export function aPayment(overrides: Partial<InvoicePayment> = {}): InvoicePayment {
  return {
    ID: 7, amount: 40, type: 'check', details: '', square_id: null, player_customer_id: null,
    reversal: null, reversed: null, refund: null, refunded: null, CreatedAt: 1_763_900_100, invoice_id: 42, user_id: 2, ...overrides,
  };
}

/**
 * GET /invoice/{id}'s answer: invoice 42, one $100 line, nothing paid; its balance state follows its
 * balance unless given.
 */
export function anInvoice(overrides: Partial<Invoice> = {}): Invoice {
  const invoice: Invoice = {
    ID: 42, date: 1_763_900_000, comment: '', facility_id: 1, customer_id: 5, invoice_type_id: 1, invoice_type: 1, product_type_id: 1, contract_id: null, team_id: null,
    class_id: null, reversed: null, reversal: null,
    facility: { ID: 1, name: 'Downtown', address: '1 Main St', time_zone: 'America/New_York', tax_rate: 0, processing_fee: 0 },
    product_type: { ID: 1, name: 'Adult Rental' }, contract: null, team: null,
    customer: { ID: 5, first_name: 'Ines', last_name: 'Payer', email: 'ines@example.com', credits: 0 },
    pending_refunds: [], refunds_pending: 0, refunded: 0,
    invoice_items: [anInvoiceItem()], discounts: [], payments: [],
    invoiced: 100, taxes: 0, fees: 0, total: 100, discounted: 0, paid: 0, balance: 100, total_without_tax: 100, balance_state: 'owed',
    ...overrides,
  };
  return overrides.balance_state ? invoice : { ...invoice, balance_state: invoice.balance <= 0 ? 'paid' : 'owed' };
}

/** GET /public/invoice/{ref}'s answer: the same invoice without staff-only fields, empty. */
export function aPublicInvoice(overrides: Partial<PublicInvoice> = {}): PublicInvoice {
  return {
    ID: 42, date: 1_763_900_000, comment: '', reversed: null, reversal: null,
    facility: { name: 'Downtown', address: '1 Main St', time_zone: 'America/New_York' },
    customer: { first_name: 'Ines', last_name: 'Payer' }, invoice_items: [], payments: [], discounts: [],
    invoiced: 0, taxes: 0, fees: 0, total: 0, discounted: 0, paid: 0, balance: 0, ...overrides,
  };
}
