import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness';

// X-Request-Id (issue 42 item 6; README "Logs and request ids"): every answer carries one, the caller's
// when well formed, else a new UUID, and the request's info line in the JSON log carries the same id
// with the method, URL, declared route, status and milliseconds.

const lines: Array<Record<string, unknown>> = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ build: { logger: { level: 'info', stream } } });
});
afterAll(async () => { await ctx?.close(); });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const requestLine = (id: unknown) => lines.filter((l) => l.requestId === id && l.msg === 'request');

describe('X-Request-Id', () => {
  it("answers the caller's well-formed id, and logs the request's one info line under it", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a:0042' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('lb-7f3a:0042');
    const [line, ...more] = requestLine('lb-7f3a:0042');
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 30, method: 'GET', url: '/api/health', route: '/api/health', statusCode: 200, ms: expect.any(Number) });
  });

  it('makes a new id when none comes, or one that is not well formed, and on every kind of answer', async () => {
    const token = await ctx.login('manager@touchline.test');
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/api/health' }),
      await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'has spaces and "quotes"' } }),
      await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'x'.repeat(129) } }),
      // A refusal, a missing record by the declared route, a bad body, nothing at all there.
      await ctx.app.inject({ method: 'GET', url: '/api/invoice/5' }),
      await ctx.api(token, 'GET', '/invoice/987654'),
      await ctx.api(token, 'POST', '/invoice', [[]]),
      await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      // Refused by Fastify before any route: a malformed address.
      await ctx.app.inject({ method: 'GET', url: '/api/invoice/%E0%A4%A' }),
    ];
    const ids = answers.map((res) => res.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 401, 404, 400, 404, 400]);
    expect(requestLine(ids[4])).toEqual([expect.objectContaining({ route: '/api/invoice/{id}', url: '/api/invoice/987654', statusCode: 404 })]);
    expect(requestLine(ids[6])).toEqual([expect.objectContaining({ route: '(no route)', statusCode: 404 })]);
  });
});
