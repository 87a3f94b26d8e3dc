import { eq, notInArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openSession } from '../../server/auth/session';
import { productTaxes, taxes, users } from '../../server/db/schema';
import { createTestContext, type TestContext } from './harness';

// Taxes and fees end to end through the crud helper: GET /taxes, POST /tax, GET/PUT/DELETE /tax/{id}
// (and the same for fees), in the spec's plain form and in ra-data-simple-rest's. The reference seed
// has taxes and fees of its own (used by products); these tests add theirs beside them.

let ctx: TestContext;
const tokens: Record<string, string> = {};

/** A session for a demo staff member, opened directly so these tests do not depend on /user/login. */
async function tokenOf(email: string): Promise<string> {
  const [user] = await ctx.database.db.select({ ID: users.ID }).from(users).where(eq(users.email, email));
  return openSession(ctx.database.db, user.ID, ctx.config);
}

const as = (who: 'admin' | 'manager' | 'mod' | 'referee', options: InjectOptions) => ctx.as(tokens[who], options);
const query = (params: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
const names = (rows: Array<{ name: string }>) => rows.map((r) => r.name);

const SAMPLE = [
  { name: 'Brooklyn borough levy', value: 4 },
  { name: 'Queens borough levy', value: 4.5 },
  { name: 'Metro transit surcharge', value: 0.375 },
  { name: 'Event surcharge', value: 7.25 },
  { name: 'Water levy', value: 2.25 },
];

let seeded: number[];
/** How many taxes there are at the start of each test: the seed's and SAMPLE. */
let total: number;
const stored = () => ctx.database.db.select().from(taxes);

beforeAll(async () => {
  ctx = await createTestContext();
  for (const who of ['admin', 'manager', 'mod', 'referee'] as const) tokens[who] = await tokenOf(`${who}@touchline.test`);
  seeded = (await ctx.database.db.select({ ID: taxes.ID }).from(taxes)).map((t) => t.ID);
});
afterAll(async () => { await ctx?.close(); });

beforeEach(async () => {
  const { db } = ctx.database;
  await db.delete(taxes).where(notInArray(taxes.ID, seeded));
  await db.insert(taxes).values(SAMPLE);
  total = await db.$count(taxes);
});

describe('GET /api/taxes', () => {
  it('answers every tax as a plain array sorted by name, with Content-Range', async () => {
    const res = await as('referee', { method: 'GET', url: '/api/taxes' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(body)).toEqual(names(await stored()).sort());
    expect(body.find((t: { name: string }) => t.name === 'Event surcharge'))
      .toEqual({ ID: expect.any(Number), name: 'Event surcharge', value: 7.25, CreatedAt: expect.any(Number), UpdatedAt: expect.any(Number) });
    expect(res.headers['content-range']).toBe(`taxes 0-${total - 1}/${total}`);
    expect(res.headers['access-control-expose-headers']).toBe('Content-Range');
  });

  it("takes ra-data-simple-rest's sort, range and filter", async () => {
    const res = await as('admin', { method: 'GET', url: '/api/taxes', query: query({ sort: ['value', 'DESC'], range: [1, 2], filter: {} }) });
    expect(res.statusCode).toBe(200);
    const byValue = (await stored()).sort((a, b) => b.value - a.value || b.ID - a.ID);
    expect(res.json().map((t: { ID: number }) => t.ID)).toEqual(byValue.slice(1, 3).map((t) => t.ID));
    expect(res.headers['content-range']).toBe(`taxes 1-2/${total}`);
  });

  it('pages to the end and past it, counting the total', async () => {
    const last = await as('admin', { method: 'GET', url: '/api/taxes', query: query({ sort: ['ID', 'ASC'], range: [total - 2, total + 4] }) });
    expect(last.json()).toHaveLength(2);
    expect(last.headers['content-range']).toBe(`taxes ${total - 2}-${total - 1}/${total}`);
    const past = await as('admin', { method: 'GET', url: '/api/taxes', query: query({ range: [total + 5, total + 14] }) });
    expect(past.json()).toEqual([]);
    expect(past.headers['content-range']).toBe(`taxes */${total}`);
  });

  it('searches with q: every word must match, in any case', async () => {
    const plain = await as('admin', { method: 'GET', url: '/api/taxes', query: { q: 'levy BOROUGH' } });
    expect(names(plain.json())).toEqual(['Brooklyn borough levy', 'Queens borough levy']);
    expect(plain.headers['content-range']).toBe('taxes 0-1/2');
    const viaFilter = await as('admin', { method: 'GET', url: '/api/taxes', query: query({ filter: { q: 'BOROUGH   brooklyn' } }) });
    expect(names(viaFilter.json())).toEqual(['Brooklyn borough levy']);
  });

  it('takes a search word with LIKE wildcards literally', async () => {
    const res = await as('admin', { method: 'GET', url: '/api/taxes', query: { q: '%' } });
    expect(res.json()).toEqual([]);
  });

  it('answers the records asked for by id (getMany)', async () => {
    const all = await stored();
    const ids = [all[0].ID, all[2].ID];
    const res = await as('admin', { method: 'GET', url: '/api/taxes', query: query({ filter: { id: ids } }) });
    expect(res.json().map((t: { ID: number }) => t.ID).sort()).toEqual([...ids].sort());
  });

  it.each([
    [{ sort: '["colour","ASC"]' }, /^sort: cannot sort by "colour"; sortable columns: ID, name, value/],
    [{ sort: '["name","UP"]' }, /^sort: the order must be ASC or DESC/],
    [{ sort: 'name' }, /^sort: must be JSON like \["name","ASC"\]/],
    [{ range: '[5,2]' }, /^range: must be the first and last row numbers/],
    [{ range: '[0,5000]' }, /^range: cannot ask for more than 1000 rows/],
    [{ filter: '{"q":' }, /^filter: must be JSON like/],
    [{ filter: '{"colour":"red"}' }, /^filter: unknown field colour/],
    [{ colour: 'red' }, /unknown field colour/],
  ])('answers 400 for %o', async (params, message) => {
    const res = await as('admin', { method: 'GET', url: '/api/taxes', query: params });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.stringMatching(message) });
  });

  it('answers 401 without a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/taxes' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(401);
  });
});

describe('POST /api/tax', () => {
  it('creates a tax, trimming the name, and answers it', async () => {
    const res = await as('manager', { method: 'POST', url: '/api/tax', payload: { name: '  City Tax ', value: 8.875 } });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ ID: expect.any(Number), name: 'City Tax', value: 8.875 });
    const [stored] = await ctx.database.db.select().from(taxes).where(eq(taxes.ID, created.ID));
    expect(stored).toMatchObject({ name: 'City Tax', value: 8.875 });
  });

  it.each([
    [{ name: 'Negative', value: -1 }, 'value: cannot be negative'],
    [{ name: 'Too much', value: 101 }, 'value: is a percent and cannot be more than 100'],
    [{ name: '   ', value: 5 }, 'name: is required'],
    [{ value: 5 }, 'name: is required'],
    [{ name: 'No value' }, 'value: is required'],
    [{ name: 'Text value', value: '5' }, 'value: must be a number (a percent)'],
    [{ name: 'Extra', value: 5, colour: 'red' }, 'unknown field colour'],
  ])('refuses %o with a clear message and writes nothing', async (payload, message) => {
    const res = await as('admin', { method: 'POST', url: '/api/tax', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await ctx.database.db.$count(taxes)).toBe(total);
  });

  it('names each refused field under `errors`, for a form to show it under its field', async () => {
    const res = await as('admin', { method: 'POST', url: '/api/tax', payload: { name: ' ', value: 101, colour: 'red' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: 'is required', value: 'is a percent and cannot be more than 100', colour: 'unknown field' });
    const query = await as('admin', { method: 'GET', url: '/api/taxes', query: { colour: 'red' } });
    expect(query.json().errors, 'a query names no form field').toBeUndefined();
  });

  it('refuses malformed JSON', async () => {
    const res = await as('admin', { method: 'POST', url: '/api/tax', headers: { 'content-type': 'application/json' }, payload: '{"name": "x",' });
    expect(res.statusCode).toBe(400);
    expect(res.json().statusCode).toBe(400);
  });

  it('refuses a mod (403) and an anonymous caller (401)', async () => {
    const mod = await as('mod', { method: 'POST', url: '/api/tax', payload: { name: 'Mod tax', value: 1 } });
    expect(mod.statusCode).toBe(403);
    expect(mod.json().message).toBe('A mod cannot create taxes');
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/tax', payload: { name: 'Anon tax', value: 1 } });
    expect(anonymous.statusCode).toBe(401);
    expect(await ctx.database.db.$count(taxes)).toBe(total);
  });
});

describe('GET, PUT and DELETE /api/tax/{id}', () => {
  let id: number;
  beforeEach(async () => {
    [{ ID: id }] = await ctx.database.db.select({ ID: taxes.ID }).from(taxes).where(eq(taxes.name, 'Queens borough levy'));
  });

  it('reads one tax', async () => {
    const res = await as('mod', { method: 'GET', url: `/api/tax/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ID: id, name: 'Queens borough levy', value: 4.5 });
  });

  it('updates only the fields sent', async () => {
    const res = await as('manager', { method: 'PUT', url: `/api/tax/${id}`, payload: { value: 4.875 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ID: id, name: 'Queens borough levy', value: 4.875 });
    const [stored] = await ctx.database.db.select().from(taxes).where(eq(taxes.ID, id));
    expect(stored.value).toBe(4.875);
  });

  it('answers the record unchanged for an empty update', async () => {
    const res = await as('manager', { method: 'PUT', url: `/api/tax/${id}`, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ID: id, value: 4.5 });
  });

  it('refuses a negative value, an empty name or an unknown field on update', async () => {
    for (const [payload, message] of [
      [{ value: -0.5 }, 'value: cannot be negative'],
      [{ name: '' }, 'name: is required'],
      [{ ID: 99 }, 'unknown field ID'],
    ] as const) {
      const res = await as('admin', { method: 'PUT', url: `/api/tax/${id}`, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const [stored] = await ctx.database.db.select().from(taxes).where(eq(taxes.ID, id));
    expect(stored).toMatchObject({ name: 'Queens borough levy', value: 4.5 });
  });

  it('deletes for admins only, answering the deleted record', async () => {
    const manager = await as('manager', { method: 'DELETE', url: `/api/tax/${id}` });
    expect(manager.statusCode).toBe(403);
    // ra-data-simple-rest sends DELETE with Content-Type text/plain and no body.
    const admin = await as('admin', { method: 'DELETE', url: `/api/tax/${id}`, headers: { 'content-type': 'text/plain' } });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({ ID: id, name: 'Queens borough levy' });
    expect(await ctx.database.db.$count(taxes, eq(taxes.ID, id))).toBe(0);
  });

  it('refuses to delete a tax that products carry (409)', async () => {
    const [used] = await ctx.database.db.select({ ID: productTaxes.product_tax_id }).from(productTaxes).limit(1);
    const res = await as('admin', { method: 'DELETE', url: `/api/tax/${used.ID}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This refers to a record that does not exist, or is still used by other records');
    expect(await ctx.database.db.$count(taxes, eq(taxes.ID, used.ID))).toBe(1);
  });

  it('answers 404 for a missing id on every item route', async () => {
    const missing = id + 1000;
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await as('admin', { method, url: `/api/tax/${missing}`, ...(method === 'PUT' && { payload: { value: 1 } }) });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().message).toBe('Tax not found');
    }
  });

  it('answers 400 for an id that is not a positive whole number', async () => {
    for (const bad of ['abc', '0', '1.5', '-3']) {
      const res = await as('admin', { method: 'GET', url: `/api/tax/${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/^id: /);
    }
  });

  it('refuses a mod editing (403)', async () => {
    const res = await as('mod', { method: 'PUT', url: `/api/tax/${id}`, payload: { value: 1 } });
    expect(res.statusCode).toBe(403);
  });
});

describe('fees', () => {
  it('goes through the same calls: POST /fee, GET /fees, PUT /fee/{id}, DELETE /fee/{id}', async () => {
    const created = await as('admin', { method: 'POST', url: '/api/fee', payload: { name: 'Late cancellation fee', value: 3 } });
    expect(created.statusCode).toBe(201);
    const { ID } = created.json();

    const list = await as('referee', { method: 'GET', url: '/api/fees', query: query({ filter: { q: 'cancellation LATE' } }) });
    expect(list.json()).toEqual([expect.objectContaining({ ID, name: 'Late cancellation fee', value: 3 })]);
    expect(list.headers['content-range']).toBe('fees 0-0/1');

    const negative = await as('admin', { method: 'POST', url: '/api/fee', payload: { name: 'Refund', value: -3 } });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe('value: cannot be negative');

    const updated = await as('manager', { method: 'PUT', url: `/api/fee/${ID}`, payload: { name: 'Card fee' } });
    expect(updated.json()).toMatchObject({ ID, name: 'Card fee', value: 3 });

    expect((await as('admin', { method: 'DELETE', url: `/api/fee/${ID}` })).statusCode).toBe(200);
    const gone = await as('admin', { method: 'GET', url: `/api/fee/${ID}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Fee not found');
  });

  it('refuses a mod creating a fee', async () => {
    const res = await as('mod', { method: 'POST', url: '/api/fee', payload: { name: 'Mod fee', value: 1 } });
    expect(res.statusCode).toBe(403);
  });
});
