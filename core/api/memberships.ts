import { z } from 'zod';
import { jsonRecordId } from '../validation/ids';
import { dollars, idParam, specMessageOr } from '../validation/wire';
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
/** A positive whole number (an ID, an instant), else the spec's `message`. */
const specId = (message: string) => z.number({ error: message }).int(message).positive(message);

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
    sub_customer_id: jsonRecordId(SELECT_FAMILY_MEMBER),
    /** Whose profile sells it, and who is invoiced. */
    member_customer_id: jsonRecordId(MEMBERSHIP_NOT_ADDED),
    new_product_id: jsonRecordId(MEMBERSHIP_NOT_ADDED),
    /** Dollars; above zero unless free. */
    amount: dollars.optional(),
    is_free: z.boolean().default(false),
    /** Defaults to now plus the product's duration (a year when it has none); else SELECT_VALID_DATE. */
    valid_until: z.unknown().optional(),
  }).superRefine(({ is_free, amount }, ctx) => {
    if (!is_free && !(amount !== undefined && amount > 0)) ctx.addIssue({ code: 'custom', path: ['amount'], message: AMOUNT_ABOVE_ZERO });
  }),
  describe: specMessageOr([SELECT_FAMILY_MEMBER, MEMBERSHIP_NOT_ADDED, AMOUNT_ABOVE_ZERO]),
  answer: answers.createMembershipAnswer,
});

export const editMembership = endpoint<MembershipRow>()({
  method: 'PUT',
  path: '/membership/{id}',
  summary: 'Transfers a membership to another holder or changes its end (admins and managers)',
  permission: { resource: 'memberships', action: 'edit' },
  params: idParam,
  // Each with the spec's message; the handler checks the date's range and the holder's access too.
  body: z.strictObject({ sub_customer_id: specId(SELECT_VALID_CUSTOMER).optional(), valid_until: specId(SELECT_VALID_DATE).optional() }),
  describe: specMessageOr([SELECT_VALID_CUSTOMER, SELECT_VALID_DATE]),
  answer: answers.membershipRow,
});
