import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// No API path is written twice: the server's routes are registered through their declarations in
// core/api (server/http/endpoint.ts `serve`), and the browser calls through the same declarations
// (dataProvider/call.ts), so neither server/routes/ (nor the domain it calls) nor the dataProvider and
// authProvider write a path or register a route by hand.

const ROOT = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** A route registered by hand: app.get(…), api.post(…), instance.route(…). */
const HAND_ROUTE = /\b(?:app|api|instance)\.(?:get|post|put|delete|patch|route)\(/;
/** A path written out: a string or template starting with '/' and a letter, or built on apiUrl. */
const HAND_PATH = /['"`]\/[a-z]|\$\{apiUrl\}/;

const serverFiles = [...sourceFiles('server/routes'), ...sourceFiles('server/domain'), 'server/http/crud.ts'];
const browserFiles = [...sourceFiles('dataProvider'), ...sourceFiles('authProvider')].filter((file) => file !== 'dataProvider/call.ts');

describe('API paths are written once, in core/api', () => {
  it('server/routes and server/domain register no route by hand', () => {
    const found = serverFiles.filter((file) => HAND_ROUTE.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('the dataProvider and authProvider write no path', () => {
    const found = browserFiles.filter((file) => HAND_PATH.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });
});
