import { z } from 'zod';
import { customer } from './core';
import { publicInvoice } from './invoices';

// The families' portal's answers (core/api/portal.ts).

export const portalLoginAnswer = z.object({ message: z.string() });

export const portalSessionAnswer = z.object({
  token: z.string(),
  customer: z.object({ ID: z.number().int(), first_name: z.string(), last_name: z.string() }),
});

export const portalLogoutAnswer = z.never();

export const portalPasswordAnswer = z.never();

/**
 * A member of the family as the portal shows them (the account holder or a child): the staff answer's
 * customer, these fields of it. A child's email is the parent's with '##' and the child's ID (spec 1 §4);
 * waiver_signed: whether the facility's waiver is recorded as signed for this member.
 */
export const portalMember = customer.pick({
  ID: true, first_name: true, last_name: true, email: true, phone: true, address: true, state: true, country: true,
  birthdate: true, gender: true, is_kid: true, facility_id: true, waiver_signed: true,
});

export const portalMembership = z.object({
  ID: z.number().int(),
  customer_id: z.number().int(),
  product: z.string().nullable(),
  facility_id: z.number().int().nullable(),
  valid_until: z.number().int(),
  /** Still valid now. */
  active: z.boolean(),
});

export const portalMe = z.object({
  holder: portalMember,
  children: z.array(portalMember),
  memberships: z.array(portalMembership),
  /** The members whose waiver is signed (their IDs). */
  waivers: z.array(z.object({ customer_id: z.number().int(), signed: z.literal(true) })),
  /** The holder's consent that the children's data may go to HubSpot and broadcasts: when given, or null. */
  child_data_consent: z.object({ given_at: z.number().int() }).nullable(),
  /** Whether the holder has set a portal password (the mailed link works either way). */
  has_password: z.boolean(),
});

/** One dated thing of the family's schedule. */
export const portalScheduleItem = z.object({
  kind: z.enum(['booking', 'match', 'class', 'camp', 'pickup']),
  /** Stable across reads: kind and record ('match-12'). */
  uid: z.string(),
  title: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  /** The family members it concerns. */
  customer_ids: z.array(z.number().int()),
  field: z.string().nullable(),
  facility: z.object({ ID: z.number().int(), name: z.string(), address: z.string(), time_zone: z.string() }),
});

export const portalCalendarLink = z.object({ url: z.string() });

export const portalCalendarFeed = z.string();

export const portalInvoice = publicInvoice.extend({
  balance_state: z.enum(['paid', 'owed', 'refunded']),
  refunds_pending: z.number(),
  refunded: z.number(),
});

export const portalInvoiceRow = z.object({
  ID: z.number().int(),
  date: z.number().int(),
  customer_id: z.number().int(),
  facility: z.object({ name: z.string(), time_zone: z.string() }),
  total: z.number(),
  paid: z.number(),
  balance: z.number(),
  balance_state: z.enum(['paid', 'owed', 'refunded']),
});

export const portalPayment = z.object({
  status: z.literal('SUCCESS'),
  payment_id: z.number().int(),
  /** Square's payment id. */
  square_id: z.string(),
  amount: z.number(),
  balance: z.number(),
});
