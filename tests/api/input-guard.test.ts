import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_DEEP } from '../../server/http/nulGuard';
import { insertCustomer } from './support/customers';
import { createTestContext, type TestContext } from './harness';

// Input every route shares: the body guard and the id schema (issue 8 items 3 and 4).

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@touchline.test');
});
afterAll(async () => { await ctx?.close(); });

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('deeply nested bodies', () => {
  it('answers a 10,000-deep body with 400 on JSON routes, signed in or not', async () => {
    const payload = nested(10_000);
    const headers = { 'content-type': 'application/json' };
    for (const [method, url] of [['POST', '/user/login'], ['POST', '/api/tax'], ['PUT', '/api/customer/1'], ['POST', '/user/reset']] as const) {
      for (const res of [await ctx.app.inject({ method, url, headers, payload }), await ctx.as(admin, { method, url, headers, payload })]) {
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json().message).toBe(TOO_DEEP);
      }
    }
  });

  it('takes bodies nested up to the limit and refuses one level more', async () => {
    const deep = (levels: number) => JSON.parse(`{"customer_ids":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`);
    const atLimit = await ctx.as(admin, { method: 'POST', url: '/api/memberships/active', payload: deep(64) });
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().message).not.toBe(TOO_DEEP);
    const over = await ctx.as(admin, { method: 'POST', url: '/api/memberships/active', payload: deep(65) });
    expect(over.json().message).toBe(TOO_DEEP);
  });
});

describe('record ids', () => {
  it('reads path ids as positive decimal integers only', async () => {
    const customer = await insertCustomer(ctx.database.db, { ID: 31 });
    expect((await ctx.as(admin, { method: 'GET', url: `/api/customer/${customer.ID}` })).statusCode).toBe(200);
    for (const id of ['0x1F', '0X1f', '1e3', '3.1e1', '31.0', '-31', '+31', '%2031', '31%20', '0', '0b11111', '2147483648', '99999999999']) {
      const res = await ctx.as(admin, { method: 'GET', url: `/api/customer/${id}` });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toBe('id: must be a positive whole number');
    }
    expect((await ctx.as(admin, { method: 'GET', url: '/api/customer/2147483647' })).statusCode).toBe(404);
  });

  it('reads query ids the same way', async () => {
    for (const url of ['/api/changelog?object=customer&id=0x1F', '/api/customer/search/test?facility_id=0x1', '/api/taxes?filter={"id":"0x1F"}', '/user?facility_id=1e0']) {
      const res = await ctx.as(admin, { method: 'GET', url: encodeURI(url) });
      expect(res.statusCode, url).toBe(400);
    }
    expect((await ctx.as(admin, { method: 'GET', url: '/api/customer/search/test?facility_id=1' })).statusCode).toBe(200);
    expect((await ctx.as(admin, { method: 'GET', url: encodeURI('/api/taxes?filter={"id":["1"]}') })).statusCode).toBe(200);
  });
});
