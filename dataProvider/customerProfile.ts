import * as api from '../core/api/customers';
import type { CustomerProfileRecord, Membership, TrialSession } from '../core/api/customers';
import * as memberships from '../core/api/memberships';
import { createCall, createRequest } from './call';
import type { HttpClient } from './httpClient';

// The customer profile's calls (spec 1 §7) still written by hand: those of the invoice page and the
// team page, the memberships and free trials dialogs, the HubSpot link (the profile's tabs and its
// other dialogs call their declarations: resources/customer/profile/useProfile.ts). Mixed into
// the dataProvider (./index.ts). Money is in dollars, dates in unix seconds.

export type {
  ClassPlace, ContractSummary, Eplayer, Membership, Person, Suspension, TrialPlace, TrialSession,
} from '../core/api/customers';
export type { InvoiceSummary } from '../core/api/invoices';

/** GET /customer/{id}: the customer with everything the summary card and the profile's tabs show. */
export interface CustomerProfile extends CustomerProfileRecord {
  /** The record's version, from the ETag of GET /customer/{id}: updateCustomer sends it back as If-Match. */
  version: string | null;
}

export type CustomerDetails = Partial<Pick<CustomerProfile,
  'first_name' | 'last_name' | 'phone' | 'address' | 'state' | 'country' | 'gender' | 'birthdate' | 'waiver_signed' | 'credits'>>;

export interface NewMembership { sub_customer_id?: number; member_customer_id?: number; new_product_id: number; amount?: number; is_free?: boolean; valid_until?: number }

export interface CustomerProfileMethods {
  getCustomerProfile(id: number): Promise<CustomerProfile>;
  /** With `version`, the change applies only if nobody changed the customer since (else 412). */
  updateCustomer(id: number, details: CustomerDetails, version?: string | null): Promise<CustomerProfile>;
  /** GET /class/trial/upcoming?customer_id=: upcoming events, with their field, of the classes that accept free trials and fit the customer. */
  upcomingTrialEvents(customerId: number): Promise<TrialSession[]>;
  addTrial(trial: { class_id: number; event_id: number; customer_id: number; parent_id?: number }): Promise<unknown>;
  activeMemberships(customer_ids: number[]): Promise<Array<Pick<Membership, 'ID' | 'sub_customer_id' | 'valid_until'>>>;
  /** GET /membership/products. */
  membershipProducts(): Promise<Array<{ ID: number; name: string; base_price: number; duration: number }>>;
  addMembership(membership: NewMembership): Promise<unknown>;
  editMembership(id: number, change: { sub_customer_id?: number; valid_until?: number }): Promise<unknown>;
  getHubspotLink(id: number): Promise<{ link: string }>;
}

export function customerProfileMethods(apiUrl: string, client: HttpClient): CustomerProfileMethods {
  const call = createCall(client, apiUrl);
  const request = createRequest(client, apiUrl);
  const profile = ({ json, headers }: { json: CustomerProfileRecord; headers: Headers }): CustomerProfile => ({ ...json, version: headers.get('etag') });
  return {
    getCustomerProfile: async (id) => profile(await request(api.customerProfile, { params: { id } })),
    updateCustomer: async (id, details, version) =>
      profile(await request(api.updateCustomer, { params: { id }, body: details }, version ? { headers: { 'If-Match': version } } : undefined)),
    upcomingTrialEvents: (customerId) => call(api.upcomingTrials, { query: { customer_id: customerId } }),
    addTrial: (trial) => call(api.addTrial, { body: trial }),
    activeMemberships: (customer_ids) => call(memberships.activeMemberships, { body: { customer_ids } }),
    membershipProducts: () => call(memberships.membershipProducts),
    addMembership: (membership) => call(memberships.createMembership, { body: membership }),
    editMembership: (id, change) => call(memberships.editMembership, { params: { id }, body: change }),
    getHubspotLink: (id) => call(api.hubspotLink, { params: { id } }),
  };
}
