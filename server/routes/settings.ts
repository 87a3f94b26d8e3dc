import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_PATHS } from '../../core/entities';
import { FACILITY, INTEGRATION_TYPES, PRODUCT_CATEGORIES } from '../../core/constants';
import { STORED_MIDNIGHT } from '../../core/time';
import type { SessionUser } from '../auth/session';
import type { Db, Tx } from '../db/client';
import {
  ageGroups, facilities, fees, fieldTypes, fields, gls, integrations, productTypes, seasons, taxes,
} from '../db/schema';
import { declareCrud, type CrudDeclaration, type CrudSpec, type CrudTable, type WireRow } from '../http/crud';
import { badRequest } from '../http/errors';
import { nest } from '../http/nest';
import { parse } from '../http/validate';
import { recordId as queryId } from '../../core/validation/wire';
import { audited } from '../services/changelog';

// The simple entities (references and settings, spec 1 §7), each declared through the crud helper by
// one `entity({...})`, which also registers it: server/routes/index.ts registers crudRoutes, that is
// every declaration of this file.

const DECLARED: CrudDeclaration[] = [];

/** Declares a simple entity's routes (server/http/crud.ts); crudRoutes registers them. */
function entity<T extends CrudTable>(spec: CrudSpec<T>): void {
  DECLARED.push(declareCrud(spec));
}

/** Every entity of this file: GET list, POST item, GET, PUT, DELETE item/{id} at core/entities.ts paths. */
export async function crudRoutes(app: FastifyInstance) {
  for (const register of DECLARED) register(app);
}

/** Trimmed text that must not be empty. */
const requiredText = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .trim()
  .min(1, 'is required')
  .max(200, 'is too long (200 characters at most)');

/** A percent: 8.875 means 8.875 %. */
const percent = z
  .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number (a percent)') })
  .min(0, 'cannot be negative')
  .max(100, 'is a percent and cannot be more than 100');

/**
 * The body of an update: every field optional and without its default, so that a field left out
 * stays as it is (zod's .partial() would still fill in defaults).
 */
function updateOf(schema: z.ZodObject): z.ZodType<WireRow> {
  const shape = Object.fromEntries(Object.entries(schema.shape).map(([key, field]) =>
    [key, (field instanceof z.ZodDefault ? field.unwrap() : field).optional()]));
  return z.strictObject(shape);
}

// Taxes and fees (spec 1 §3): a name and a value in percent, the same shape and rules.
const namePercent = z.strictObject({ name: requiredText, value: percent });

function namePercentEntity(resource: 'taxes' | 'fees', table: typeof taxes | typeof fees) {
  entity({
    resource,
    table,
    onChange: audited(API_PATHS[resource].item.slice(1)),
    create: namePercent,
    update: updateOf(namePercent),
    searchable: ['name'],
    sortable: ['ID', 'name', 'value', 'CreatedAt', 'UpdatedAt'],
    defaultSort: ['name', 'ASC'],
  });
}

/** GET /taxes; POST /tax; GET, PUT, DELETE /tax/{id}. */
namePercentEntity('taxes', taxes);
/** GET /fees; POST /fee; GET, PUT, DELETE /fee/{id}. */
namePercentEntity('fees', fees);

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

const facility = z.strictObject({
  name: requiredText,
  nickname: requiredText,
  address: requiredText,
  tax_rate: fraction,
  processing_fee: fraction.default(0),
  time_zone: timeZone.default('America/New_York'),
  active: z.boolean().default(true),
});

/**
 * GET /facility; POST /facility; GET, PUT /facility/{id}. Non-admins see and edit only their own
 * facility (the scope column of a facility is its own ID); only admins create or delete.
 */
entity({
  resource: 'facilities',
  table: facilities,
  create: facility,
  update: updateOf(facility),
  searchable: ['name', 'nickname', 'address'],
  sortable: ['ID', 'name', 'nickname'],
  defaultSort: ['ID', 'ASC'],
  facilityScoped: 'ID',
  onChange: audited('facility'),
});

// ---------------------------------------------------------------------------------------------------
// Fields, field types, age groups, seasons, GLs, product types and integrations.

const flag = z.boolean({ error: 'must be true or false' });
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
  category: z.enum(PRODUCT_CATEGORIES, { error: `must be one of ${PRODUCT_CATEGORIES.join(', ')}` }),
  reporting: z.string().trim().max(200).default(''),
  gl: z.string().trim().max(50).default(''),
  ranking: wholeNumber('a whole number').default(0),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #3f51b5').default('#3f51b5'),
  showInCalendar: flag.default(false),
  allow_for_contract: flag.default(false),
});

/**
 * GET /facility/fields?facility_id=; POST /field; GET, PUT /field/{id}. Non-admins read and write only
 * their own facility's fields.
 */
entity({
  resource: 'fields',
  table: fields,
  create: field,
  update: updateOf(field),
  searchable: ['name'],
  filters: { new_field_type_id: queryId() },
  sortable: ['ID', 'number', 'name', 'facility_id'],
  defaultSort: ['number', 'ASC'],
  facilityScoped: 'facility_id',
  onChange: audited('field'),
  prepare: checkParentField,
});

/** A part names a full field of its own facility, which is not itself a part (one level of split). */
async function checkParentField(tx: Tx, values: WireRow, current: WireRow | undefined): Promise<WireRow> {
  const parentId = values.parent_field_id ?? current?.parent_field_id;
  if (parentId === null || parentId === undefined) return values;
  const [parent] = await tx.select().from(fields).where(eq(fields.ID, Number(parentId)));
  const facilityId = values.facility_id ?? current?.facility_id;
  if (!parent || parent.facility_id !== facilityId) throw badRequest('parent_field_id: must be a field of the same facility');
  if (parent.ID === current?.ID || parent.parent_field_id !== null) throw badRequest('parent_field_id: must be a full field (not this field or a part)');
  if (current) {
    const [part] = await tx.select({ ID: fields.ID }).from(fields).where(eq(fields.parent_field_id, Number(current.ID))).limit(1);
    if (part) throw badRequest('parent_field_id: this field is split into parts; it cannot be a part itself');
  }
  return values;
}

/** GET /field-type; POST /field-type; GET, PUT /field-type/{id}. */
entity({
  resource: 'field_types',
  table: fieldTypes,
  create: fieldType,
  update: updateOf(fieldType),
  searchable: ['name'],
  sortable: ['ID', 'name', 'capacity'],
  defaultSort: ['name', 'ASC'],
  onChange: audited('field_type'),
});

/** GET /age-group; POST /age-group; GET, PUT /age-group/{id}. */
entity({
  resource: 'age_groups',
  table: ageGroups,
  create: named,
  update: updateOf(named),
  searchable: ['name'],
  sortable: ['ID', 'name'],
  defaultSort: ['ID', 'ASC'],
  onChange: audited('age_group'),
});

/** GET /season (the spec's call), and the helper's POST /season, GET, PUT /season/{id}. */
entity({
  resource: 'seasons',
  table: seasons,
  create: named,
  update: updateOf(named),
  sortable: ['ID', 'name'],
  defaultSort: ['ID', 'ASC'],
  onChange: audited('season'),
});

/** GET /gl (each with its product_type and season); POST /gl; GET, PUT /gl/{id}. */
entity({
  resource: 'gls',
  table: gls,
  label: 'GL',
  create: gl,
  update: updateOf(gl),
  searchable: ['code'],
  filters: { product_type_id: queryId(), season_id: queryId() },
  sortable: ['ID', 'code', 'product_type_id', 'season_id'],
  defaultSort: ['code', 'ASC'],
  onChange: audited('gl'),
  present: async (rows, _user, db) =>
    nest(db, await nest(db, rows, 'product_type_id', 'product_type', productTypes), 'season_id', 'season', seasons),
});

/** GET /product/types; POST /product/types; GET, PUT /product/types/{id}. */
entity({
  resource: 'product_types',
  table: productTypes,
  label: 'Product type',
  create: productType,
  update: updateOf(productType),
  searchable: ['name', 'reporting', 'gl'],
  filters: { category: z.enum(PRODUCT_CATEGORIES) },
  sortable: ['ID', 'name', 'category', 'ranking', 'gl'],
  defaultSort: ['ranking', 'ASC'],
  onChange: audited('product_type'),
});

// Integrations: credentials of an outside service, stored as JSON text and answered as an object.
// Their settings depend on the type (settings of another type are dropped, so a form switching types
// can send what it holds); secrets are answered masked to everyone but admins, and a masked secret
// sent back unchanged keeps the stored one.

const secret = requiredText.max(500, 'is too long (500 characters at most)');
const identifier = z.union([requiredText, z.number().int().nonnegative()]).transform(String);
const INTEGRATION_DATA = {
  hubspot: z.object({ api_key: secret }),
  acuity: z.object({ api_key: secret, user_id: identifier, destination_id: identifier }),
  square: z.object({
    access_token: secret,
    location_id: z.string().trim().max(200).default(''),
    environment: z.enum(['production', 'sandbox'], { error: 'must be production or sandbox' }).default('production'),
  }),
} satisfies Record<(typeof INTEGRATION_TYPES)[number], z.ZodType>;
const SECRET_KEYS = ['api_key', 'access_token'];

const integration = z.strictObject({
  name: requiredText,
  type: z.enum(INTEGRATION_TYPES, { error: `must be one of ${INTEGRATION_TYPES.join(', ')}` }),
  facility_id: wholeNumber('a facility ID (999999 for all)').positive('must be a facility ID (999999 for all)'),
  data: z.record(z.string(), z.unknown(), { error: 'must be an object with the settings of the type' }),
});

/** The last four characters of a secret, the rest hidden. */
const maskSecret = (value: string) => `••••${value.slice(-4)}`;

function readData(text: unknown): Record<string, unknown> {
  try {
    const data = JSON.parse(String(text));
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? data : {};
  } catch {
    return {};
  }
}

function maskData(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).map(([key, value]) =>
    [key, SECRET_KEYS.includes(key) && typeof value === 'string' ? maskSecret(value) : value]));
}

/** An integration as answered: data as an object, secrets masked unless `full`. */
const presentIntegration = (row: WireRow, full: boolean): WireRow => {
  const data = readData(row.data);
  return { ...row, data: full ? data : maskData(data) };
};

/** Checks the data against the type, keeping stored secrets sent back masked; answers storage form. */
async function prepareIntegration(db: Db | Tx, values: WireRow, current: WireRow | undefined, user: SessionUser): Promise<WireRow> {
  const stored = { ...values };
  if (typeof values.facility_id === 'number' && values.facility_id !== FACILITY.ALL_INTEGRATIONS && user.role === 'admin') {
    const [found] = await db.select({ ID: facilities.ID }).from(facilities).where(eq(facilities.ID, values.facility_id));
    if (!found) throw badRequest(`facility_id: there is no facility ${values.facility_id} (999999 means all facilities)`);
  }
  if (values.data === undefined && values.type === undefined) return stored;
  const type = (values.type ?? current?.type) as keyof typeof INTEGRATION_DATA;
  const before = readData(current?.data);
  const data = { ...((values.data as Record<string, unknown> | undefined) ?? before) };
  for (const key of SECRET_KEYS) {
    if (typeof before[key] === 'string' && data[key] === maskSecret(before[key] as string)) data[key] = before[key];
  }
  stored.data = JSON.stringify(parse(z.object({ data: INTEGRATION_DATA[type] }), { data }).data);
  return stored;
}

/**
 * GET /integration; POST /integration; GET, PUT /integration/{id}. Admins and managers; a manager
 * reads and writes only their own facility's integrations (those for ALL, 999999, are admins').
 */
entity({
  resource: 'integrations',
  table: integrations,
  create: integration,
  update: updateOf(integration),
  searchable: ['name'],
  filters: { type: z.enum(INTEGRATION_TYPES) },
  sortable: ['ID', 'name', 'type', 'facility_id'],
  defaultSort: ['name', 'ASC'],
  facilityScoped: 'facility_id',
  // The changelog never keeps a secret in full.
  onChange: audited('integration', (row) => presentIntegration(row, false)),
  prepare: prepareIntegration,
  present: async (rows, user: SessionUser) => rows.map((row) => presentIntegration(row, user.role === 'admin')),
});
