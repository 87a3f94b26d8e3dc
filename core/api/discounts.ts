import { z } from 'zod';
import { isWholeCents, MAX_DOLLARS, TOO_MUCH } from '../money';
import { listQuery } from '../validation/listQuery';
import { describeIssues, dollars, facilityFilterId, idParam, queryBool, recordId, specMessageOr } from '../validation/wire';
import { crudEndpoints } from './crud';
import { endpoint } from './endpoint';
import { entity } from './entity';
import type { Invoice } from './invoices';
import { requiredText, updateOf } from './settings';
import * as answers from './answers/discounts';

// Discounts, discount rules and discounts on invoices (spec 1 §2, §3, §4, §6, §7; spec 2 §3, §7).
// - GET /discount: active discounts; ?expired=1 (or filter {"expired":true}) lists the expired ones too.
// - POST /discount (admins): name, is_percentage, value — a percent (more than 0, at most 100) or a
//   fixed amount in dollars (more than 0, whole cents). Answered with `value` meaning the percent or
//   the dollars.
// - PUT /discount/{id}?expired=1 (admins and managers): active → expired; an expired discount has no
//   further expire action (409). Nothing else about a discount changes once made.
// - DELETE /discount/{id} (admins): only a discount never applied to an invoice (else 409: expire it).
// - GET, POST /discount/rule; GET, PUT, DELETE /discount/rule/{id}: a discount offered at a facility for
//   a product type between two instants.
// - GET /discount/apply/offers?invoice_id, POST /discount/apply, DELETE /discount/apply/{id}: the
//   discounts of an invoice.

export const DISCOUNT_MESSAGES = {
  alreadyExpired: 'This discount has already expired',
  onlyExpire: 'A discount cannot be changed, only expired: send PUT /discount/{id}?expired=1',
  applied: 'This discount has been applied to invoices and cannot be deleted; expire it instead',
  expiredDiscount: 'This discount has expired: rules can only offer an active discount',
  endBeforeStart: 'end_date: must be after the start',
} as const;

export const APPLY_MESSAGES = {
  manual: 'A manual discount needs an amount and a comment',
  expired: 'This discount has expired',
  overBalance: 'The discount cannot be greater than the invoice balance',
  zero: 'Amount cannot be 0',
} as const;

// ——— Answers ———

/** A discount: `value` is the percent (is_percentage) or the amount in dollars. */
export type Discount = z.output<typeof answers.discount>;
/** A discount an invoice may take: those a rule offers for its facility, product type and date first. */
export type DiscountOffer = z.output<typeof answers.discountOffer>;

/** A rule with its discount, facility and product type (the spec's discount, facility, product_type), null where it names none. */
export type DiscountRule = z.output<typeof answers.discountRule>;

// ——— Rules ———

const positiveId = (what: string) =>
  z.number({ error: `must be ${what} ID` }).int(`must be ${what} ID`).positive(`must be ${what} ID`);
const instant = z
  .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a date (unix seconds)') })
  .int('must be a date (unix seconds)')
  .nonnegative('must be a date (unix seconds)');

const ruleFields = z.strictObject({
  discount_id: positiveId('a discount'),
  facility_id: positiveId('a facility'),
  product_type_id: positiveId('a product type'),
  start_date: instant,
  end_date: instant,
  comment: z.string({ error: 'must be text' }).trim().max(1000, 'is too long (1000 characters at most)').default(''),
});

/** Whether a rule (or the part of one an edit sends) ends after it starts. */
export const endsAfterStart = (rule: { start_date?: number; end_date?: number }) =>
  rule.start_date === undefined || rule.end_date === undefined || rule.end_date > rule.start_date;

/**
 * GET /discount/rule; POST /discount/rule; GET, PUT, DELETE /discount/rule/{id}: a discount offered at a
 * facility for a product type between two instants. Admins write; everyone else reads their own
 * facility's rules. `q` matches the comment or the discount's name.
 */
export const discountRules = crudEndpoints<DiscountRule>()('discount_rules', {
  paths: { list: '/discount/rule', item: '/discount/rule' },
  create: ruleFields.refine(endsAfterStart, { message: 'must be after the start', path: ['end_date'] }),
  update: updateOf(ruleFields),
  list: {
    searchable: true,
    filters: {
      discount_id: recordId('must be a discount ID'),
      facility_id: facilityFilterId('must be 0 (all) or a facility ID'),
      product_type_id: recordId('must be a product type ID'),
    },
    sortable: ['ID', 'start_date', 'end_date', 'discount_id', 'facility_id', 'product_type_id'],
    defaultSort: ['start_date', 'DESC'],
  },
  facilityScoped: 'facility_id',
  facilityFilter: 'facility_id',
  answer: answers.discountRule,
});

// ——— Discounts ———

/** The columns the discounts list sorts by. */
export const DISCOUNT_SORTS = ['ID', 'name', 'is_percentage', 'expired', 'CreatedAt'] as const;

export const discountList = endpoint<Discount[]>()({
  method: 'GET',
  path: '/discount',
  summary: 'The active discounts, or every one with expired=1 (q, filters, sort and range; Content-Range tells the total)',
  permission: { resource: 'discounts', action: 'list' },
  query: listQuery({ sortable: DISCOUNT_SORTS, defaultSort: ['name', 'ASC'], filters: { expired: queryBool, is_percentage: queryBool }, searchable: true }),
  answer: answers.discount.array(),
});

export const getDiscount = endpoint<Discount>()({
  method: 'GET',
  path: '/discount/{id}',
  summary: 'One discount',
  permission: { resource: 'discounts', action: 'show' },
  params: idParam,
  answer: answers.discount,
});

export const createDiscount = endpoint<Discount>()({
  method: 'POST',
  path: '/discount',
  summary: 'Adds a discount: a percentage (more than 0, at most 100) or a fixed amount in dollars (admins)',
  permission: { resource: 'discounts', action: 'create' },
  status: 201,
  body: z
    .strictObject({
      name: requiredText,
      is_percentage: z.boolean({ error: 'must be true (a percentage) or false (a fixed amount)' }),
      value: z.number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number') }),
    })
    .superRefine(({ is_percentage, value }, ctx) => {
      const problem = is_percentage
        ? !(value > 0 && value <= 100) && 'is a percentage: more than 0 and at most 100'
        : !(value > 0) ? 'is an amount in dollars: more than 0' : !isWholeCents(value) ? 'is an amount in dollars: at most two decimals'
          : value > MAX_DOLLARS && `is an amount in dollars: ${TOO_MUCH}`;
      if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
    }),
  answer: answers.discount,
});

export const expireDiscount = endpoint<Discount>()({
  method: 'PUT',
  path: '/discount/{id}',
  summary: 'Expires an active discount (?expired=1, no body): nothing else about a discount changes (admins and managers)',
  permission: { resource: 'discounts', action: 'expire' },
  params: idParam,
  query: z.strictObject({ expired: queryBool.optional() }),
  // None is sent; one with any field is refused.
  body: z.strictObject({}).optional(),
  // Anything but ?expired=1 without a body is an attempt to change the discount.
  describe: (error) => (error.issues.some((issue) => issue.code === 'unrecognized_keys' || issue.path.length === 0) ? DISCOUNT_MESSAGES.onlyExpire : describeIssues(error)),
  answer: answers.discount,
});

export const deleteDiscount = endpoint<Discount>()({
  method: 'DELETE',
  path: '/discount/{id}',
  summary: 'Deletes a discount never applied to an invoice (admins; else expire it)',
  permission: { resource: 'discounts', action: 'delete' },
  params: idParam,
  answer: answers.discount,
});

// ——— On invoices ———

export const discountOffers = endpoint<DiscountOffer[]>()({
  method: 'GET',
  path: '/discount/apply/offers',
  summary: "The active discounts, those a rule offers for the invoice's facility, product type and date first",
  permission: { resource: 'invoice_discounts', action: 'list' },
  query: z.strictObject({ invoice_id: recordId('must be an invoice ID') }),
  answer: answers.discountOffer.array(),
});

export const applyDiscount = endpoint<Invoice>()({
  method: 'POST',
  path: '/discount/apply',
  summary: 'Takes a discount off an invoice: one of /discount, or a manual one (discount_id -1, amount and comment); never more than the balance. Answers the invoice',
  permission: { resource: 'invoice_discounts', action: 'apply' },
  status: 201,
  body: z.strictObject({
    invoice_id: z.number({ error: 'must be an invoice ID' }).int().positive('must be an invoice ID'),
    discount_id: z.number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a discount ID, or -1 for a manual discount') })
      .int().min(-1).refine((v) => v !== 0, 'must be a discount ID, or -1 for a manual discount'),
    amount: dollars.optional(),
    comment: z.string().trim().max(1000, 'is too long (1000 characters at most)').optional(),
  }).superRefine(({ discount_id, amount, comment }, ctx) => {
    // A manual discount (-1) is its amount and comment: both, and an amount above zero.
    if (discount_id !== -1) return;
    if (amount === undefined || !comment) ctx.addIssue({ code: 'custom', message: APPLY_MESSAGES.manual });
    else if (amount <= 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: APPLY_MESSAGES.zero });
  }),
  describe: specMessageOr([APPLY_MESSAGES.manual, APPLY_MESSAGES.zero]),
  answer: answers.invoice,
});

export const removeDiscount = endpoint<Invoice>()({
  method: 'DELETE',
  path: '/discount/apply/{id}',
  summary: 'Removes a discount from an invoice (admins). Answers the invoice',
  permission: { resource: 'invoice_discounts', action: 'remove' },
  params: idParam,
  answer: answers.invoice,
});

/** The discount entity (/discount): never edited, only expired (expireDiscount). */
export const discountEntity = entity({ resource: 'discount', label: 'Discount', list: discountList, one: getDiscount, create: createDiscount, delete: deleteDiscount });
