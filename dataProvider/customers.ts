import * as api from '../core/api/customers';
import type { DuplicateCustomer, FamilyLink } from '../core/api/customers';
import type { CustomerSummary } from '../core/customer';
import type { CustomerCreateInput } from '../core/validation/customer';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

// The customer calls of the search page and the add-participant wizard (spec 1 §7): search, deleted
// search and reactivation, creation, and family links, through their declarations in
// core/api/customers.ts. Mixed into the dataProvider (./index.ts).

export type { DuplicateCustomer, DuplicateMatch, FamilyLink } from '../core/api/customers';

export type NewCustomer = CustomerCreateInput;

/** The customer about to be created, as typed; blank fields are not compared. Birth date as M/D/YYYY. */
export interface DuplicateQuery {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  birthdate?: string;
  facility_id?: number | null;
}

export interface CustomerMethods {
  /** GET /customer/search/{query} (or /customer/search/deleted/{query}); facility_id for the scope. */
  searchCustomers(query: string, options?: { deleted?: boolean; facility_id?: number | null }): Promise<CustomerSummary[]>;
  /** POST /customer. */
  createCustomer(customer: NewCustomer): Promise<CustomerSummary>;
  /** GET /customer/duplicates: active customers with the same email, phone, or name and birth date. */
  findDuplicates(query: DuplicateQuery): Promise<DuplicateCustomer[]>;
  /** POST /family: the child's email becomes the parent's + '##' + the child's ID. */
  linkFamily(link: { parent_id: number; child_id: number; relation?: string }): Promise<Omit<FamilyLink, 'parent' | 'child'> & { child: CustomerSummary }>;
  /** GET /family/{id}: the customer's parents and children. */
  getFamily(id: number): Promise<FamilyLink[]>;
}

export function customerMethods(apiUrl: string, client: HttpClient): CustomerMethods {
  const call = createCall(client, apiUrl);
  return {
    searchCustomers(query, { deleted = false, facility_id } = {}) {
      const input = { params: { query: query.trim() }, query: { facility_id: facility_id || undefined } };
      return call(deleted ? api.searchDeletedCustomers : api.searchCustomers, input);
    },
    createCustomer: (customer) => call(api.createCustomer, { body: customer }),
    findDuplicates(query) {
      const typed = Object.entries(query).filter(([, value]) => value).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]);
      return call(api.findDuplicates, { query: Object.fromEntries(typed) });
    },
    linkFamily: (link) => call(api.linkFamily, { body: link }),
    getFamily: (id) => call(api.customerFamily, { params: { id } }),
  };
}
