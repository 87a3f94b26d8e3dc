import * as api from '../core/api/contracts';
import { fillPath } from '../core/api/endpoint';
import * as pickup from '../core/api/pickup';
import * as products from '../core/api/products';
import { PRODUCT_TYPE } from '../core/constants';
import { session } from './session';
import { createCall, keyed } from './call';
import type { HttpClient } from './httpClient';
import type { PublicContract } from '../core/api/contracts';
import type { CreatedPickupSession, NewPickupSession, PickupPresence, PickupSession } from '../core/api/pickup';

// Contract and pickup calls beyond CRUD (spec 2 §7 "Contracts" and "Pickup"), through their declarations
// in core/api/contracts.ts and core/api/pickup.ts, mixed into the dataProvider (./index.ts). The resource
// `contract` itself goes through the verbs derived from its declaration (list, one, create with the
// form's Idempotency-Key, update, delete); its tabs and actions are declared calls (useDeclaredQuery,
// useDeclaredMutation). What remains here: the document as a file, the signed-out signing page, pickup.
// Money in dollars, dates in unix seconds.

export type {
  BulkEdit, Contact, ContractDetail, ContractEvent, ContractInvoice, ContractListRow, ContractRecord, EventsChange, HistoryRow, MarketingContact, NewContract,
  PublicContract,
} from '../core/api/contracts';
export type { CreatedPickupSession, NewPickupSession, PickupPresence, PickupSession } from '../core/api/pickup';

export interface ContractMethods {
  /** The PDF (signed once signed) as a blob URL to open. */
  contractDocUrl(id: number): Promise<string>;
  publicContract(reference: string): Promise<PublicContract>;
  signContract(reference: string, name: string): Promise<{ signed: boolean; signed_name: string | null; signed_at: number | null }>;
  /** GET /newproduct/prices/5?facility_id: the pickup products (fees) sold at a facility. */
  pickupFees(facilityId: number): Promise<Array<{ product_id: number; text: string }>>;
  pickupSessions(query: { facility_id?: number; day?: number }): Promise<PickupSession[]>;
  pickupSession(id: number): Promise<PickupSession>;
  /** POST /pickup with an Idempotency-Key: a repeat answers the first session. */
  createPickupSession(session: NewPickupSession, idempotencyKey?: string): Promise<CreatedPickupSession>;
  pickupPlayers(query: { facility_id?: number; start: number; end: number; customer_id?: number }): Promise<PickupPresence[]>;
}

export function contractMethods(apiUrl: string, client: HttpClient): ContractMethods {
  const call = createCall(client, apiUrl);
  return {
    async contractDocUrl(id) {
      const response = await fetch(fillPath(api.contractDocument, { id }, apiUrl), { headers: { authorization: `Bearer ${session.token()}` } });
      if (!response.ok) throw new Error((await response.json().catch(() => ({}))).message ?? 'Document not found');
      return URL.createObjectURL(await response.blob());
    },
    publicContract: (ref) => call(api.publicContract, { params: { ref } }),
    signContract: (ref, name) => call(api.signContract, { params: { ref }, body: { name, accept: true } }),
    pickupFees: (facilityId) => call(products.pricesOfType, { params: { type: PRODUCT_TYPE.PICKUP }, query: { facility_id: facilityId } }),
    pickupSessions: (query) => call(pickup.pickupSessions, { query }),
    pickupSession: (id) => call(pickup.pickupSession, { params: { id } }),
    createPickupSession: (created, key) => call(pickup.createPickupSession, { body: created }, keyed(key)),
    pickupPlayers: (query) => call(pickup.pickupPresence, { query }),
  };
}
