import { z } from 'zod';
import type { Customer } from '../customer';
import { listQuery } from '../validation/listQuery';
import { CONTRACT_DEFAULTS, CONTRACT_MESSAGES, CONTRACT_PRODUCT_TYPES } from '../validation/contract';
import { dollars, idParam, queryBool, recordId, specMessageOr } from '../validation/wire';
import { endpoint } from './endpoint';
import { entity } from './entity';
import type { CheckedRows } from './events';
import * as answers from './answers/contracts';

// Contracts (spec 2 §2–§5, §7 "Contracts", issue 12): the list and its search, one contract and its
// History, its events (checked, added, edited in bulk, deleted: its invoice follows), its document and
// e-signature (the customer signs on a public page, signed out, the link's reference as the key), and
// its marketing list. Money in dollars, dates in unix seconds.

/** A failure the spec words itself ('Please fill all the required fields' …) is said alone. */
export const specMessage = specMessageOr(Object.values(CONTRACT_MESSAGES));

// ——— Answers ———

/** A customer as contracts and pickup sessions name them, with how to reach them. */
export type Contact = Pick<Customer, 'ID' | 'first_name' | 'last_name' | 'email' | 'phone'>;

/** A contract's own columns on the wire: money in dollars, the document's state, never the link's hash or file names. */
export type ContractRecord = z.output<typeof answers.contractRecord>;

/** A row of the contracts list: the contract, whom and where, its events' span and its invoices' money. */
export type ContractListRow = z.output<typeof answers.contractListRow>;

export type ContractEvent = z.output<typeof answers.contractEvent>;
/** The contract's own invoice (its first, not a reversal) with its totals. */
export type ContractInvoice = z.output<typeof answers.contractInvoice>;
/** GET /contract/{id}: the detail page in one call. */
export type ContractDetail = z.output<typeof answers.contractDetail>;
export interface BulkEdit { event_ids: number[]; field_id?: number; start_date?: number; end_date?: number; price?: number | null; keep_ids?: number[] }
export type HistoryRow = z.output<typeof answers.historyRow>;
/** A change to the events: how many were modified, and the contract's totals after it (total in cents). */
export type EventsChange = z.output<typeof answers.eventsChange>;
export type PublicContract = z.output<typeof answers.publicContract>;

// ——— The list ———

/** The list's and the search's criteria. */
export interface ContractSearch {
  facility_ids?: number[];
  product_type_id?: number;
  query?: string;
  /** Free text matched against the customer's name, the contract's name or ID, or both (none). */
  search_by?: 'customer' | 'contract';
  /** Only contracts whose last event ends after this instant. */
  last_event_date?: number;
  hide_paid?: boolean;
  only_active?: boolean;
}

const ids = z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v), z.array(recordId()).max(100));
const flag = z.union([z.boolean(), queryBool]);
const criteria = {
  facility_ids: ids,
  product_type_id: recordId(),
  search_by: z.enum(['customer', 'contract']),
  last_event_date: z.coerce.number().int().nonnegative(),
  hide_paid: flag,
  only_active: flag,
};

/** The columns the list sorts by. */
export const CONTRACT_SORTS = ['ID', 'name', 'CreatedAt', 'facility_id'] as const;

export const contractList = endpoint<ContractListRow[]>()({
  method: 'GET',
  path: '/contract',
  summary: 'The contracts list (filter, sort and range as ra-data-simple-rest sends them; Content-Range tells the total)',
  permission: { resource: 'contracts', action: 'list' },
  query: listQuery({ sortable: CONTRACT_SORTS, defaultSort: ['ID', 'DESC'], filters: criteria, searchable: true }),
  answer: answers.contractListRow.array(),
});

export const searchContracts = endpoint<ContractListRow[]>()({
  method: 'POST',
  path: '/contract/search',
  summary: 'Contracts matching the search criteria (non-admins: their facility\'s whatever they send)',
  permission: { resource: 'contracts', action: 'list' },
  body: z.strictObject({
    ...Object.fromEntries(Object.entries(criteria).map(([k, v]) => [k, v.optional()])),
    query: z.string().trim().max(200).optional(),
    facility_id: recordId('must be a facility ID (0 for all)', 0).optional(),
  }) as z.ZodType<ContractSearch & { facility_id?: number }>,
  answer: answers.contractListRow.array(),
});

// ——— One contract ———

const required = { error: CONTRACT_MESSAGES.required };

export const getContract = endpoint<ContractDetail>()({
  method: 'GET',
  path: '/contract/{id}',
  summary: 'The contract\'s detail page in one call: header, events, summary, invoice and the price check',
  permission: { resource: 'contracts', action: 'show' },
  params: idParam,
  answer: answers.contractDetail,
});

const contractBody = z.strictObject({
  facility_id: z.number(required).int().positive(CONTRACT_MESSAGES.required),
  product_type_id: z.number(required).int().refine((t) => (CONTRACT_PRODUCT_TYPES as readonly number[]).includes(t), 'must be a contract product type (2, 7 or 11)'),
  product_id: z.number().int().positive().nullable().optional(),
  name: z.string(required).trim().min(1, CONTRACT_MESSAGES.required).max(200),
  comment: z.string().trim().max(2000).default(''),
  fee: dollars.positive(CONTRACT_MESSAGES.priceWeird).default(CONTRACT_DEFAULTS.fee),
  deposit: dollars.min(0).default(0),
  percentage: z.number().min(0).max(100).default(CONTRACT_DEFAULTS.percentage),
  ApplyProcessingFee: z.boolean().default(CONTRACT_DEFAULTS.ApplyProcessingFee),
  customer_id: z.number().int().positive().nullable().optional(),
});
export type ContractBody = z.output<typeof contractBody>;
/** A new contract as the create dialog sends it. */
export type NewContract = z.input<typeof contractBody>;

export const createContract = endpoint<ContractRecord>()({
  method: 'POST',
  path: '/contract',
  summary: 'Creates a contract with its invoice',
  permission: { resource: 'contracts', action: 'create' },
  status: 201,
  idempotent: true,
  body: contractBody,
  describe: specMessage,
  answer: answers.contractRecord,
});

export const updateContract = endpoint<ContractRecord>()({
  method: 'PUT',
  path: '/contract/{id}',
  summary: 'Changes the name, comment, deposit percentage or product type (its events and invoice follow)',
  permission: { resource: 'contracts', action: 'edit' },
  params: idParam,
  body: z.strictObject({
    ID: z.number().int().positive().optional(),
    name: z.string().trim().min(1, CONTRACT_MESSAGES.required).max(200).optional(),
    comment: z.string().trim().max(2000).optional(),
    product_type_id: z.number().int().positive().optional(),
    percentage: z.number().min(0).max(100).optional(),
  }),
  describe: specMessage,
  answer: answers.contractRecord,
});

export const setContractFee = endpoint<{ fee: number; events_repriced: number; total: number }>()({
  method: 'PUT',
  path: '/contract/fee/{id}',
  summary: 'Changes the main hourly fee: the events at it are repriced, the invoice follows',
  permission: { resource: 'contracts', action: 'edit' },
  params: idParam,
  query: z.strictObject({ fee: z.coerce.number({ error: CONTRACT_MESSAGES.priceWeird }).pipe(dollars.positive(CONTRACT_MESSAGES.priceWeird)) }),
  answer: answers.setContractFeeAnswer,
});

export const deleteContract = endpoint<ContractRecord>()({
  method: 'DELETE',
  path: '/contract/{id}',
  summary: 'Deletes a contract with its events and invoice, never once paid',
  permission: { resource: 'contracts', action: 'delete' },
  params: idParam,
  answer: answers.contractRecord,
});

export const contractHistory = endpoint<HistoryRow[]>()({
  method: 'GET',
  path: '/contract/changelog/{id}',
  summary: 'The History tab: newest first, the document\'s actions merged into one row',
  permission: { resource: 'contracts', action: 'show' },
  params: idParam,
  answer: answers.historyRow.array(),
});

export const logContractChange = endpoint<Omit<HistoryRow, 'actions'> & { contract_id: number; user_id: number | null }>()({
  method: 'POST',
  path: '/contract/changelog',
  summary: 'Writes a History row',
  permission: { resource: 'contracts', action: 'edit' },
  status: 201,
  body: z.strictObject({
    contract_id: z.number().int().positive(),
    action: z.enum(['generate_doc', 'send_doc', 'delete_event', 'edit_events', 'update_base_fee']),
    number_modified_events: z.number().int().min(0).default(0),
    quantity_variation: z.number().default(0),
    total_price_variation: dollars.default(0),
  }),
  answer: answers.logContractChangeAnswer,
});

// ——— Its events ———

const unix = z.number({ error: CONTRACT_MESSAGES.selectTimes }).int().nonnegative();
const fieldId = z.number({ error: CONTRACT_MESSAGES.selectField }).int().positive(CONTRACT_MESSAGES.selectField);
/** A custom hourly price: a positive amount; null returns to the contract's fee. */
const hourly = dollars.positive(CONTRACT_MESSAGES.priceWeird);
const eventIds = z.array(z.number().int().positive()).max(1000);
const eventRow = z.object({
  ID: z.number().int().positive().optional(),
  field_id: fieldId,
  start_date: unix,
  end_date: unix,
  keep: z.boolean().optional(),
});

export const checkContractEvents = endpoint<CheckedRows>()({
  method: 'POST',
  path: '/contract/events/check/{id}',
  summary: 'The availability of rows (a row\'s own event left out), with the events already on each spot',
  permission: { resource: 'contracts', action: 'edit' },
  params: idParam,
  body: z.strictObject({ events: z.array(eventRow).min(1, CONTRACT_MESSAGES.selectTimes).max(1000) }),
  describe: specMessage,
  answer: answers.checkedRows,
});

export const addContractEvents = endpoint<EventsChange>()({
  method: 'POST',
  path: '/contract/events/{id}',
  summary: 'Adds events (one repeat series), with an optional custom hourly price',
  permission: { resource: 'contracts', action: 'edit' },
  status: 201,
  params: idParam,
  body: z.strictObject({ events: z.array(eventRow.omit({ ID: true })).min(1, CONTRACT_MESSAGES.selectTimes).max(400), price: hourly.nullable().optional() }),
  describe: specMessage,
  answer: answers.eventsChange,
});

export const editContractEvents = endpoint<EventsChange>()({
  method: 'PUT',
  path: '/contract/events/{id}',
  summary: 'The bulk edit of selected events: field, date and time (one event), hourly price; all or nothing',
  permission: { resource: 'contracts', action: 'edit' },
  params: idParam,
  body: z.strictObject({
    event_ids: eventIds.min(1, 'Select at least one event'),
    field_id: fieldId.optional(),
    start_date: unix.optional(),
    end_date: unix.optional(),
    price: hourly.nullable().optional(),
    keep_ids: eventIds.default([]),
  }),
  describe: specMessage,
  answer: answers.eventsChange,
});

export const deleteContractEvents = endpoint<EventsChange>()({
  method: 'POST',
  path: '/contract/events/delete/{id}',
  summary: 'Deletes selected events, or all of them, never once paid',
  permission: { resource: 'contracts', action: 'delete' },
  params: idParam,
  body: z.union([
    z.strictObject({ event_ids: eventIds.min(1, 'Select at least one event') }),
    z.strictObject({ all: z.literal(true) }),
  ]),
  answer: answers.eventsChange,
});

// ——— Its document and e-signature ———

export const generateContractDocument = endpoint<{ message: string; contract: ContractRecord }>()({
  method: 'POST',
  path: '/contract/doc/{id}',
  summary: 'Renders the contract\'s PDF',
  permission: { resource: 'contracts', action: 'edit' },
  params: idParam,
  answer: answers.generateContractDocumentAnswer,
});

export const sendContractDocument = endpoint<{ message: string; to: string; contract: ContractRecord }>()({
  method: 'POST',
  path: '/contract/doc/send/{id}',
  summary: 'Mails the customer a link to read and sign the document',
  permission: { resource: 'contracts', action: 'edit' },
  params: idParam,
  answer: answers.sendContractDocumentAnswer,
});

export const voidContractDocument = endpoint<{ contract: ContractRecord }>()({
  method: 'POST',
  path: '/contract/doc/void/{id}',
  summary: 'Voids the document and its link (never a signed one)',
  permission: { resource: 'contracts', action: 'edit' },
  params: idParam,
  answer: answers.voidContractDocumentAnswer,
});

/** Answers the PDF (application/pdf), the signed one once signed. */
export const contractDocument = endpoint<Blob>()({
  method: 'GET',
  path: '/contract/doc/{id}',
  summary: 'The contract\'s PDF, the signed one once signed',
  permission: { resource: 'contracts', action: 'show' },
  params: idParam,
  answer: answers.file,
});

/** The signing link's reference: 256 bits, base64url. */
const referenceParam = z.strictObject({ ref: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'is not a contract link') });

export const publicContract = endpoint<PublicContract>()({
  method: 'GET',
  path: '/public/contract/{ref}',
  summary: 'The public signing page\'s contract (no sign-in: the link\'s reference is the key)',
  permission: 'public',
  params: referenceParam,
  answer: answers.publicContract,
});

export const publicContractDocument = endpoint<Blob>()({
  method: 'GET',
  path: '/public/contract/{ref}/pdf',
  summary: 'The public signing page\'s PDF',
  permission: 'public',
  params: referenceParam,
  answer: answers.file,
});

export const signContract = endpoint<{ signed: boolean; signed_name: string | null; signed_at: number | null }>()({
  method: 'POST',
  path: '/public/contract/{ref}/sign',
  summary: 'Signs the contract: the typed name, the instant and the address are printed on the signed PDF',
  permission: 'public',
  params: referenceParam,
  body: z.strictObject({
    name: z.string({ error: 'Type your full name to sign' }).trim().min(2, 'Type your full name to sign').max(200),
    accept: z.literal(true, { error: 'Accept the contract to sign it' }),
  }),
  answer: answers.signContractAnswer,
});

// ——— Its marketing list ———

/** Someone to reach: the address to write to (a child's is its parent's), none when unknown. */
export type MarketingContact = Omit<Contact, 'email'> & { email: string | null };

export const contractMarketingList = endpoint<MarketingContact[]>()({
  method: 'GET',
  path: '/contract/marketing/{id}',
  summary: 'The people to reach: the contract\'s customer and its pickup players, once each (a child\'s address is its parent\'s)',
  permission: { resource: 'contracts', action: 'show' },
  params: idParam,
  answer: answers.marketingContact.array(),
});

/** The contract entity (/contract, /contract/{id}). */
export const contractEntity = entity({ resource: 'contract', label: 'Contract', list: contractList, one: getContract, create: createContract, update: updateContract, delete: deleteContract });
