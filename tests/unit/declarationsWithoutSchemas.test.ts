import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The built app loads the endpoint declarations with an inert zod (vite.config.ts,
// declarationsWithoutSchemas; src/kit/shims/zodStub.ts). The browser needs of each declaration only
// what it calls with — method, path, body kind — and those must come out the same as with the real zod.

const declarations = async () => (await import('../../core/api/index')).ENDPOINTS;
const calledWith = async () => (await declarations()).map((e) => `${e.method} ${e.root ? '' : '/api'}${e.path} ${e.bodyKind ?? ''}`);

describe('the declarations under the inert zod of the built app', () => {
  afterEach(() => {
    vi.doUnmock('zod');
    vi.resetModules();
  });

  it('load without error and keep every method and path', async () => {
    const real = await calledWith();
    vi.resetModules();
    vi.doMock('zod', () => import('../../src/kit/shims/zodStub'));
    const inert = await calledWith();
    expect(inert).toEqual(real);
    // …and the schemas really were the inert ones (a zod schema is an object, the inert value a function).
    expect((await declarations()).filter((e) => e.params).every((e) => typeof e.params === 'function')).toBe(true);
    expect(real.length).toBeGreaterThan(60);
  }, 30_000); // compiles every declaration module: slow on a busy machine, not a speed check

  it('make chains of schema calls evaluate to nothing, not to a promise', async () => {
    const { z } = await import('../../src/kit/shims/zodStub');
    const schema = z.strictObject({ id: z.coerce.number().int().positive() }).refine(() => false, { message: 'never' });
    expect(typeof schema).toBe('function');
    expect((schema as unknown as { then?: unknown }).then).toBeUndefined();
    expect(`${String(schema.shape)}`).toBe('');
  });

  it('read the answers modules as namespaces only: the build empties them, so a named import of one fails it', () => {
    const api = join(__dirname, '..', '..', 'core', 'api');
    const named = readdirSync(api).filter((name) => name.endsWith('.ts') && name !== 'openapi.ts')
      .filter((name) => /^import\s+(?!type\b)(?!\*)[^;]*?from\s+['"]\.\/answers\//m.test(readFileSync(join(api, name), 'utf8')));
    expect(named).toEqual([]);
  });
});
