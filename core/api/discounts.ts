import { z } from 'zod';
import { recordId, facilityFilterId } from '../validation/wire';
import { crudEndpoints } from './crud';
import { updateOf } from './settings';

// Discounts and discount rules (spec 1 §2, §3, §4, §7; spec 2 §3).

// ——— Answers ———

/** A rule with its discount, facility and product type (the spec's discount, facility, product_type), null where it names none. */
export interface DiscountRule {
  ID: number; discount_id: number; facility_id: number | null; product_type_id: number | null; start_date: number; end_date: number; comment: string;
  CreatedAt: number; UpdatedAt: number;
  discount: { ID: number; name: string; is_percentage: boolean; expired: boolean } | null;
  facility: { ID: number; name: string } | null;
  product_type: { ID: number; name: string } | null;
}

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
  create: ruleFields.refine(endsAfterStart, { message: 'must be after start_date', path: ['end_date'] }),
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
});
