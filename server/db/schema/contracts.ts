import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, flag, id, note, rate, ref, seconds, timestamps } from './columns';
import { customers } from './customers';
import { productTypes, productVariations } from './products';
import { facilities } from './settings';
import { users } from './staff';
import { nowSeconds } from '../../../core/time';

// Block-booking contracts (also behind pickup sessions) and their history.

export const contracts = pgTable('contracts', {
  ID: id(),
  name: text('name').notNull(),
  comment: note('comment'),
  facility_id: ref('facility_id').notNull().references(() => facilities.ID),
  /** Pickup contracts have no customer. */
  customer_id: ref('customer_id').references(() => customers.ID),
  product_type_id: ref('product_type_id').notNull().references(() => productTypes.ID),
  product_id: ref('product_id').references(() => productVariations.ID),
  /** The main hourly fee, in cents. */
  fee: cents('fee').notNull().default(10000),
  /** The deposit asked, in cents. */
  deposit: cents('deposit').notNull().default(0),
  /** The deposit as a percentage of the contract total. */
  percentage: rate('percentage').notNull().default(50),
  ApplyProcessingFee: flag('apply_processing_fee', true),
  /** The generated contract document (path or URL); null when none or voided. */
  doc: text('doc'),
  sent: flag('sent'),
  signed: flag('signed'),
  /** SHA-256 of the public signing link's reference (only the hash is stored; void clears it). */
  sign_link_hash: text('sign_link_hash'),
  /** The signature: typed name, instant and client address, and the signed PDF (stored file name). */
  signed_name: text('signed_name'),
  signed_at: seconds('signed_at'),
  signed_address: text('signed_address'),
  signed_doc: text('signed_doc'),
  ...timestamps,
}, (t) => [
  index('contracts_facility_idx').on(t.facility_id),
  index('contracts_customer_idx').on(t.customer_id),
  index('contracts_product_type_idx').on(t.product_type_id),
  uniqueIndex('contracts_sign_link_idx').on(t.sign_link_hash),
]);

/** The spec's actions, plus adding events, the product type and the document's void and signature. */
export const CONTRACT_LOG_ACTIONS = [
  'generate_doc', 'send_doc', 'void_doc', 'sign_doc', 'add_events', 'delete_event', 'edit_events', 'update_base_fee', 'update_product_type',
] as const;

/** One change to a contract, as the History tab lists it (created_at is the spec's own spelling). */
export const contractLogs = pgTable('contract_logs', {
  ID: id(),
  contract_id: ref('contract_id').notNull().references(() => contracts.ID, { onDelete: 'cascade' }),
  action: text('action', { enum: CONTRACT_LOG_ACTIONS }).notNull(),
  number_modified_events: integer('number_modified_events').notNull().default(0),
  /** Hours added (negative when removed). */
  quantity_variation: rate('quantity_variation').notNull().default(0),
  total_price_variation: cents('total_price_variation').notNull().default(0),
  user_id: ref('user_id').references(() => users.ID),
  created_at: seconds('created_at').notNull().$defaultFn(nowSeconds),
}, (t) => [index('contract_logs_contract_idx').on(t.contract_id, t.created_at)]);
