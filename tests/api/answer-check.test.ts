import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../core/api/endpoint';
import { answerMismatches, checkAnswers } from '../../server/http/answerCheck';
import { serve } from '../../server/http/endpoint';
import { errorHandler } from '../../server/http/errorHandler';
import { notFound } from '../../server/http/errors';

// The API suite's answer check (server/http/answerCheck.ts) on a route of its own: an answer its
// declaration does not describe (a wrong value, or a key it does not name) is a 500 naming the issue
// and a recorded mismatch; a right one, a declared passthrough and a proper error answer go through
// unchanged.

const pass = endpoint()({
  method: 'GET',
  path: '/pass/{id}',
  summary: 'A pass',
  permission: 'public',
  params: z.strictObject({ id: z.coerce.number().int() }),
  answer: z.object({
    ID: z.number().int(),
    name: z.string(),
    zones: z.array(z.object({ name: z.string() })).optional(),
    // Loose on purpose: the declaration says so.
    settings: z.record(z.string(), z.unknown()).optional(),
  }),
});

type Pass = z.output<typeof pass.answer>;

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  app.decorateRequest('user', null);
  errorHandler(app);
  checkAnswers(app);
  serve(app, pass, ({ params }, _request, reply) => {
    if (params.id === 1) return { ID: 1, name: 'Day pass' };
    if (params.id === 2) return { ID: 2, name: null } as unknown as { ID: number; name: string };
    if (params.id === 3) throw notFound('Pass');
    if (params.id === 5) return { ID: 5, name: 'Day pass', secret: 'x' } as Pass;
    if (params.id === 6) return { ID: 6, name: 'Day pass', zones: [{ name: 'A' }, { name: 'B', inner: true }] } as Pass;
    if (params.id === 7) return { ID: 7, name: 'Day pass', settings: { color: 'red', nested: { any: 1 } } };
    return reply.code(404).send({ missing: true });
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the answer check', () => {
  it('lets a declared answer through as it is', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/pass/1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ID: 1, name: 'Day pass' });
    expect(answerMismatches).toEqual([]);
  });

  it('answers 500 naming the issue, and records it, when the answer is not the declared one', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/pass/2' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toMatch(/^The answer of GET \/api\/pass\/\{id\} 200 is not the declared one: name: /);
    expect(answerMismatches.splice(0)).toEqual([{ call: 'GET /api/pass/{id} 200', issues: expect.stringMatching(/^name: /) }]);
  });

  it('refuses a key the declaration does not name, at any depth', async () => {
    const top = await app.inject({ method: 'GET', url: '/api/pass/5' });
    expect(top.statusCode).toBe(500);
    expect(top.json().message).toBe('The answer of GET /api/pass/{id} 200 is not the declared one: secret: not declared');
    const nested = await app.inject({ method: 'GET', url: '/api/pass/6' });
    expect(nested.statusCode).toBe(500);
    expect(answerMismatches.splice(0)).toEqual([
      { call: 'GET /api/pass/{id} 200', issues: 'secret: not declared' },
      { call: 'GET /api/pass/{id} 200', issues: 'zones.1.inner: not declared' },
    ]);
  });

  it('lets through what the declaration leaves loose on purpose (a record)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/pass/7' });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toEqual({ color: 'red', nested: { any: 1 } });
    expect(answerMismatches).toEqual([]);
  });

  it('checks error answers against the shared error shape', async () => {
    const ok = await app.inject({ method: 'GET', url: '/api/pass/3' });
    expect(ok.statusCode).toBe(404);
    expect(ok.json()).toMatchObject({ statusCode: 404, error: 'Not Found', message: 'Pass not found' });
    expect(answerMismatches).toEqual([]);
    const bad = await app.inject({ method: 'GET', url: '/api/pass/4' });
    expect(bad.statusCode).toBe(500);
    expect(answerMismatches.splice(0).map((m) => m.call)).toEqual(['GET /api/pass/{id} 404']);
  });
});
