import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS as PRODUCT_ENDPOINTS } from '../../core/api';
import { endpointKey, fullPath, pathParams, type EndpointDefinition } from '../../core/api/endpoint';
import { ROLES, type Role } from '../../core/constants';
import { can } from '../../core/permissions';
import { entityFolderEndpoints } from '../../server/routes/entityFolders';
import { createTestContext, type StaffTokens, type TestContext } from './harness';
import { signedInFamily } from './support/portal';

// The contract (core/api): every declaration is a route of the server, every route of the API is a
// declaration, each is guarded by the role matrix (refused roles 403, signed out 401), and each
// answers 400 (not 500, not a handler's work) to input that breaks its schema.

/** The product's declarations and those of its entity folders (resources/<name>/entity.ts). */
const ENDPOINTS = [...PRODUCT_ENDPOINTS, ...(await entityFolderEndpoints())];

let ctx: TestContext;
let tokens: StaffTokens;
/** A family's portal session: the caller of the portal's declarations (permission 'portal'). */
let portalToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  tokens = await ctx.signInStaff();
  portalToken = (await signedInFamily(ctx, tokens.admin)).token;
});
afterAll(async () => { await ctx?.close(); });

const TOKEN_OF: Record<Role, keyof StaffTokens> = { admin: 'admin', manager: 'manager', mod: 'mod', coach: 'coach', referee: 'referee' };
/** Our API's paths (the rest are the built app's files). */
const API_ROUTE = /^\/(api|user|check)(\/|$)/;
const fastifyPath = (e: EndpointDefinition) => fullPath(e).replace(/\{(\w+)\}/g, ':$1');
/** A URL of the declaration with each path parameter set to `value`. */
const urlWith = (e: EndpointDefinition, value: string) => fullPath(e).replace(/\{\w+\}/g, value);
const withMatrix = ENDPOINTS.filter((e) => typeof e.permission === 'object');

describe('the API contract', () => {
  it('declares each endpoint once', () => {
    const keys = ENDPOINTS.map(endpointKey);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    expect(ENDPOINTS.length).toBeGreaterThan(3);
  });

  it('serves every declaration at its method and path', () => {
    const served = new Set(ctx.app.routeTable.filter((r) => r.endpoint).map((r) => r.endpoint));
    const missing = ENDPOINTS.filter((e) => !served.has(e)).map(endpointKey);
    expect(missing).toEqual([]);
    for (const route of ctx.app.routeTable) {
      if (route.endpoint) expect(`${route.method} ${route.url}`).toBe(`${route.endpoint.method} ${fastifyPath(route.endpoint)}`);
    }
  });

  it('declares every route of the API', () => {
    const undeclared = ctx.app.routeTable.filter((r) => API_ROUTE.test(r.url) && !r.endpoint).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    // A served declaration is one of core/api's list (its area is in AREAS), so the checks below see it.
    const listed = new Set(ENDPOINTS);
    expect(ctx.app.routeTable.filter((r) => r.endpoint && !listed.has(r.endpoint)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('names a MATRIX entry the roles can be read from, for every guarded declaration', () => {
    const unknown = withMatrix.filter((e) => typeof e.permission === 'object' && !ROLES.some((role) => can(role, (e.permission as { resource: string }).resource, (e.permission as { action: string }).action)));
    expect(unknown.map(endpointKey)).toEqual([]);
  });

  it.each(withMatrix.map((e) => [endpointKey(e), e] as const))('%s: 401 signed out, 403 for each role the matrix refuses', async (_key, e) => {
    const { resource, action } = e.permission as { resource: string; action: string };
    const url = urlWith(e, '1');
    const payload = e.method === 'GET' || e.method === 'DELETE' ? {} : { payload: {} };
    const anonymous = await ctx.app.inject({ method: e.method, url, ...payload });
    expect(anonymous.statusCode, `signed out ${e.method} ${url}`).toBe(401);
    for (const role of ROLES) {
      if (can(role, resource, action)) continue;
      const res = await ctx.as(tokens[TOKEN_OF[role]], { method: e.method, url, ...payload });
      expect(res.statusCode, `${role} ${e.method} ${url}`).toBe(403);
    }
  });

  const signedIn = ENDPOINTS.filter((e) => e.permission === 'signedIn');
  it.each(signedIn.map((e) => [endpointKey(e), e] as const))('%s: 401 signed out', async (_key, e) => {
    const res = await ctx.app.inject({ method: e.method, url: urlWith(e, '1') });
    expect(res.statusCode).toBe(401);
  });

  const portalOnly = ENDPOINTS.filter((e) => e.permission === 'portal');
  it.each(portalOnly.map((e) => [endpointKey(e), e] as const))('%s: 401 signed out and to every staff token', async (_key, e) => {
    const payload = e.method === 'GET' || e.method === 'DELETE' ? {} : { payload: {} };
    expect((await ctx.app.inject({ method: e.method, url: urlWith(e, '1'), ...payload })).statusCode).toBe(401);
    for (const role of ROLES) {
      const res = await ctx.as(tokens[TOKEN_OF[role]], { method: e.method, url: urlWith(e, '1'), ...payload });
      expect(res.statusCode, `${role} ${e.method}`).toBe(401);
    }
  });

  /** The token of the first role the declaration lets through (public and signed-in ones: the admin's; the portal's: a family's). */
  const caller = (e: EndpointDefinition): string => {
    if (e.permission === 'portal') return portalToken;
    if (typeof e.permission !== 'object') return tokens.admin;
    const { resource, action } = e.permission;
    return tokens[TOKEN_OF[ROLES.find((role) => can(role, resource, action))!]];
  };

  const withBody = ENDPOINTS.filter((e) => e.body && e.bodyKind !== 'multipart');
  it.each(withBody.map((e) => [endpointKey(e), e] as const))('%s: 400 to a body that breaks its schema', async (_key, e) => {
    const broken = [[]];
    expect(e.body!.safeParse(broken).success, 'the declared body refuses an array of arrays').toBe(false);
    const res = await ctx.as(caller(e), { method: e.method, url: urlWith(e, '1'), payload: broken });
    expect(res.statusCode, res.body).toBe(400);
  });

  const withParams = ENDPOINTS.filter((e) => pathParams(e.path).length > 0);
  /** A value every parameter refuses: an ID that is not decimal, else (free text: a search, a file name) one far too long. */
  const brokenParam = (e: EndpointDefinition) =>
    ['0x1F', 'x'.repeat(1000)].find((value) => !e.params!.safeParse(Object.fromEntries(pathParams(e.path).map((name) => [name, value]))).success);
  it.each(withParams.map((e) => [endpointKey(e), e] as const))('%s: 400 to a path parameter that breaks its schema', async (_key, e) => {
    const broken = brokenParam(e);
    expect(broken, 'the declared params refuse a hexadecimal ID or a 1000-character value').toBeDefined();
    const res = await ctx.as(caller(e), { method: e.method, url: urlWith(e, broken!), ...(e.method === 'GET' || e.method === 'DELETE' ? {} : { payload: {} }) });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('publishes an OpenAPI 3.1 document of every declaration but the unlisted (GET /metrics) at GET /api/openapi.json, signed out', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    const listed = Object.entries(document.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    expect(listed.sort()).toEqual(ENDPOINTS.filter((e) => !e.unlisted).map(endpointKey).sort());
    expect(listed).not.toContain('GET /metrics');
  });

  it('gives every operation a success answer with a schema, strict where the declaration is', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const successes = Object.entries(document.paths as Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: object }> }> }>>)
      .flatMap(([path, operations]) => Object.entries(operations).map(([method, { responses }]) => ({
        call: `${method.toUpperCase()} ${path}`,
        schemas: Object.entries(responses).filter(([status]) => /^2\d\d$/.test(status)).flatMap(([, { content }]) => Object.values(content).map((c) => c.schema)),
      })));
    const without = successes.filter(({ schemas }) => schemas.length === 0 || schemas.some((schema) => Object.keys(schema).length === 0));
    expect(without.map(({ call }) => call)).toEqual([]);
    const answerOf = (call: string) => successes.find((s) => s.call === call)!.schemas[0] as Record<string, any>;
    // A declared object admits no other key (the API tests hold every answer to it: server/http/answerCheck.ts) …
    const invoice = answerOf('GET /api/invoice/{id}');
    expect(invoice.additionalProperties).toBe(false);
    expect(invoice.properties.invoice_items.items.additionalProperties).toBe(false);
    // … but where the declaration leaves it loose on purpose: an integration's settings.
    expect(answerOf('GET /api/integration/{id}').properties.data.additionalProperties).toEqual({});
  });
});
