import { z } from 'zod';
import { customerName, facilityZone, invoiceRecord, named, paymentMethod, paymentStatus } from './core';

export { customerName };

/** An invoice's totals. */
export const invoiceTotals = z.object({
  invoiced: z.number(),
  taxes: z.number(),
  fees: z.number(),
  total: z.number(),
  discounted: z.number(),
  paid: z.number(),
  balance: z.number(),
});

export const invoiceItem = z.object({
  ID: z.number().int(),
  product_id: z.number().int().nullable(),
  new_product_id: z.number().int().nullable(),
  new_product: named.nullable(),
  event_id: z.number().int().nullable(),
  price: z.number(),
  quantity: z.number(),
  comment: z.string(),
  taxes: z.number(),
  fees: z.number(),
  amount_taxes: z.number(),
  amount_fees: z.number(),
  total: z.number(),
  event: z.object({ ID: z.number().int(), start_date: z.number().int(), end_date: z.number().int() }).nullable(),
  invoice_id: z.number().int(),
  team_signup_id: z.number().int().nullable(),
});

export const invoiceDiscount = z.object({
  ID: z.number().int(),
  discount_id: z.number().int(),
  amount: z.number(),
  comment: z.string(),
  discount: z.object({ ID: z.number().int(), name: z.string(), is_percentage: z.boolean(), value: z.number() }).nullable(),
});

export const invoicePayment = z.object({
  ID: z.number().int(),
  amount: z.number(),
  type: paymentMethod,
  details: z.string(),
  square_id: z.string().nullable(),
  player_customer_id: z.number().int().nullable(),
  player: customerName.nullable().optional(),
  reversal: z.number().int().nullable(),
  reversed: z.number().int().nullable(),
  refund: z.number().int().nullable(),
  refunded: z.number().int().nullable(),
  CreatedAt: z.number().int(),
  refund_status: paymentStatus.nullable().optional(),
  invoice_id: z.number().int(),
  /** Who took it. */
  user_id: z.number().int().nullable(),
});

export const invoice = invoiceRecord.extend({
  /** The spec's name of invoice_type_id. */
  invoice_type: z.number().int(),
  facility: z.object({
    ID: z.number().int(),
    name: z.string(),
    address: z.string(),
    time_zone: z.string(),
    tax_rate: z.number(),
    processing_fee: z.number(),
  }),
  product_type: named.nullable(),
  contract: named.nullable(),
  team: z.object({ ID: z.number().int(), name: z.string(), roster: z.array(customerName) }).nullable(),
  customer: z.object({
    ID: z.number().int(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    credits: z.number(),
  }).nullable(),
  invoice_items: z.array(invoiceItem),
  discounts: z.array(invoiceDiscount),
  payments: z.array(invoicePayment),
  ...invoiceTotals.shape,
  total_without_tax: z.number(),
  pending_refunds: z.array(z.object({
    ID: z.number().int(), payment_id: z.number().int(), amount: z.number(), type: paymentMethod, CreatedAt: z.number().int(),
  })),
  refunds_pending: z.number(),
  refunded: z.number(),
  balance_state: z.enum(['paid', 'owed', 'refunded']),
});

export const invoiceListRow = z.object({
  ID: z.number().int(),
  date: z.number().int(),
  invoice_type_id: z.number().int(),
  facility_id: z.number().int(),
  facility: facilityZone,
  product_type_id: z.number().int().nullable(),
  customer_id: z.number().int().nullable(),
  contract_id: z.number().int().nullable(),
  team_id: z.number().int().nullable(),
  reversed: z.number().int().nullable(),
  reversal: z.number().int().nullable(),
  comment: z.string(),
  customer: customerName.nullable(),
  product: z.string(),
  invoiced: z.number(),
  discounted: z.number(),
  paid: z.number(),
  balance: z.number(),
});

export const invoiceSummary = z.object({
  ID: z.number().int(),
  date: z.number().int(),
  facility_id: z.number().int(),
  customer_id: z.number().int().nullable(),
  invoice_type_id: z.number().int(),
  product_type_id: z.number().int().nullable(),
  team_id: z.number().int().nullable(),
  comment: z.string(),
  reversed: z.number().int().nullable(),
  reversal: z.number().int().nullable(),
  CreatedAt: z.number().int(),
  total: z.number(),
  paid: z.number(),
  balance: z.number(),
});

export const sendInvoiceAnswer = z.object({ sent: z.boolean(), to: z.string(), invoice_id: z.number().int() });

export const publicInvoice = z.object({
  ID: z.number().int(),
  date: z.number().int(),
  comment: z.string(),
  reversed: z.number().int().nullable(),
  reversal: z.number().int().nullable(),
  facility: z.object({ name: z.string(), address: z.string(), time_zone: z.string() }),
  customer: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  invoice_items: z.array(z.object({
    ID: z.number().int(),
    product: z.string(),
    price: z.number(),
    quantity: z.number(),
    comment: z.string(),
    total: z.number(),
  })),
  discounts: z.array(z.object({ ID: z.number().int(), amount: z.number(), name: z.string() })),
  payments: z.array(z.object({
    ID: z.number().int(),
    amount: z.number(),
    type: paymentMethod,
    CreatedAt: z.number().int(),
    reversal: z.number().int().nullable(),
    refund: z.number().int().nullable(),
  })),
  ...invoiceTotals.shape,
});
