import type { ResourceProps } from 'react-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, API_PREFIX, isApiResource, rightsOf, type ApiPaths } from '../../core/entities';
import { ROLES, type Role } from '../../core/constants';
import { can, type Action } from '../../core/permissions';
import { resources } from '../../resources';
import { createTestContext, type TestContext } from './harness';

// Every resource of the registry (resources/index.ts) has, for each of its views, the server routes
// that view calls (at the paths of core/entities.ts), and each is guarded by the role matrix: a role
// the matrix refuses gets 403, a role it allows is let through.

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
    expect(resources.filter((r) => views(r).length > 0).map((r) => r.name).sort()).toEqual(['contract', 'customer', 'discount', 'invoice', 'league', 'leagues', 'newproduct', 'products', 'staff', 'team', 'teams', 'tournament']);
  });

  const cases = resources.flatMap((resource) =>
    views(resource).flatMap((view) => VIEW_CALLS[view].map((call) => ({ name: resource.name, view, ...call }))));

  it.each(cases)('$name $view: $method at its path, guarded by MATRIX $action', async ({ name, method, kind, action }) => {
    if (!isApiResource(name)) throw new Error(`${name} has no API paths`);
    const paths: ApiPaths = API_PATHS[name];
    const url = urlOf(paths, kind);
    for (const role of ROLES) {
      const res = await ctx.as(tokens[role], { method, url, ...(method === 'GET' ? {} : { payload: {} }) });
      const message = String(res.json()?.message ?? '');
      expect(message, `${method} ${url} is a route`).not.toMatch(/^Route .* not found/);
      if (can(role, rightsOf(name), action)) expect([401, 403], `${role} ${method} ${url}`).not.toContain(res.statusCode);
      else expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
    }
  });
});
