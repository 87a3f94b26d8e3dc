import type { Customer, CustomerName } from '../core/customer';
import * as memberships from '../core/api/memberships';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

// The customer profile's calls (spec 1 §7): the profile, its tabs' lists and its dialogs. Mixed into
// the dataProvider (./index.ts). Money is in dollars, dates in unix seconds.

export type Person = Pick<Customer, 'ID' | 'first_name' | 'last_name' | 'email'>;

export interface Suspension { ID: number; customer_id: number; from: number; until: number; foul: string; notes: string }

export interface Membership {
  ID: number;
  sub_customer_id: number;
  member_customer_id: number;
  valid_until: number;
  is_free: boolean;
  new_product_id: number | null;
  CreatedAt: number;
  valid: boolean;
  holder: CustomerName;
  product: { ID: number; name: string } | null;
}

export interface Eplayer { ID: number; customer_id: number; console_id: string; console: 'PS4' | 'XBOX'; discord_username: string }

/** GET /customer/{id}: the customer with everything the summary card and the profile's tabs show. */
export interface CustomerProfile extends Customer {
  facility: { ID: number; name: string; time_zone: string } | null;
  last_invoice_date: number | null;
  totals: { invoiced: number; paid: number; balance: number };
  suspended: boolean;
  suspensions: Suspension[];
  family: Array<{ ID: number; parent_id: number; child_id: number; relation: string; parent: Person; child: Person }>;
  eplayer: Eplayer | null;
  memberships: Membership[];
  /** Whether a HubSpot integration applies to the customer's facility: the HubSpot button shows only then. */
  hubspot: boolean;
  /** The record's version, from the ETag of GET /customer/{id}: updateCustomer sends it back as If-Match. */
  version: string | null;
}

export type CustomerDetails = Partial<Pick<CustomerProfile,
  'first_name' | 'last_name' | 'phone' | 'address' | 'state' | 'country' | 'gender' | 'birthdate' | 'waiver_signed' | 'credits'>>;

export interface InvoiceSummary {
  ID: number; date: number; facility_id: number; product_type_id: number | null; comment: string; total: number; paid: number; balance: number;
  reversed: number | null; reversal: number | null;
  /** A team (league) invoice's team: its payments are for one player of the roster. */
  team_id: number | null;
}
export interface ContractSummary { ID: number; name: string; facility_id: number; fee: number; deposit: number; signed: boolean; sent: boolean; CreatedAt: number; product_type: { ID: number; name: string } }
export interface ClassPlace { ID: number; class_id: number; uniform_size: string | null; invoice_id: number | null; class: { ID: number; name: string; start_date: number; end_date: number } }
/** A session the Add free trial dialog offers. */
export interface TrialSession { class: { ID: number; name: string }; event: { ID: number; start_date: number; end_date: number }; field: { ID: number; name: string } }
export interface TrialPlace { ID: number; class_id: number; event_id: number; parent_id: number | null; class: { ID: number; name: string }; event: { ID: number; start_date: number; end_date: number } }

export interface NewMembership { sub_customer_id?: number; member_customer_id?: number; new_product_id: number; amount?: number; is_free?: boolean; valid_until?: number }

export interface CustomerProfileMethods {
  getCustomerProfile(id: number): Promise<CustomerProfile>;
  /** With `version`, the change applies only if nobody changed the customer since (else 412). */
  updateCustomer(id: number, details: CustomerDetails, version?: string | null): Promise<CustomerProfile>;
  updateCustomerEmail(id: number, email: string): Promise<{ message: string; email: string }>;
  updateCustomerNote(id: number, note: string): Promise<unknown>;
  suspendCustomer(suspension: Omit<Suspension, 'ID'>): Promise<Suspension>;
  liftSuspension(id: number): Promise<Suspension>;
  mergeCustomers(id: number, customer_ids: number[]): Promise<{ ID: number; merged: number[] }>;
  uploadCustomerPhoto(id: number, photo: Blob): Promise<{ photo: string }>;
  getCustomerInvoices(id: number): Promise<InvoiceSummary[]>;
  getCustomerContracts(id: number): Promise<ContractSummary[]>;
  getCustomerClasses(id: number): Promise<ClassPlace[]>;
  getCustomerTrials(id: number): Promise<TrialPlace[]>;
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
  const send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    client(`${apiUrl}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: headers && new Headers(headers) });
  const call = async (method: string, path: string, body?: unknown) => (await send(method, path, body)).json;
  const endpointCall = createCall(client, apiUrl);
  const get = (path: string) => call('GET', path);
  const profile = ({ json, headers }: { json: any; headers: Headers }): CustomerProfile => ({ ...json, version: headers.get('etag') });
  return {
    getCustomerProfile: async (id) => profile(await send('GET', `/customer/${id}`)),
    updateCustomer: async (id, details, version) =>
      profile(await send('PUT', `/customer/${id}`, details, version ? { 'If-Match': version } : undefined)),
    updateCustomerEmail: (id, email) => call('PUT', `/customer/email/${id}?${new URLSearchParams({ email })}`),
    updateCustomerNote: (id, note) => call('PUT', `/customer/note/${id}`, { note }),
    suspendCustomer: (suspension) => call('POST', '/customer/suspension', suspension),
    liftSuspension: (id) => call('DELETE', `/suspension/${id}`),
    mergeCustomers: (id, customer_ids) => call('POST', `/customer/merge/${id}`, { customer_ids }),
    async uploadCustomerPhoto(id, photo) {
      const form = new FormData();
      form.append('file', photo, 'photo.jpg');
      return (await client(`${apiUrl}/customer/${id}/profile-picture`, { method: 'POST', body: form })).json;
    },
    getCustomerInvoices: (id) => get(`/invoice/customer/${id}`),
    getCustomerContracts: (id) => get(`/contract/cust/${id}`),
    getCustomerClasses: (id) => get(`/class/customer/${id}`),
    getCustomerTrials: (id) => get(`/class/trial/customer/${id}`),
    upcomingTrialEvents: (customerId) => get(`/class/trial/upcoming?customer_id=${customerId}`),
    addTrial: (trial) => call('POST', '/class/trial', trial),
    activeMemberships: (customer_ids) => endpointCall(memberships.activeMemberships, { body: { customer_ids } }),
    membershipProducts: () => endpointCall(memberships.membershipProducts),
    addMembership: (membership) => endpointCall(memberships.createMembership, { body: membership }),
    editMembership: (id, change) => endpointCall(memberships.editMembership, { params: { id }, body: change }),
    getHubspotLink: (id) => get(`/customer/hubspot/${id}`),
  };
}
