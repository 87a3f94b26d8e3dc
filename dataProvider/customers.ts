import type { CustomerSummary } from '../core/customer';
import type { ChildGender } from '../core/validation/customer';
import type { HttpClient } from './httpClient';

// The customer calls of the search page and the add-participant wizard (spec 1 §7): search, deleted
// search and reactivation, creation, and family links. Mixed into the dataProvider (./index.ts).

export interface NewCustomer {
  first_name: string;
  last_name: string;
  email?: string;
  phone?: string;
  facility_id?: number;
  customer_type_id?: number;
  is_kid?: boolean;
  parent_email?: string;
  /** Unix seconds at UTC midnight, or M/D/YYYY. */
  birthdate?: number | string;
  gender?: ChildGender;
}

/** What a likely duplicate shares with the customer about to be created (GET /customer/duplicates). */
export type DuplicateMatch = 'email' | 'phone' | 'name_birthdate';
export type DuplicateCustomer = CustomerSummary & { matched: DuplicateMatch[] };

/** The customer about to be created, as typed; blank fields are not compared. Birth date as M/D/YYYY. */
export interface DuplicateQuery {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  birthdate?: string;
  facility_id?: number | null;
}

type Person = Pick<CustomerSummary, 'ID' | 'first_name' | 'last_name' | 'email' | 'is_kid'>;
export interface FamilyLink {
  ID: number;
  parent_id: number;
  child_id: number;
  relation: string;
  parent: Person;
  child: Person;
}

export interface CustomerMethods {
  /** GET /customer/search/{query} (or /customer/search/deleted/{query}); facility_id for the scope. */
  searchCustomers(query: string, options?: { deleted?: boolean; facility_id?: number | null }): Promise<CustomerSummary[]>;
  /** POST /customer/reactivate/{id}. */
  reactivateCustomer(id: number): Promise<CustomerSummary>;
  /** POST /customer. */
  createCustomer(customer: NewCustomer): Promise<CustomerSummary>;
  /** GET /customer/duplicates: active customers with the same email, phone, or name and birth date. */
  findDuplicates(query: DuplicateQuery): Promise<DuplicateCustomer[]>;
  /** POST /family: the child's email becomes the parent's + '##' + the child's ID. */
  linkFamily(link: { parent_id: number; child_id: number; relation?: string }): Promise<Omit<FamilyLink, 'parent'> & { child: CustomerSummary }>;
  /** GET /family/{id}: the customer's parents and children. */
  getFamily(id: number): Promise<FamilyLink[]>;
}

export function customerMethods(apiUrl: string, client: HttpClient): CustomerMethods {
  const post = (path: string, body?: unknown) =>
    client(`${apiUrl}${path}`, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) }).then((r) => r.json);
  return {
    async searchCustomers(query, { deleted = false, facility_id } = {}) {
      const scope = facility_id ? `?facility_id=${facility_id}` : '';
      const { json } = await client(`${apiUrl}/customer/search/${deleted ? 'deleted/' : ''}${encodeURIComponent(query.trim())}${scope}`);
      return json;
    },
    reactivateCustomer: (id) => post(`/customer/reactivate/${id}`),
    createCustomer: (customer) => post('/customer', customer),
    async findDuplicates(query) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) if (value) params.set(key, String(value).trim());
      return (await client(`${apiUrl}/customer/duplicates?${params}`)).json;
    },
    linkFamily: (link) => post('/family', link),
    getFamily: async (id) => (await client(`${apiUrl}/family/${id}`)).json,
  };
}
