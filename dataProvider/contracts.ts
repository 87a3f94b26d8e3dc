import type { Customer } from '../core/customer';
import { session } from '../authProvider/storage';
import type { HttpClient } from './httpClient';
import type { CheckedRow, SlotRow } from './events';
import type { Invoice, InvoiceTotals } from './invoices';

// Contract and pickup calls beyond CRUD (spec 2 §7 "Contracts" and "Pickup"), mixed into the
// dataProvider (./index.ts). The resource `contract` itself goes through the CRUD methods (GET
// /contract, /contract/{id}, POST /contract, PUT /contract/{id}, DELETE /contract/{id}). Money in
// dollars, dates in unix seconds.

export interface ContractEvent {
  ID: number; field_id: number; field?: { ID: number; name: string }; start_date: number; end_date: number;
  keep: boolean; hourly: number; custom_price: boolean; price: number; hours: number;
}
export interface ContractDetail {
  ID: number; id: number; name: string; comment: string; facility_id: number; customer_id: number | null; product_type_id: number;
  fee: number; deposit: number; percentage: number; ApplyProcessingFee: boolean;
  doc: string | null; sent: boolean; signed: boolean; signed_name: string | null; signed_at: number | null;
  doc_state: 'none' | 'generated' | 'sent' | 'signed';
  facility: { ID: number; name: string; time_zone: string };
  customer: Contact | null;
  product_type: { ID: number; name: string };
  events: ContractEvent[];
  summary: { start: number | null; end: number | null; count: number; hours: number; total: number };
  /** The invoice's row and totals (the Invoice tab reads the whole invoice). */
  invoice: ContractInvoice | null;
  has_payments: boolean;
  price_mismatch: boolean;
}
export type ContractInvoice = InvoiceTotals & Pick<Invoice, 'ID' | 'date' | 'comment' | 'facility_id' | 'customer_id' | 'invoice_type_id' | 'contract_id' | 'team_id' | 'reversed' | 'reversal'>;
export interface BulkEdit { event_ids: number[]; field_id?: number; start_date?: number; end_date?: number; price?: number | null; keep_ids?: number[] }
/** A customer as contracts and pickup sessions name them, with how to reach them. */
export type Contact = Pick<Customer, 'ID' | 'first_name' | 'last_name' | 'email' | 'phone'>;
export interface HistoryRow {
  ID: number; created_at: number; action: string; actions: string[]; number_modified_events: number; quantity_variation: number; total_price_variation: number;
}
export interface PublicContract { ID: number; name: string; facility: string; customer: string | null; events: number; total: number; signed: boolean; signed_name: string | null; signed_at: number | null }
export interface PickupSession {
  ID: number; facility: { ID: number; name: string; time_zone: string }; field: { ID: number; name: string }; slots: number;
  slot: { day: number; time: number; duration: number; field_id: number }; contract: { ID: number; name: string; fee: number };
  events?: Array<{ ID: number; start_date: number; end_date: number; players: Array<{ ID: number; checked_in: boolean; customer: Contact }> }>;
}
export interface PickupPresence {
  ID: number; event_id: number; start_date: number; end_date: number; checked_in: boolean;
  facility: { ID: number; name: string }; slot: { field_id: number; field: string };
  customer: Contact;
}
export interface NewPickupSession { facility_id: number; field_id: number; product_id: number; day: number; time: number; duration: number; events: SlotRow[] }

export interface ContractMethods {
  getContract(id: number): Promise<ContractDetail>;
  checkContractEvents(id: number, rows: SlotRow[]): Promise<{ events: CheckedRow[] }>;
  addContractEvents(id: number, events: SlotRow[], price?: number | null): Promise<unknown>;
  editContractEvents(id: number, edit: BulkEdit): Promise<unknown>;
  deleteContractEvents(id: number, which: { event_ids: number[] } | { all: true }): Promise<unknown>;
  setContractFee(id: number, fee: number): Promise<{ events_repriced: number }>;
  contractHistory(id: number): Promise<HistoryRow[]>;
  /** The people of the contract's marketing list (its customer and pickup players), once each. */
  contractMarketingList(id: number): Promise<Contact[]>;
  generateContractDoc(id: number): Promise<{ message: string }>;
  sendContractDoc(id: number): Promise<{ message: string; to: string }>;
  voidContractDoc(id: number): Promise<unknown>;
  /** The PDF (signed once signed) as a blob URL to open. */
  contractDocUrl(id: number): Promise<string>;
  publicContract(reference: string): Promise<PublicContract>;
  signContract(reference: string, name: string): Promise<{ signed: boolean; signed_at: number }>;
  /** GET /newproduct/prices/5?facility_id: the pickup products (fees) sold at a facility. */
  pickupFees(facilityId: number): Promise<Array<{ product_id: number; text: string }>>;
  pickupSessions(query: { facility_id?: number; day?: number }): Promise<PickupSession[]>;
  pickupSession(id: number): Promise<PickupSession>;
  createPickupSession(session: NewPickupSession): Promise<PickupSession & { contract: { ID: number } }>;
  pickupPlayers(query: { facility_id?: number; start: number; end: number; customer_id?: number }): Promise<PickupPresence[]>;
}

const query = (values: Record<string, number | undefined>) =>
  new URLSearchParams(Object.entries(values).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();

export function contractMethods(apiUrl: string, client: HttpClient): ContractMethods {
  const call = async (method: string, path: string, body?: unknown) =>
    (await client(`${apiUrl}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) })).json;
  return {
    getContract: (id) => call('GET', `/contract/${id}`),
    checkContractEvents: (id, rows) => call('POST', `/contract/events/check/${id}`, { events: rows }),
    addContractEvents: (id, events, price) => call('POST', `/contract/events/${id}`, { events, ...(price ? { price } : {}) }),
    editContractEvents: (id, edit) => call('PUT', `/contract/events/${id}`, edit),
    deleteContractEvents: (id, which) => call('POST', `/contract/events/delete/${id}`, which),
    setContractFee: (id, fee) => call('PUT', `/contract/fee/${id}?fee=${fee}`),
    contractHistory: (id) => call('GET', `/contract/changelog/${id}`),
    contractMarketingList: (id) => call('GET', `/contract/marketing/${id}`),
    generateContractDoc: (id) => call('POST', `/contract/doc/${id}`),
    sendContractDoc: (id) => call('POST', `/contract/doc/send/${id}`),
    voidContractDoc: (id) => call('POST', `/contract/doc/void/${id}`),
    async contractDocUrl(id) {
      const response = await fetch(`${apiUrl}/contract/doc/${id}`, { headers: { authorization: `Bearer ${session.token()}` } });
      if (!response.ok) throw new Error((await response.json().catch(() => ({}))).message ?? 'Document not found');
      return URL.createObjectURL(await response.blob());
    },
    publicContract: (reference) => call('GET', `/public/contract/${encodeURIComponent(reference)}`),
    signContract: (reference, name) => call('POST', `/public/contract/${encodeURIComponent(reference)}/sign`, { name, accept: true }),
    pickupFees: (facilityId) => call('GET', `/newproduct/prices/5?facility_id=${facilityId}`),
    pickupSessions: (q) => call('GET', `/pickup?${query(q)}`),
    pickupSession: (id) => call('GET', `/pickup/${id}`),
    createPickupSession: (session) => call('POST', '/pickup', session),
    pickupPlayers: (q) => call('GET', `/slot/sessions?${query(q)}`),
  };
}
