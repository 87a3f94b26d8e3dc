import * as api from '../core/api/customers';
import type { CustomerProfileRecord, Membership } from '../core/api/customers';
import * as memberships from '../core/api/memberships';
import { createCall, createRequest } from './call';
import type { HttpClient } from './httpClient';

// The customer profile's calls (spec 1 §7) still written by hand: those of the invoice page and the
// team page, the membership products, the HubSpot link (the profile's tabs and its dialogs call their
// declarations: resources/customer/profile/useProfile.ts, src/kit/entity/DeclaredDialog.tsx). Mixed into
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

export interface CustomerProfileMethods {
  getCustomerProfile(id: number): Promise<CustomerProfile>;
  /** With `version`, the change applies only if nobody changed the customer since (else 412). */
  updateCustomer(id: number, details: CustomerDetails, version?: string | null): Promise<CustomerProfile>;
  activeMemberships(customer_ids: number[]): Promise<Array<Pick<Membership, 'ID' | 'sub_customer_id' | 'valid_until'>>>;
  /** GET /membership/products. */
  membershipProducts(): Promise<Array<{ ID: number; name: string; base_price: number; duration: number }>>;
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
    activeMemberships: (customer_ids) => call(memberships.activeMemberships, { body: { customer_ids } }),
    membershipProducts: () => call(memberships.membershipProducts),
    getHubspotLink: (id) => call(api.hubspotLink, { params: { id } }),
  };
}
