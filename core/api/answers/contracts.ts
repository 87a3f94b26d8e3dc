import { z } from 'zod';
import { customerName, documentState, file, invoiceRecord, named } from './core';
import { checkedRows } from './events';

export { checkedRows, documentState, file };

export const contractRecord = z.object({
  ID: z.number().int(),
  name: z.string(),
  comment: z.string(),
  facility_id: z.number().int(),
  customer_id: z.number().int().nullable(),
  product_type_id: z.number().int(),
  product_id: z.number().int().nullable(),
  fee: z.number(),
  deposit: z.number(),
  percentage: z.number(),
  ApplyProcessingFee: z.boolean(),
  doc: z.string().nullable(),
  sent: z.boolean(),
  signed: z.boolean(),
  signed_name: z.string().nullable(),
  signed_at: z.number().int().nullable(),
  signed_address: z.string().nullable(),
  doc_state: documentState,
  CreatedAt: z.number().int(),
  UpdatedAt: z.number().int(),
});

export const contractListRow = z.object({
  facility: named,
  customer: customerName.nullable(),
  product_type: named,
  events_count: z.number(),
  first_event: z.number().nullable(),
  last_event: z.number().nullable(),
  invoiced: z.number(),
  paid: z.number(),
  discounted: z.number(),
  balance: z.number(),
  ...contractRecord.shape,
});

export const contact = z.object({
  ID: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
});

export const contractEvent = z.object({
  ID: z.number().int(),
  field_id: z.number().int(),
  field: named.optional(),
  start_date: z.number().int(),
  end_date: z.number().int(),
  keep: z.boolean(),
  hourly: z.number(),
  custom_price: z.boolean(),
  price: z.number(),
  hours: z.number(),
});

export const contractInvoice = invoiceRecord.extend({
  invoiced: z.number(),
  taxes: z.number(),
  fees: z.number(),
  total: z.number(),
  discounted: z.number(),
  paid: z.number(),
  balance: z.number(),
  total_without_tax: z.number(),
});

export const contractDetail = z.object({
  facility: z.object({
    ID: z.number().int(),
    name: z.string(),
    address: z.string().nullable(),
    time_zone: z.string(),
  }),
  customer: contact.nullable(),
  product_type: named,
  events: z.array(contractEvent),
  summary: z.object({
    start: z.number().nullable(),
    end: z.number().nullable(),
    count: z.number(),
    hours: z.number(),
    total: z.number(),
  }),
  invoice: contractInvoice.nullable(),
  has_payments: z.boolean(),
  price_mismatch: z.boolean(),
  ...contractRecord.shape,
});

export const setContractFeeAnswer = z.object({ fee: z.number(), events_repriced: z.number(), total: z.number() });

export const historyRow = z.object({
  ID: z.number().int(),
  created_at: z.number().int(),
  action: z.string(),
  actions: z.array(z.string()),
  number_modified_events: z.number(),
  quantity_variation: z.number(),
  total_price_variation: z.number(),
});

export const logContractChangeAnswer = z.object({
  ID: z.number().int(),
  action: z.string(),
  created_at: z.number().int(),
  number_modified_events: z.number(),
  quantity_variation: z.number(),
  total_price_variation: z.number(),
  contract_id: z.number().int(),
  user_id: z.number().int().nullable(),
});

export const eventsChange = z.object({ modified: z.number(), total: z.number(), hours: z.number(), count: z.number() });

export const generateContractDocumentAnswer = z.object({ message: z.string(), contract: contractRecord });

export const sendContractDocumentAnswer = z.object({ message: z.string(), to: z.string(), contract: contractRecord });

export const voidContractDocumentAnswer = z.object({ contract: contractRecord });

export const publicContract = z.object({
  ID: z.number().int(),
  name: z.string(),
  facility: z.string(),
  customer: z.string().nullable(),
  time_zone: z.string(),
  events: z.number(),
  total: z.number(),
  signed: z.boolean(),
  signed_name: z.string().nullable(),
  signed_at: z.number().int().nullable(),
});

export const signContractAnswer = z.object({
  signed: z.boolean(),
  signed_name: z.string().nullable(),
  signed_at: z.number().int().nullable(),
});

export const marketingContact = z.object({
  ID: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
});
