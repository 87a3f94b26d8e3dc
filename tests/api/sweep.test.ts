import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness';
import { signedInFamily } from './support/portal';

// The API sweep (issue 8): every route the app registers — read from the app itself, so a route added
// later is swept without anyone listing it — is called as admin, as manager and signed out, with bad
// ids in its path, malformed query strings and malformed bodies. No answer may be a 5xx. The families'
// portal's routes (/api/portal/…) are swept as a signed-in family too.

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

interface Route { method: string; path: string }

/**
 * Every (method, path) of the app, from app.printRoutes(): a tree whose lines are
 * `<indent>├── <segment> (<METHODS>)`, each segment continuing its parent's path. HEAD is left out (it
 * runs the GET handler). A line that does not parse fails the sweep rather than dropping a route.
 */
function registeredRoutes(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n').filter((l) => l.trim())) {
    const match = line.match(/^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/);
    if (!match) throw new Error(`unreadable route line: ${line}`);
    const depth = match[1].length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2];
    stack.push(path);
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push({ method, path });
  }
  return routes;
}

const BAD_IDS = ['0x1F', '1e3', '-1', '99999999999', '1.5', '%20', 'abc', '%00', '1'];
/** A record that does not exist: the well-formed id, which must not touch the seeded records. */
const MISSING_ID = '987654';
const nest = (depth: number): unknown => (depth === 0 ? 1 : [nest(depth - 1)]);
const COMMON_FIELDS = ['name', 'email', 'customer_ids', 'facility_id', 'id', 'ID', 'value', 'price', 'credits', 'password', 'user_type', 'first_name', 'birthdate', 'start_date', 'product_type_id', 'field_id', 'note', 'amount'];

/** Malformed bodies: [label, raw JSON text]. */
const BODIES: Array<[string, string]> = [
  ['no body', ''],
  ['broken JSON', '{"name": "x",'],
  ['null', 'null'],
  ['array', '[1, 2]'],
  ['string', '"text"'],
  ['number', '-1e308'],
  ['empty object', '{}'],
  ['unknown field', JSON.stringify({ surprise: true })],
  ...([
    ['strings everywhere', '0x1F'],
    ['numbers everywhere', 1e300],
    ['negative numbers', -99999999999],
    ['objects everywhere', { a: { b: 1 } }],
    ['arrays everywhere', [null, '1e3', -1]],
    ['nulls everywhere', null],
    ['huge strings', 'x'.repeat(200_000)],
    ['NUL characters', 'a\u0000b'],
    ['deep nesting', nest(60)],
  ] as Array<[string, unknown]>).map(([label, value]): [string, string] => [label, JSON.stringify(Object.fromEntries(COMMON_FIELDS.map((f) => [f, value])))]),
  ['over-deep body', '['.repeat(5000) + ']'.repeat(5000)],
];

const QUERIES = [
  '?id=0x1F&facility_id=1e3&customer_id=-1',
  '?range=[0,1e9]&sort=["nothing","sideways"]&filter={"id":"0x1F"}',
  '?filter={broken&range=x&sort=1',
  `?q=${'x'.repeat(5000)}&email=%00&expired=maybe&start=1e3&end=-1`,
];

/** The route's path with every parameter replaced by `value`. */
const fill = (path: string, value: string) => path.replace(/:[A-Za-z_]+/g, value);

describe('API sweep', () => {
  it('reads every registered route from the app', () => {
    const routes = registeredRoutes(ctx.app.printRoutes({ commonPrefix: false }));
    expect(routes.length).toBeGreaterThan(80);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/customer/merge/:id' });
    expect(routes).toContainEqual({ method: 'GET', path: '/api/taxes' });
    expect(routes).toContainEqual({ method: 'POST', path: '/user/login' });
  });

  // Several malformed calls per route and role: the time grows with the API (about 3 minutes at 200 routes
  // on a loaded 2-core machine), so the limit is generous.
  it('answers no malformed call with a 5xx, as admin, as manager or signed out', { timeout: 600_000 }, async () => {
    const routes = registeredRoutes(ctx.app.printRoutes({ commonPrefix: false }));
    const signIn = async () => ({
      admin: await ctx.login('admin@touchline.test'),
      manager: await ctx.login('manager@touchline.test'),
      'signed out': null,
    });
    let tokens: Record<string, string | null> = await signIn();
    const family = async () => (await signedInFamily(ctx, tokens.admin!)).token;
    let portalToken = await family();
    const failures: string[] = [];

    const call = async (role: string, label: string, options: InjectOptions) => {
      const token = tokens[role];
      const headers = { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) };
      const res = await ctx.app.inject({ ...options, headers });
      if (res.statusCode >= 500) failures.push(`${role}: ${options.method} ${String(options.url).slice(0, 120)} (${label}) → ${res.statusCode} ${res.body.slice(0, 200)}`);
    };

    for (const { method, path } of routes) {
      const m = method as InjectOptions['method'];
      const hasParams = path.includes(':');
      const sendsBody = method !== 'GET' && method !== 'DELETE';
      tokens.family = path.startsWith('/api/portal/') ? portalToken : null;
      for (const role of Object.keys(tokens).filter((r) => r !== 'family' || tokens.family)) {
        // Bad path parameters, with an empty body where one is read.
        if (hasParams) {
          for (const id of BAD_IDS) {
            await call(role, `param ${id}`, { method: m, url: fill(path, id), ...(sendsBody ? { payload: {} } : {}) });
          }
        }
        const url = fill(path, MISSING_ID);
        for (const query of QUERIES) await call(role, 'query', { method: m, url: encodeURI(url) + query.replace(/[[\]{}"]/g, encodeURIComponent) });
        if (method === 'GET') continue;
        for (const [label, payload] of BODIES) {
          const headers = payload === '' ? {} : { 'content-type': 'application/json' };
          await call(role, label, { method: m, url, headers, payload });
        }
      }
      // Signing out revokes the session the sweep was using.
      if (path === '/user/logout') tokens = await signIn();
      if (path === '/api/portal/logout') portalToken = await family();
    }
    expect(failures).toEqual([]);
  });
});
