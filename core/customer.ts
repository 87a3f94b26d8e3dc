// The customer as the API answers it (spec 1 §7): the one Customer type of browser and server. Screens
// that need less take a view of it (Pick), named here when several share it.

export interface Customer {
  ID: number;
  first_name: string;
  last_name: string;
  /** A child's is its parent's followed by '##' and the child's ID (core/validation isKidCustomer). */
  email: string;
  phone: string;
  address: string;
  state: string;
  country: string;
  /** Boy or Girl for children; as the CRM has it for adults. */
  gender: string;
  is_kid: boolean;
  parent_email: string;
  /** Midnight UTC of the birth date, in unix seconds. */
  birthdate: number | null;
  facility_id: number;
  /** 1 for adults created by staff. */
  customer_type_id: number;
  /** Credit balance in dollars. */
  credits: number;
  note: string;
  /** Path or URL of the profile photo. */
  photo: string | null;
  waiver_signed: boolean;
  /** The contact's id in the CRM, when known. */
  hubspot_id: string | null;
  /** Set when the customer is deleted (or merged away); reactivation clears it. */
  deleted_at: number | null;
  /** When the customer unsubscribed from broadcast e-mail (the link in each broadcast); null while subscribed. */
  unsubscribed_at?: number | null;
  CreatedAt: number;
  UpdatedAt: number;
}

/** A customer as others name it: an event's customer, a family member, a membership's holder. */
export type CustomerName = Pick<Customer, 'ID' | 'first_name' | 'last_name'>;

/**
 * A customer as search, creation and reactivation answer it: the contact and family fields (no
 * credits, notes or CRM data) and the facility's ID and name.
 */
export type CustomerSummary = Pick<Customer,
  'ID' | 'first_name' | 'last_name' | 'email' | 'phone' | 'birthdate' | 'gender' | 'address' | 'state' | 'country' | 'is_kid'
  | 'parent_email' | 'customer_type_id' | 'facility_id' | 'deleted_at'> & { facility: { ID: number; name: string } };
