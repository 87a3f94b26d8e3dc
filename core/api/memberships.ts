import { z } from 'zod';
import { jsonRecordId } from '../validation/ids';
import { dollars, idParam } from '../validation/wire';
import { endpoint } from './endpoint';
import * as answers from './answers/memberships';

// Memberships (spec 1 §3, §5, §7): the valid memberships of some customers, the membership products,
// selling one (free for admins), and transferring or extending one.

export const SELECT_FAMILY_MEMBER = 'Please select a family member';
export const MEMBERSHIP_NOT_ADDED = "We couldn't add the membership";
export const SELECT_VALID_CUSTOMER = 'Please select a valid customer';
export const SELECT_VALID_DATE = 'Please select a valid date';
export const PROBLEM = 'A problem happened';
export const AMOUNT_ABOVE_ZERO = 'The amount must be above zero';
export const NOT_A_MEMBERSHIP = 'Please select a membership product';

const id = jsonRecordId();

export type MembershipRow = z.output<typeof answers.membershipRow>;

export type MembershipProduct = z.output<typeof answers.membershipProduct>;

export const activeMemberships = endpoint<MembershipRow[]>()({
  method: 'POST',
  path: '/memberships/active',
  summary: 'The valid memberships held by the given customers',
  permission: { resource: 'memberships', action: 'list' },
  body: z.strictObject({ customer_ids: z.array(id).max(1000) }),
  answer: answers.membershipRow.array(),
});

export const membershipProducts = endpoint<MembershipProduct[]>()({
  method: 'GET',
  path: '/membership/products',
  summary: 'The membership products (GL under product type 18) the Add new membership dialog offers',
  permission: { resource: 'memberships', action: 'create' },
  answer: answers.membershipProduct.array(),
});

export const createMembership = endpoint<MembershipRow & { invoice: { ID: number; total: number } | null }>()({
  method: 'POST',
  path: '/membership',
  summary: 'Sells a membership (its invoice unless free; free only for admins)',
  permission: { resource: 'memberships', action: 'create' },
  status: 201,
  body: z.strictObject({
    /** The holder: the customer or one of their family (else SELECT_FAMILY_MEMBER). */
    sub_customer_id: id.optional(),
    /** Whose profile sells it, and who is invoiced (else MEMBERSHIP_NOT_ADDED). */
    member_customer_id: id.optional(),
    new_product_id: id,
    /** Dollars; above zero unless free. */
    amount: dollars.optional(),
    is_free: z.boolean().default(false),
    /** Defaults to now plus the product's duration (a year when it has none); else SELECT_VALID_DATE. */
    valid_until: z.unknown().optional(),
  }),
  answer: answers.createMembershipAnswer,
});

export const editMembership = endpoint<MembershipRow>()({
  method: 'PUT',
  path: '/membership/{id}',
  summary: 'Transfers a membership to another holder or changes its end (admins and managers)',
  permission: { resource: 'memberships', action: 'edit' },
  params: idParam,
  // Checked by the handler, each with the spec's message (SELECT_VALID_CUSTOMER, SELECT_VALID_DATE).
  body: z.strictObject({ sub_customer_id: z.unknown().optional(), valid_until: z.unknown().optional() }),
  answer: answers.membershipRow,
});
