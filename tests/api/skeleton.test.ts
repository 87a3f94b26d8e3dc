import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../../server/auth/session';
import { createTestContext, type TestContext } from './harness';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

describe('app skeleton', () => {
  it('refuses an API call without a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/taxes' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('refuses a forged token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/taxes', headers: { authorization: 'Bearer forged' } });
    expect(res.statusCode).toBe(401);
  });

  it('answers a signed-in call and sets strict security headers', async () => {
    const token = await openSession(ctx.database.db, 1, ctx.config);
    const res = await ctx.as(token, { method: 'GET', url: '/api/taxes' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((t: { name: string }) => t.name)).toContain('NY Sales Tax'); // from the reference seed
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nothing', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('/api/nothing');
  });

  it('answers malformed JSON and an oversized body with a readable 4xx, writing nothing', async () => {
    const token = await openSession(ctx.database.db, 1, ctx.config);
    const headers = { 'content-type': 'application/json' };
    const malformed = await ctx.as(token, { method: 'POST', url: '/api/tax', headers, payload: '{"name": "x",' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
    const huge = await ctx.as(token, { method: 'POST', url: '/api/tax', headers, payload: JSON.stringify({ name: 'x'.repeat(2_000_000), value: 1 }) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The request is too large');
    const names = (await ctx.as(token, { method: 'GET', url: '/api/taxes' })).json().map((t: { name: string }) => t.name);
    expect(names).not.toContain('x');
  });

  it('refuses a NUL character anywhere in the input with a 400 naming the field, writing nothing', async () => {
    const token = await openSession(ctx.database.db, 1, ctx.config);
    const created = await ctx.as(token, { method: 'POST', url: '/api/tax', payload: { name: 'Nul\u0000tax', value: 0.01 } });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe('name: contains a NUL character, which cannot be stored; please retype it');
    const nested = await ctx.as(token, { method: 'POST', url: '/api/memberships/active', payload: { customer_ids: ['1\u0000'] } });
    expect(nested.json().message).toMatch(/^customer_ids\.0: contains a NUL character/);
    const searched = await ctx.as(token, { method: 'GET', url: '/api/customer/search/ab%00cd' });
    expect(searched.statusCode).toBe(400);
    expect(searched.json().message).toMatch(/^query: contains a NUL character/);
    const names = (await ctx.as(token, { method: 'GET', url: '/api/taxes' })).json().map((t: { name: string }) => t.name);
    expect(names.some((name: string) => name.startsWith('Nul'))).toBe(false);
  });

  it('takes path parameters up to the longest search, and answers a longer address in the usual shape', async () => {
    const token = await openSession(ctx.database.db, 1, ctx.config);
    const long = await ctx.as(token, { method: 'GET', url: `/api/customer/search/${encodeURIComponent('é'.repeat(150))}` });
    expect(long.statusCode).toBe(200);
    const tooLong = await ctx.as(token, { method: 'GET', url: `/api/customer/search/${'x'.repeat(3000)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ statusCode: 414, error: 'URI Too Long', message: 'The address is too long' });
  });
});
