import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fullPath, type EndpointDefinition } from '../../core/api/endpoint';
import { RESOURCE_ENDPOINTS, resourcePath } from '../../core/api/resources';
import type { ApiResource } from '../../core/entities';

// No API path is written twice: the server's routes are registered through their declarations in
// core/api (server/http/endpoint.ts `serve`), and the browser calls through the same declarations
// (dataProvider/call.ts), so neither server/routes/ nor the dataProvider and authProvider write a
// path or register a route by hand.

const ROOT = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Files still written the old way while issue 23's conversion goes on; it only shrinks. */
const NOT_YET_CONVERTED = new Set([
  'server/routes/payments/create.ts',
  'server/routes/payments/edit.ts',
  'server/routes/payments/log.ts',
  'server/routes/payments/refunds.ts',
  'server/routes/payments/reverse.ts',
  'server/routes/square/charge.ts',
  'server/routes/square/simulator.ts',
  'server/routes/square/terminal.ts',
  'dataProvider/invoices.ts',
  'dataProvider/square.ts',
]);

/** A route registered by hand: app.get(…), api.post(…), instance.route(…). */
const HAND_ROUTE = /\b(?:app|api|instance)\.(?:get|post|put|delete|patch|route)\(/;
/** A path written out: a string or template starting with '/' and a letter, or built on apiUrl. */
const HAND_PATH = /['"`]\/[a-z]|\$\{apiUrl\}/;

const serverFiles = [...sourceFiles('server/routes'), 'server/http/crud.ts'];
const browserFiles = [...sourceFiles('dataProvider'), ...sourceFiles('authProvider')].filter((file) => file !== 'dataProvider/call.ts');

describe('API paths are written once, in core/api', () => {
  it('server/routes registers no route by hand', () => {
    const found = serverFiles.filter((file) => !NOT_YET_CONVERTED.has(file) && HAND_ROUTE.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('the dataProvider and authProvider write no path', () => {
    const found = browserFiles.filter((file) => !NOT_YET_CONVERTED.has(file) && HAND_PATH.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('lists only files that still need converting', () => {
    const converted = [...NOT_YET_CONVERTED].filter((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      return !(file.startsWith('server/') ? HAND_ROUTE : HAND_PATH).test(text);
    });
    expect(converted).toEqual([]);
  });
});

describe("the resources' generic calls are declarations", () => {
  const declared = Object.entries(RESOURCE_ENDPOINTS) as [ApiResource, Partial<Record<string, EndpointDefinition>>][];
  it.each(declared)('%s: GET list; POST item; GET, PUT, DELETE item/{id}', (resource, endpoints) => {
    const item = resourcePath(resource, 'item');
    const expected = { list: ['GET', resourcePath(resource, 'list')], one: ['GET', `${item}/{id}`], create: ['POST', item], update: ['PUT', `${item}/{id}`], delete: ['DELETE', `${item}/{id}`] };
    const actions = (Object.keys(expected) as (keyof typeof expected)[]).filter((action) => endpoints[action]);
    for (const action of actions) expect([endpoints[action]!.method, fullPath(endpoints[action]!)], `${resource} ${action}`).toEqual(expected[action]);
    expect(actions.length).toBeGreaterThan(0);
  });
});
