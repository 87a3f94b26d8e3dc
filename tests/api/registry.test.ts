import type { ResourceProps } from 'react-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, API_PREFIX, isApiResource, rightsOf, type ApiPaths } from '../../core/entities';
import { ROLES, type Role } from '../../core/constants';
import { can, type Action } from '../../core/permissions';
import { resources } from '../../src/registry';
import { createTestContext, type TestContext } from './harness';

// Every resource of the registry (src/registry.ts) has, for each of its views, the server routes
// that view calls (at the paths of core/entities.ts), and each is guarded by the role matrix: a role
// the matrix refuses gets 403, a role it allows gets the call's own answer (ANSWERS).

const VIEW_CALLS: Record<'list' | 'edit' | 'show' | 'create', { action: Action; method: 'GET' | 'POST' | 'PUT'; kind: 'list' | 'item' | 'record' }[]> = {
  list: [{ action: 'list', method: 'GET', kind: 'list' }],
  show: [{ action: 'show', method: 'GET', kind: 'record' }],
  edit: [{ action: 'show', method: 'GET', kind: 'record' }, { action: 'edit', method: 'PUT', kind: 'record' }],
  create: [{ action: 'create', method: 'POST', kind: 'item' }],
};

const urlOf = (paths: ApiPaths, kind: 'list' | 'item' | 'record') => {
  const base = paths.root ? '' : API_PREFIX;
  if (kind === 'list') return `${base}${paths.list}${paths.searchInPath ? '/smith' : ''}`;
  return `${base}${paths.item}${kind === 'record' ? '/1' : ''}`;
};

/**
 * What each call answers a role the matrix allows, by resource, method and kind of path. On the
 * reference data no contract, customer or invoice 1 exists (404, after the guard); PUT {} on a customer
 * changes nothing (400, after the guard); product 1 exists and takes an empty change.
 */
const ANSWERS: Record<string, { status: number; message?: string }> = {
  'classes GET list': { status: 200 },
  'classes GET record': { status: 404, message: 'Class not found' },
  'classes PUT record': { status: 404, message: 'Class not found' },
  'contract GET list': { status: 200 },
  'contract GET record': { status: 404, message: 'Contract not found' },
  'contract PUT record': { status: 404, message: 'Contract not found' },
  'customer GET list': { status: 200 },
  'customer GET record': { status: 404, message: 'Customer not found' },
  'customer PUT record': { status: 400, message: 'Nothing to change' },
  'discount GET list': { status: 200 },
  'invoice GET list': { status: 200 },
  'invoice GET record': { status: 404, message: 'Invoice not found' },
  'invoice PUT record': { status: 404, message: 'Invoice not found' },
  'league GET record': { status: 404, message: 'League not found' },
  'league PUT record': { status: 404, message: 'League not found' },
  'leagues GET list': { status: 200 },
  'media GET list': { status: 200 },
  'newproduct GET list': { status: 200 },
  'newproduct GET record': { status: 200 },
  'newproduct PUT record': { status: 200 },
  'products GET list': { status: 200 },
  'staff GET list': { status: 200 },
  'team GET record': { status: 404, message: 'Team not found' },
  'team PUT record': { status: 404, message: 'Team not found' },
  'teams GET list': { status: 200 },
  'tournament GET record': { status: 404, message: 'League not found' },
  'tournament PUT record': { status: 404, message: 'League not found' },
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
  it('names API paths for every registered resource', () => {
    expect(resources.filter((r) => !isApiResource(r.name)).map((r) => r.name)).toEqual([]);
    expect(resources.filter((r) => views(r).length > 0).map((r) => r.name).sort()).toEqual(['classes', 'contract', 'customer', 'discount', 'invoice', 'league', 'leagues', 'media', 'newproduct', 'products', 'staff', 'team', 'teams', 'tournament']);
  });

  const cases = resources.flatMap((resource) =>
    views(resource).flatMap((view) => VIEW_CALLS[view].map((call) => ({ name: resource.name, view, ...call }))));

  it('names the answer of every call, and of no other', () => {
    expect(Object.keys(ANSWERS).sort()).toEqual([...new Set(cases.map(({ name, method, kind }) => `${name} ${method} ${kind}`))].sort());
  });

  it.each(cases)('$name $view: $method at its path, guarded by MATRIX $action', async ({ name, method, kind, action }) => {
    if (!isApiResource(name)) throw new Error(`${name} has no API paths`);
    const paths: ApiPaths = API_PATHS[name];
    const url = urlOf(paths, kind);
    const answer = ANSWERS[`${name} ${method} ${kind}`];
    for (const role of ROLES) {
      const res = await ctx.as(tokens[role], { method, url, ...(method === 'GET' ? {} : { payload: {} }) });
      const message = String(res.json()?.message ?? '');
      expect(message, `${method} ${url} is a route`).not.toMatch(/^Route .* not found/);
      if (!can(role, rightsOf(name), action)) {
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        continue;
      }
      expect(res.statusCode, `${role} ${method} ${url}: ${res.body.slice(0, 200)}`).toBe(answer.status);
      if (answer.message) expect(message, `${role} ${method} ${url}`).toBe(answer.message);
    }
  });
});
