import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as api from '../../core/api/settings';
import { FACILITY, INTEGRATION_TYPES } from '../../core/constants';
import type { SessionUser } from '../auth/session';
import type { Db, Tx } from '../db/client';
import {
  ageGroups, facilities, fees, fieldTypes, fields, gls, integrations, productTypes, seasons, taxes,
} from '../db/schema';
import { declareCrud, type CrudDeclaration, type CrudSpec, type CrudTable, type WireRow } from '../http/crud';
import { badRequest } from '../http/errors';
import { nest } from '../http/nest';
import { parse } from '../http/validate';
import { audited } from '../services/changelog';
import { fieldTypeCapacityChanged } from '../domain/portal/pickupStaff';

// The simple entities (references and settings, spec 1 §3, §7), each declared in core/api/settings.ts
// and served here through the crud helper by one `entity({...})`, which also registers it:
// server/routes/index.ts registers crudRoutes, that is every entity of this file.

const DECLARED: CrudDeclaration[] = [];

/** Serves a simple entity's declarations (server/http/crud.ts); crudRoutes registers them. */
function entity<T extends CrudTable>(spec: CrudSpec<T>): void {
  DECLARED.push(declareCrud(spec));
}

/** Every entity of this file: GET list, POST item, GET, PUT, DELETE item/{id} as core/api/settings.ts declares them. */
export async function crudRoutes(app: FastifyInstance) {
  for (const register of DECLARED) register(app);
}

entity({ api: api.taxes, table: taxes, searchable: ['name'], onChange: audited('tax') });
entity({ api: api.fees, table: fees, searchable: ['name'], onChange: audited('fee') });
entity({ api: api.facilities, table: facilities, searchable: ['name', 'nickname', 'address'], onChange: audited('facility') });
entity({ api: api.fields, table: fields, searchable: ['name'], onChange: audited('field'), prepare: checkParentField });

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

const auditFieldType = audited('field_type');
entity({
  api: api.fieldTypes,
  table: fieldTypes,
  searchable: ['name'],
  // A pickup game's capacity is its field type's: raised, its freed places go to the waitlists; lowered,
  // not below what a coming game holds.
  onChange: async (tx, action, row, user, { previous, config }) => {
    await auditFieldType(tx, action, row, user);
    if (previous) await fieldTypeCapacityChanged(tx, Number(row.ID), Number(previous.capacity), Number(row.capacity), config.publicUrl);
  },
});
entity({ api: api.ageGroups, table: ageGroups, searchable: ['name'], onChange: audited('age_group') });
entity({ api: api.seasons, table: seasons, onChange: audited('season') });
entity({
  api: api.gls,
  table: gls,
  searchable: ['code'],
  onChange: audited('gl'),
  present: async (rows, _user, db) =>
    nest(db, await nest(db, rows, 'product_type_id', 'product_type', productTypes), 'season_id', 'season', seasons),
});
entity({ api: api.productTypes, table: productTypes, searchable: ['name', 'reporting', 'gl'], onChange: audited('product_type') });

// Integrations: credentials of an outside service, stored as JSON text and answered as an object.
// Their settings depend on the type (settings of another type are dropped, so a form switching types
// can send what it holds); secrets are answered masked to everyone but admins, and a masked secret
// sent back unchanged keeps the stored one.

const secret = api.requiredText.max(500, 'is too long (500 characters at most)');
const identifier = z.union([api.requiredText, z.number().int().nonnegative()]).transform(String);
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

entity({
  api: api.integrations,
  table: integrations,
  searchable: ['name'],
  // The changelog never keeps a secret in full.
  onChange: audited('integration', (row) => presentIntegration(row, false)),
  prepare: prepareIntegration,
  present: async (rows, user: SessionUser) => rows.map((row) => presentIntegration(row, user.role === 'admin')),
});
