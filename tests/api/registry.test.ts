import type { ResourceProps } from 'react-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireDiscount } from '../../core/api/discounts';
import { fillPath, type EndpointDefinition } from '../../core/api/endpoint';
import type { EntityDeclaration } from '../../core/api/entity';
import type { FolderEntity } from '../../core/entityFolder';
import { ROLES, type Role } from '../../core/constants';
import { can, type Action } from '../../core/permissions';
import { entities, resources } from '../../src/app/registry';
import { createTestContext, type TestContext } from './harness';

// Every resource of the registry (src/app/registry.ts) declares, for each of its views, the calls that
// view makes (its entity declaration, core/api/entity.ts), each a route of the server guarded by the
// role matrix: a role the matrix refuses gets 403, a role it allows gets the call's own answer (ANSWERS).

type Verb = 'list' | 'one' | 'create' | 'update';
const VIEW_CALLS: Record<'list' | 'edit' | 'show' | 'create', { action: Action; verb: Verb; method: 'GET' | 'POST' | 'PUT'; kind: 'list' | 'item' | 'record' }[]> = {
  list: [{ action: 'list', verb: 'list', method: 'GET', kind: 'list' }],
  show: [{ action: 'show', verb: 'one', method: 'GET', kind: 'record' }],
  edit: [{ action: 'show', verb: 'one', method: 'GET', kind: 'record' }, { action: 'edit', verb: 'update', method: 'PUT', kind: 'record' }],
  create: [{ action: 'create', verb: 'create', method: 'POST', kind: 'item' }],
};

/**
 * Entities whose edit view writes through a declared call other than an update: a discount's expires it
 * (nothing else of a discount changes), PUT /discount/{id}?expired=1, guarded by the matrix's 'expire'.
 */
const EDIT_CALLS: Record<string, { endpoint: EndpointDefinition; action: Action; query: string }> = {
  discount: { endpoint: expireDiscount, action: 'expire', query: '?expired=1' },
};

/** The call's URL: a record no reference data has (999999), the search 'smith'. */
const urlOf = (endpoint: EndpointDefinition) => fillPath(endpoint, { id: 999999, query: 'smith' });

/**
 * What each call answers a role the matrix allows, by resource, method and kind of path: record 999999
 * does not exist (404, after the guard); PUT {} on a customer changes nothing and a staff change needs
 * the id in its body; an empty create lacks its required fields (400, after the guard).
 */
const ANSWERS: Record<string, { status: number; message?: string }> = {
  'classes GET list': { status: 200 },
  'classes POST item': { status: 400, message: 'Please fill all the required fields' },
  'classes GET record': { status: 404, message: 'Class not found' },
  'classes PUT record': { status: 404, message: 'Class not found' },
  'contract GET list': { status: 200 },
  'contract POST item': { status: 400, message: 'Please fill all the required fields' },
  'contract GET record': { status: 404, message: 'Contract not found' },
  'contract PUT record': { status: 404, message: 'Contract not found' },
  'customer GET list': { status: 200 },
  'customer GET record': { status: 404, message: 'Customer not found' },
  'customer PUT record': { status: 400, message: 'Nothing to change' },
  'customer POST item': { status: 400, message: 'first_name: Required; last_name: Required' },
  'discount GET list': { status: 200 },
  'discount GET record': { status: 404, message: 'Discount not found' },
  'discount PUT record': { status: 404, message: 'Discount not found' },
  'discount POST item': { status: 400, message: 'name: is required; is_percentage: must be true (a percentage) or false (a fixed amount); value: is required' },
  'gls GET list': { status: 200 },
  'gls GET record': { status: 404, message: 'GL not found' },
  'gls PUT record': { status: 404, message: 'GL not found' },
  'gls POST item': { status: 400, message: 'code: is required; product_type_id: is required' },
  'newproduct POST item': { status: 400, message: 'name: Required; gl_id: Required' },
  'invoice GET list': { status: 200 },
  'invoice POST item': { status: 400, message: 'facility_id: must be a facility ID' },
  'invoice GET record': { status: 404, message: 'Invoice not found' },
  'invoice PUT record': { status: 404, message: 'Invoice not found' },
  'league GET list': { status: 200 },
  'league POST item': { status: 400, message: 'Please fill all the required fields' },
  'league GET record': { status: 404, message: 'League not found' },
  'league PUT record': { status: 404, message: 'League not found' },
  'media GET list': { status: 200 },
  'newproduct GET list': { status: 200 },
  'newproduct GET record': { status: 404, message: 'Product not found' },
  'newproduct PUT record': { status: 404, message: 'Product not found' },
  'staff GET list': { status: 200 },
  'staff GET record': { status: 404, message: 'Staff member not found' },
  'staff PUT record': { status: 400, message: 'id: must be a positive whole number' },
  'staff POST item': { status: 400, message: 'Invalid email' },
  'team GET list': { status: 200 },
  'team POST item': { status: 400, message: 'Please enter a valid team name' },
  'team GET record': { status: 404, message: 'Team not found' },
  'team PUT record': { status: 404, message: 'Team not found' },
  'tournament POST item': { status: 400, message: 'Please fill all the required fields' },
  'tournament GET record': { status: 404, message: 'League not found' },
  'tournament PUT record': { status: 404, message: 'League not found' },
};

/**
 * An entity folder's calls (resources/<name>/entity.ts, README "Adding an entity") are the crud helper's,
 * so their answers are known without a line here: record 999999 is not found, and an empty create is
 * refused for its missing fields.
 */
const isFolderEntity = (entity: EntityDeclaration): entity is FolderEntity => 'rules' in entity;
const FOLDER_ANSWERS = (label: string): Record<string, { status: number; message?: string }> => ({
  'GET list': { status: 200 },
  'GET record': { status: 404, message: `${label} not found` },
  'PUT record': { status: 404, message: `${label} not found` },
  'POST item': { status: 400 },
});
/** The registered resources that are entity folders. */
const folderResources = async () => {
  const found = await Promise.all(resources.map(async (r) => (entities[r.name] && isFolderEntity(await entities[r.name]()) ? [r.name] : [])));
  return new Set(found.flat());
};

const views = (resource: ResourceProps) => (['list', 'show', 'edit', 'create'] as const).filter((view) => resource[view]);

let ctx: TestContext;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ROLES) tokens[role] = await ctx.login(`${role}@touchline.test`);
});
afterAll(async () => {
  await ctx?.close();
});

describe('the resource registry and the server routes', () => {
  it('names an entity declaration for every registered resource', async () => {
    expect(resources.filter((r) => !entities[r.name]).map((r) => r.name)).toEqual([]);
    const folders = await folderResources();
    expect(resources.filter((r) => views(r).length > 0 && !folders.has(r.name)).map((r) => r.name).sort()).toEqual(['classes', 'contract', 'customer', 'discount', 'gls', 'invoice', 'league', 'media', 'newproduct', 'staff', 'team', 'tournament']);
  });

  const cases = resources.flatMap((resource) =>
    views(resource).flatMap((view) => VIEW_CALLS[view].map((call) => ({ name: resource.name, view, ...call }))));

  it('names the answer of every call, and of no other', async () => {
    const folders = await folderResources();
    const named = cases.filter(({ name }) => !folders.has(name));
    expect(Object.keys(ANSWERS).sort()).toEqual([...new Set(named.map(({ name, method, kind }) => `${name} ${method} ${kind}`))].sort());
  });

  it.each(cases)('$name $view: $method at its path, guarded by MATRIX $action', async ({ name, verb, method, kind, action: viewAction }) => {
    const entity: EntityDeclaration = await entities[name]();
    const other = verb === 'update' && !entity.update ? EDIT_CALLS[name] : undefined;
    const endpoint = other?.endpoint ?? entity[verb];
    if (!endpoint) throw new Error(`${name} declares no ${verb} call for its ${kind}`);
    expect(endpoint.method, `${name} ${verb}`).toBe(method);
    const url = `${urlOf(endpoint)}${other?.query ?? ''}`;
    const action = other?.action ?? viewAction;
    const answer = isFolderEntity(entity) ? FOLDER_ANSWERS(entity.label)[`${method} ${kind}`] : ANSWERS[`${name} ${method} ${kind}`];
    for (const role of ROLES) {
      const res = await ctx.as(tokens[role], { method, url, ...(method === 'GET' ? {} : { payload: {} }) });
      const message = String(res.json()?.message ?? '');
      expect(message, `${method} ${url} is a route`).not.toMatch(/^Route .* not found/);
      if (!can(role, name, action)) {
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        continue;
      }
      expect(res.statusCode, `${role} ${method} ${url}: ${res.body.slice(0, 200)}`).toBe(answer.status);
      if (answer.message) expect(message, `${role} ${method} ${url}`).toBe(answer.message);
    }
  });
});
