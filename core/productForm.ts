// The base product form's rules (spec 3 §5): which fields a product asks for follows its GL — the
// category of the GL's product type and the GL code's prefix. The server validates with the same
// schema the form does, so both refuse the same input with the same words.
import { z } from 'zod';
import type { PRODUCT_CATEGORIES } from './constants';
import { isWholeCents, MAX_DOLLARS } from './money';

export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const PRICE_KEYS = [
  'base_price', 'full_price', 'team_price', 'deposit_price', 'early_bird_price', 'individual_price', 'peak_price', 'off_peak_price',
] as const;
export type PriceKey = (typeof PRICE_KEYS)[number];

/** Seconds per unit of the duration the form asks for. */
export const DURATION_UNIT = { minutes: 60, days: 86400 } as const;
export type DurationUnit = keyof typeof DURATION_UNIT;

export const PRODUCT_MESSAGES = {
  required: 'Required',
  negative: 'Must be at least 0',
  cents: 'An amount has at most two decimals',
  tooMuch: 'Must be at most $1,000,000.00',
  amount: 'Must be an amount in dollars',
  baseOrPeak: 'Enter a base price, or both peak and off-peak prices',
  fieldTypes: 'Pick at least one field type',
  minutes: 'Must be a whole number of minutes above 0',
  days: 'Must be a whole number of days above 0',
  tooLong: 'Is too long (200 characters at most)',
} as const;

/** What a GL asks of its products. */
export interface ProductFormRules {
  /** The prices shown, each true when required. */
  prices: Partial<Record<PriceKey, boolean>>;
  /** Rentals: a base price, or both the peak and the off-peak price. */
  baseOrPeak: boolean;
  /** Rentals: the field types it can be booked on (at least one). */
  fieldTypes: boolean;
  /** The length sold, entered in minutes (rentals) or days (memberships, GL prefix 60); stored in seconds. */
  duration: DurationUnit | null;
  /** Classes: the optional prorate flag. */
  prorate: boolean;
}

/** The GL a product is filed under, as far as the form's rules go. */
export interface GlKind {
  code: string;
  category: ProductCategory;
}

const PREFIX_PRICES: Array<[readonly string[], PriceKey[]]> = [
  [['01', '11', '15', '04'], ['deposit_price', 'full_price']],
  [['02', '03', '12', '13'], ['deposit_price', 'early_bird_price', 'individual_price', 'full_price']],
  [['14'], ['individual_price']],
];

export function productFormRules({ code, category }: GlKind): ProductFormRules {
  const rules: ProductFormRules = { prices: {}, baseOrPeak: false, fieldTypes: false, duration: null, prorate: false };
  // A price asked for by two rules is required if either requires it.
  const ask = (keys: PriceKey[], required: boolean) => {
    for (const key of keys) rules.prices[key] = (rules.prices[key] ?? false) || required;
  };
  const prefix = code.slice(0, 2);

  if (category === 'rental' || prefix === '10') {
    Object.assign(rules, { fieldTypes: true, duration: 'minutes', baseOrPeak: true });
    ask(['base_price', 'peak_price', 'off_peak_price'], false);
  }
  if (category === 'class') {
    ask(['base_price'], true);
    rules.prorate = true;
  }
  // A tournament sells team entries the way a league does.
  if (category === 'league' || category === 'tournament') {
    ask(['team_price'], true);
    ask(['early_bird_price', 'individual_price', 'deposit_price'], false);
  }
  if (prefix === '60') {
    rules.duration = 'days';
    // The spec names only the duration; a membership still needs a price to be sold.
    ask(['base_price'], true);
  }
  if (['41', '42', '14'].includes(prefix)) ask(['base_price'], true);
  for (const [prefixes, keys] of PREFIX_PRICES) if (prefixes.includes(prefix)) ask(keys, true);

  // A GL no rule speaks of (a blocker…) still has a price, which may stay empty.
  if (Object.keys(rules.prices).length === 0) ask(['base_price'], false);
  return rules;
}

// Schemas -----------------------------------------------------------------------------------------

/** An empty input (null or '') counts as missing. */
const blankToUndefined = (value: unknown) => (value === null || value === '' ? undefined : value);
const optionalIf = <T extends z.ZodType>(schema: T, required: boolean) =>
  z.preprocess(blankToUndefined, required ? schema : schema.optional());

const missingOr = (message: string) => (issue: { input: unknown }) => (issue.input === undefined ? PRODUCT_MESSAGES.required : message);

/** A price in dollars, at most two decimals, not negative. */
export const priceSchema = z
  .number({ error: missingOr(PRODUCT_MESSAGES.amount) })
  .min(0, PRODUCT_MESSAGES.negative)
  .max(MAX_DOLLARS, PRODUCT_MESSAGES.tooMuch)
  .refine(isWholeCents, PRODUCT_MESSAGES.cents);

const recordId = z.number({ error: missingOr('Must be a record ID') }).int('Must be a record ID').positive('Must be a record ID');

const durationSchema = (unit: DurationUnit) => {
  const message = PRODUCT_MESSAGES[unit];
  return z.number({ error: missingOr(message) }).int(message).positive(message).refine((s) => s % DURATION_UNIT[unit] === 0, message);
};

/** The product's own fields: a name and a GL. */
export const productBaseShape = {
  name: z.preprocess(blankToUndefined, z.string({ error: missingOr('Must be text') }).trim().min(1, PRODUCT_MESSAGES.required).max(200, PRODUCT_MESSAGES.tooLong)),
  gl_id: z.preprocess(blankToUndefined, recordId),
};

/**
 * The schema of a product filed under a GL with these rules, in wire form (prices in dollars,
 * duration in seconds). Fields the rules do not show are left alone (not checked, not kept).
 */
export function productSchema(rules: ProductFormRules) {
  const shape: Record<string, z.ZodType> = { ...productBaseShape };
  for (const [key, required] of Object.entries(rules.prices)) shape[key] = optionalIf(priceSchema, required);
  if (rules.duration) shape.duration = optionalIf(durationSchema(rules.duration), true);
  if (rules.fieldTypes) {
    shape.field_types = z.array(recordId, { error: missingOr(PRODUCT_MESSAGES.fieldTypes) }).min(1, PRODUCT_MESSAGES.fieldTypes);
  }
  if (rules.prorate) shape.prorate = z.boolean().optional();
  return z.object(shape).superRefine((values, ctx) => {
    const peakPair = values.peak_price !== undefined && values.off_peak_price !== undefined;
    if (!rules.baseOrPeak || values.base_price !== undefined || peakPair) return;
    for (const key of ['base_price', 'peak_price', 'off_peak_price'] as const) {
      if (key === 'base_price' || values[key] === undefined) ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.baseOrPeak, path: [key] });
    }
  });
}

/** The form's errors by field (the first message of each), empty when the values are valid. */
export function productFormErrors(values: Record<string, unknown>, rules: ProductFormRules): Record<string, string> {
  const result = productSchema(rules).safeParse(values);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
