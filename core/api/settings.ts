import { z } from 'zod';
import { INTEGRATION_TYPES, PRODUCT_CATEGORIES, STORED_MIDNIGHT } from '../constants';
import { updateOf } from '../validation/updateOf';
import { recordId as queryId } from '../validation/wire';
import { crudEndpoints } from './crud';
import * as answers from './answers/settings';

// References and settings (spec 1 §3, §7): facilities, taxes, fees, fields, field types, age groups,
// seasons, GLs, product types and integrations, each declared by one crudEndpoints (./crud.ts) with
// its bodies and its list's sorting, search and filters. The server serves them through its crud
// helper (server/routes/settings.ts).

// ——— Answers ———

export type Facility = z.output<typeof answers.facility>;
/** A tax or a fee: value is a percent (8.875 is 8.875 %). */
export type NamePercent = z.output<typeof answers.namePercent>;
export type Field = z.output<typeof answers.field>;
export type FieldType = z.output<typeof answers.fieldType>;
/** An age group or a season. */
export type Named = z.output<typeof answers.named>;
export type ProductType = z.output<typeof answers.productType>;
/** A GL with its product type and season (null when it has none). */
export type Gl = z.output<typeof answers.gl>;
/** An integration: its settings as an object, secrets masked (••••1234) to everyone but admins. */
export type Integration = z.output<typeof answers.integration>;

// ——— Bodies ———

/** Trimmed text that must not be empty. */
export const requiredText = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .trim()
  .min(1, 'is required')
  .max(200, 'is too long (200 characters at most)');

// An update's body: every field optional, without its default (core/validation/updateOf.ts).
export { updateOf };

/** A percent: 8.875 means 8.875 %. */
const percent = z
  .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number (a percent)') })
  .min(0, 'cannot be negative')
  .max(100, 'is a percent and cannot be more than 100');

/** A fraction entered by the browser as a percent divided by 100 (0.08875 is 8.875 %). */
const fraction = z
  .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number (a fraction)') })
  .min(0, 'cannot be negative')
  .max(1, 'is a fraction and cannot be more than 1 (100 %)');

const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'must be a time zone such as America/New_York');

const flag = z.boolean({ error: 'must be true or false' });
/** One of `values`: 'is required' when missing, else what it may be. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (issue.input === undefined ? 'is required' : `must be one of ${values.join(', ')}`) });
const wholeNumber = (what: string) =>
  z.number({ error: (issue) => (issue.input === undefined ? 'is required' : `must be ${what}`) }).int(`must be ${what}`);
const recordId = wholeNumber('a record ID').positive('must be a record ID');

/**
 * A time of day in decimal hours (18.5 is 18:30), in quarter hours from 0 to 24. A close time of 24
 * means midnight and 0 means closed; 23.99, the form in which the seed and the field dialog store
 * midnight, is accepted too. Values are stored as received: readers take 23.99 and above as midnight.
 */
const hour = z
  .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number of hours') })
  .refine((h) => h === STORED_MIDNIGHT || (h >= 0 && h <= 24 && Number.isInteger(h * 4)),
    'must be a time from 0 to 24 in quarter hours (18.5 is 18:30; 24 means midnight)');

// Taxes and fees (spec 1 §3): a name and a value in percent, the same shape and rules.
const namePercent = z.strictObject({ name: requiredText, value: percent });

const facility = z.strictObject({
  name: requiredText,
  nickname: requiredText,
  address: requiredText,
  tax_rate: fraction,
  processing_fee: fraction.default(0),
  time_zone: timeZone.default('America/New_York'),
  active: z.boolean().default(true),
});

const field = z.strictObject({
  number: wholeNumber('a whole number').nonnegative('cannot be negative'),
  name: requiredText,
  new_field_type_id: recordId.nullable().optional(),
  facility_id: recordId,
  /** Split fields: the full field this one is a part of (a half). */
  parent_field_id: recordId.nullable().optional(),
  weekday_open_time: hour,
  weekday_close_time: hour,
  weekend_open_time: hour,
  weekend_close_time: hour,
  weekday_peak_time_start: hour,
  weekday_peak_time_end: hour,
  weekend_peak_time_start: hour,
  weekend_peak_time_end: hour,
});

const fieldType = z.strictObject({
  name: requiredText,
  capacity: wholeNumber('a whole number of players').nonnegative('cannot be negative'),
  is_outdoors: flag.default(false),
  available_online: flag.default(false),
  is_soccer: flag.default(true),
});

const named = z.strictObject({ name: requiredText });

const gl = z.strictObject({
  code: requiredText,
  product_type_id: recordId,
  season_id: recordId.nullable().default(null),
});

const productType = z.strictObject({
  name: requiredText,
  category: oneOf(PRODUCT_CATEGORIES),
  reporting: z.string().trim().max(200).default(''),
  gl: z.string().trim().max(50).default(''),
  ranking: wholeNumber('a whole number').default(0),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #3f51b5').default('#3f51b5'),
  showInCalendar: flag.default(false),
  allow_for_contract: flag.default(false),
});

/** An integration's settings are checked against its type by the server (the masked secrets it keeps). */
const integration = z.strictObject({
  name: requiredText,
  type: oneOf(INTEGRATION_TYPES),
  facility_id: wholeNumber('a facility ID (999999 for all)').positive('must be a facility ID (999999 for all)'),
  data: z.record(z.string(), z.unknown(), { error: 'must be an object with the settings of the type' }),
});

// ——— The entities ———

const stamped = ['CreatedAt', 'UpdatedAt'] as const;

/** GET /taxes; POST /tax; GET, PUT, DELETE /tax/{id}. */
export const taxes = crudEndpoints<NamePercent>()('taxes', {
  paths: { list: '/taxes', item: '/tax' },
  create: namePercent,
  update: updateOf(namePercent),
  list: { searchable: true, sortable: ['ID', 'name', 'value', ...stamped], defaultSort: ['name', 'ASC'] },
  answer: answers.namePercent,
});

/** GET /fees; POST /fee; GET, PUT, DELETE /fee/{id}. */
export const fees = crudEndpoints<NamePercent>()('fees', {
  paths: { list: '/fees', item: '/fee' },
  create: namePercent,
  update: updateOf(namePercent),
  list: { searchable: true, sortable: ['ID', 'name', 'value', ...stamped], defaultSort: ['name', 'ASC'] },
  answer: answers.namePercent,
});

/**
 * GET /facility; POST /facility; GET, PUT, DELETE /facility/{id}. Non-admins see and edit only their
 * own facility (the scope column of a facility is its own ID); only admins create or delete.
 */
export const facilities = crudEndpoints<Facility>()('facilities', {
  paths: { list: '/facility', item: '/facility' },
  create: facility,
  update: updateOf(facility),
  list: { searchable: true, sortable: ['ID', 'name', 'nickname'], defaultSort: ['ID', 'ASC'] },
  facilityScoped: 'ID',
  answer: answers.facility,
});

/**
 * GET /facility/fields?facility_id=; POST /field; GET, PUT, DELETE /field/{id}. Non-admins read and
 * write only their own facility's fields.
 */
export const fields = crudEndpoints<Field>()('fields', {
  paths: { list: '/facility/fields', item: '/field' },
  create: field,
  update: updateOf(field),
  list: { searchable: true, filters: { new_field_type_id: queryId() }, sortable: ['ID', 'number', 'name', 'facility_id'], defaultSort: ['number', 'ASC'] },
  facilityScoped: 'facility_id',
  answer: answers.field,
});

/** GET /field-type; POST /field-type; GET, PUT, DELETE /field-type/{id}. */
export const fieldTypes = crudEndpoints<FieldType>()('field_types', {
  paths: { list: '/field-type', item: '/field-type' },
  create: fieldType,
  update: updateOf(fieldType),
  list: { searchable: true, sortable: ['ID', 'name', 'capacity'], defaultSort: ['name', 'ASC'] },
  answer: answers.fieldType,
});

/** GET /age-group; POST /age-group; GET, PUT, DELETE /age-group/{id}. */
export const ageGroups = crudEndpoints<Named>()('age_groups', {
  paths: { list: '/age-group', item: '/age-group' },
  create: named,
  update: updateOf(named),
  list: { searchable: true, sortable: ['ID', 'name'], defaultSort: ['ID', 'ASC'] },
  answer: answers.named,
});

/** GET /season (the spec's call), and POST /season, GET, PUT, DELETE /season/{id}. */
export const seasons = crudEndpoints<Named>()('seasons', {
  paths: { list: '/season', item: '/season' },
  create: named,
  update: updateOf(named),
  list: { searchable: false, sortable: ['ID', 'name'], defaultSort: ['ID', 'ASC'] },
  answer: answers.named,
});

/** GET /gl (each with its product_type and season); POST /gl; GET, PUT, DELETE /gl/{id}. */
export const gls = crudEndpoints<Gl>()('gls', {
  paths: { list: '/gl', item: '/gl' },
  label: 'GL',
  create: gl,
  update: updateOf(gl),
  list: {
    searchable: true,
    filters: { product_type_id: queryId(), season_id: queryId() },
    sortable: ['ID', 'code', 'product_type_id', 'season_id'],
    defaultSort: ['code', 'ASC'],
  },
  answer: answers.gl,
});

/** GET /product/types; POST /product/types; GET, PUT, DELETE /product/types/{id}. */
export const productTypes = crudEndpoints<ProductType>()('product_types', {
  paths: { list: '/product/types', item: '/product/types' },
  label: 'Product type',
  create: productType,
  update: updateOf(productType),
  list: { searchable: true, filters: { category: z.enum(PRODUCT_CATEGORIES) }, sortable: ['ID', 'name', 'category', 'ranking', 'gl'], defaultSort: ['ranking', 'ASC'] },
  answer: answers.productType,
});

/**
 * GET /integration; POST /integration; GET, PUT, DELETE /integration/{id}. Admins and managers; a
 * manager reads and writes only their own facility's integrations (those for ALL, 999999, are admins').
 */
export const integrations = crudEndpoints<Integration>()('integrations', {
  paths: { list: '/integration', item: '/integration' },
  create: integration,
  update: updateOf(integration),
  list: { searchable: true, filters: { type: z.enum(INTEGRATION_TYPES) }, sortable: ['ID', 'name', 'type', 'facility_id'], defaultSort: ['name', 'ASC'] },
  facilityScoped: 'facility_id',
  answer: answers.integration,
});
