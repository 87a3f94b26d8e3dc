import { and, eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openSession } from '../../server/auth/session';
import { changelog, discountApplications, discountRules, discounts, invoices, users } from '../../server/db/schema';
import { createTestContext, type TestContext } from './harness';

// Discounts and discount rules (spec 1 §2, §4, §7): GET/POST /discount, PUT /discount/{id}?expired=1,
// DELETE /discount/{id}, GET/POST /discount/rule, PUT/DELETE /discount/rule/{id}.

type Who = 'admin' | 'manager' | 'manager2' | 'mod' | 'coach' | 'referee';
let ctx: TestContext;
const tokens = {} as Record<Who, string>;

async function tokenOf(email: string): Promise<string> {
  const [user] = await ctx.database.db.select({ ID: users.ID }).from(users).where(eq(users.email, email));
  return openSession(ctx.database.db, user.ID, ctx.config);
}
const as = (who: Who, options: InjectOptions) => ctx.as(tokens[who], options);
const query = (params: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));

interface Discount { ID: number; name: string; is_percentage: boolean; value: number; expired: boolean }
const names = (rows: Discount[]) => rows.map((d) => d.name);

let spring: Discount;
let staffTen: Discount;
let oldPromo: Discount;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const who of ['admin', 'manager', 'manager2', 'mod', 'coach', 'referee'] as const) tokens[who] = await tokenOf(`${who}@touchline.test`);
});
afterAll(async () => { await ctx?.close(); });

beforeEach(async () => {
  await db().delete(changelog).where(inArray(changelog.object_type, ['discount', 'discount_rule']));
  await db().delete(discountRules);
  await db().delete(discountApplications);
  await db().delete(discounts);
  const rows = await db()
    .insert(discounts)
    .values([
      { name: 'Spring sale', is_percentage: true, value: 15 },
      { name: 'Staff ten dollars', is_percentage: false, amount: 1000 },
      { name: 'Old promo', is_percentage: true, value: 50, expired: true },
    ])
    .returning();
  const byName = (name: string) => rows.find((r) => r.name === name)!;
  [spring, staffTen, oldPromo] = [byName('Spring sale'), byName('Staff ten dollars'), byName('Old promo')] as unknown as Discount[];
});

describe('GET /api/discount', () => {
  it('hides expired discounts by default and answers value as percent or dollars', async () => {
    const res = await as('mod', { method: 'GET', url: '/api/discount' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { ID: spring.ID, name: 'Spring sale', is_percentage: true, value: 15, expired: false, CreatedAt: expect.any(Number), UpdatedAt: expect.any(Number) },
      { ID: staffTen.ID, name: 'Staff ten dollars', is_percentage: false, value: 10, expired: false, CreatedAt: expect.any(Number), UpdatedAt: expect.any(Number) },
    ]);
    expect(res.headers['content-range']).toBe('discounts 0-1/2');
  });

  it('lists expired ones too with ?expired=1 or filter {"expired":true}', async () => {
    const plain = await as('admin', { method: 'GET', url: '/api/discount', query: { expired: '1' } });
    expect(names(plain.json())).toEqual(['Old promo', 'Spring sale', 'Staff ten dollars']);
    const simpleRest = await as('admin', { method: 'GET', url: '/api/discount', query: query({ filter: { expired: true, q: 'promo' }, sort: ['name', 'ASC'], range: [0, 9] }) });
    expect(simpleRest.json()).toMatchObject([{ name: 'Old promo', expired: true, value: 50 }]);
    expect(simpleRest.headers['content-range']).toBe('discounts 0-0/1');
  });

  it('refuses coaches and referees', async () => {
    for (const who of ['coach', 'referee'] as const) {
      expect((await as(who, { method: 'GET', url: '/api/discount' })).statusCode).toBe(403);
    }
  });
});

describe('POST /api/discount', () => {
  it('lets an admin add a percentage and a fixed amount (stored in cents)', async () => {
    const percent = await as('admin', { method: 'POST', url: '/api/discount', payload: { name: ' Summer ', is_percentage: true, value: 12.5 } });
    expect(percent.statusCode).toBe(201);
    expect(percent.json()).toMatchObject({ name: 'Summer', is_percentage: true, value: 12.5, expired: false });
    const fixed = await as('admin', { method: 'POST', url: '/api/discount', payload: { name: 'Loyalty', is_percentage: false, value: 25.5 } });
    expect(fixed.statusCode).toBe(201);
    expect(fixed.json()).toMatchObject({ name: 'Loyalty', is_percentage: false, value: 25.5 });
    expect(fixed.json()).not.toHaveProperty('amount');
    const [stored] = await db().select().from(discounts).where(eq(discounts.ID, fixed.json().ID));
    expect(stored).toMatchObject({ amount: 2550, value: null });
  });

  it('refuses everyone but admins (403), writing nothing', async () => {
    for (const who of ['manager', 'mod', 'referee'] as const) {
      const res = await as(who, { method: 'POST', url: '/api/discount', payload: { name: 'Mine', is_percentage: true, value: 5 } });
      expect(res.statusCode).toBe(403);
    }
    expect(await db().$count(discounts)).toBe(3);
    expect(await db().$count(changelog, eq(changelog.object_type, 'discount'))).toBe(0);
  });

  it.each([
    [{ name: 'Big', is_percentage: true, value: 101 }, /value: is a percentage: more than 0 and at most 100/],
    [{ name: 'Zero', is_percentage: true, value: 0 }, /value: is a percentage/],
    [{ name: 'Negative', is_percentage: false, value: -5 }, /value: is an amount in dollars: more than 0/],
    [{ name: 'Cents', is_percentage: false, value: 1.005 }, /value: is an amount in dollars: at most two decimals/],
    [{ name: 'Huge', is_percentage: false, value: 5e6 }, /value: is an amount in dollars: must be at most \$1,000,000\.00/],
    [{ name: '  ', is_percentage: true, value: 5 }, /name: is required/],
    [{ name: 'No type', value: 5 }, /is_percentage: must be true/],
    [{ name: 'Text', is_percentage: true, value: '5' }, /value: must be a number/],
    [{ name: 'Extra', is_percentage: true, value: 5, expired: true }, /unknown field expired/],
  ])('answers 400 for %o and writes nothing', async (payload, message) => {
    const res = await as('admin', { method: 'POST', url: '/api/discount', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await db().$count(discounts)).toBe(3);
  });
});

describe('PUT /api/discount/{id}?expired=1', () => {
  it('expires a discount, which then leaves the default list', async () => {
    const res = await as('admin', { method: 'PUT', url: `/api/discount/${spring.ID}?expired=1` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ID: spring.ID, expired: true, value: 15 });
    const list = await as('admin', { method: 'GET', url: '/api/discount' });
    expect(names(list.json())).toEqual(['Staff ten dollars']);
    const changes = await db().select().from(changelog).where(and(eq(changelog.object_type, 'discount'), eq(changelog.object_id, spring.ID)));
    expect(changes).toMatchObject([{ action: 'expire', user_id: expect.any(Number) }]);
    expect(JSON.parse(changes[0].new_value)).toMatchObject({ ID: spring.ID, expired: true });
  });

  it('lets a manager expire too, but not a mod', async () => {
    expect((await as('mod', { method: 'PUT', url: `/api/discount/${spring.ID}?expired=1` })).statusCode).toBe(403);
    expect((await as('manager', { method: 'PUT', url: `/api/discount/${spring.ID}?expired=1` })).statusCode).toBe(200);
  });

  it('answers 409 when the discount has already expired, and 404 for an unknown one', async () => {
    const again = await as('admin', { method: 'PUT', url: `/api/discount/${oldPromo.ID}?expired=1` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This discount has already expired');
    expect((await as('admin', { method: 'PUT', url: `/api/discount/${spring.ID}?expired=1` })).statusCode).toBe(200);
    expect((await as('admin', { method: 'PUT', url: `/api/discount/${spring.ID}?expired=1` })).statusCode).toBe(409);
    expect((await as('admin', { method: 'PUT', url: '/api/discount/999999?expired=1' })).statusCode).toBe(404);
  });

  it('changes nothing else (400 without ?expired=1 or with a body)', async () => {
    const plain = await as('admin', { method: 'PUT', url: `/api/discount/${spring.ID}`, payload: { name: 'Renamed' } });
    expect(plain.statusCode).toBe(400);
    const withBody = await as('admin', { method: 'PUT', url: `/api/discount/${spring.ID}?expired=1`, payload: { value: 90 } });
    expect(withBody.statusCode).toBe(400);
    const [stored] = await db().select().from(discounts).where(eq(discounts.ID, spring.ID));
    expect(stored).toMatchObject({ name: 'Spring sale', value: 15, expired: false });
  });
});

describe('DELETE /api/discount/{id}', () => {
  it('deletes a discount never applied (admins only)', async () => {
    expect((await as('manager', { method: 'DELETE', url: `/api/discount/${spring.ID}` })).statusCode).toBe(403);
    const res = await as('admin', { method: 'DELETE', url: `/api/discount/${spring.ID}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ID: spring.ID, name: 'Spring sale' });
    expect(await db().$count(discounts, eq(discounts.ID, spring.ID))).toBe(0);
  });

  it('refuses (409) to delete a discount applied to an invoice', async () => {
    const [invoice] = await db().insert(invoices).values({ facility_id: 1, date: 1_767_225_600 }).returning();
    await db().insert(discountApplications).values({ invoice_id: invoice.ID, discount_id: staffTen.ID, amount: 1000 });
    const res = await as('admin', { method: 'DELETE', url: `/api/discount/${staffTen.ID}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/expire it instead/);
    expect(await db().$count(discounts, eq(discounts.ID, staffTen.ID))).toBe(1);
  });
});

describe('discount rules', () => {
  const START = 1_767_225_600; // 2026-01-01 UTC
  const END = START + 30 * 86_400;
  const rule = (overrides: Record<string, unknown> = {}) => ({
    discount_id: spring.ID, facility_id: 1, product_type_id: 2, start_date: START, end_date: END, comment: 'January', ...overrides,
  });

  it('creates a rule and answers it with its discount, facility and product type', async () => {
    const res = await as('admin', { method: 'POST', url: '/api/discount/rule', payload: rule() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      ID: expect.any(Number), discount_id: spring.ID, facility_id: 1, product_type_id: 2, start_date: START, end_date: END, comment: 'January',
      discount: { ID: spring.ID, name: 'Spring sale' }, facility: { ID: 1, name: expect.any(String) }, product_type: { ID: 2, name: expect.any(String) },
    });
    const list = await as('mod', { method: 'GET', url: '/api/discount/rule' });
    expect(list.json()).toMatchObject([{ ID: res.json().ID, discount: { name: 'Spring sale' } }]);
    expect(list.headers['content-range']).toBe('discount_rules 0-0/1');
  });

  it.each([
    [{ end_date: START }, /end_date: must be after the start/],
    [{ end_date: START - 60 }, /end_date: must be after the start/],
    [{ start_date: undefined }, /start_date: is required/],
    [{ discount_id: 999999 }, /discount_id: there is no such discount/],
    [{ facility_id: 999 }, /facility_id: there is no such facility/],
    [{ product_type_id: 999999 }, /product_type_id: there is no such product type/],
    [{ discount_id: 'spring' }, /discount_id: must be a discount ID/],
  ])('refuses %o with 400 and writes nothing', async (overrides, message) => {
    const res = await as('admin', { method: 'POST', url: '/api/discount/rule', payload: rule(overrides) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await db().$count(discountRules)).toBe(0);
  });

  it('refuses a rule for an expired discount', async () => {
    const res = await as('admin', { method: 'POST', url: '/api/discount/rule', payload: rule({ discount_id: oldPromo.ID }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This discount has expired: rules can only offer an active discount');
  });

  it('lets only admins write rules', async () => {
    const res = await as('manager', { method: 'POST', url: '/api/discount/rule', payload: rule() });
    expect(res.statusCode).toBe(403);
    expect(await db().$count(discountRules)).toBe(0);
  });

  it('edits and deletes a rule, keeping the end after the start', async () => {
    const { ID } = (await as('admin', { method: 'POST', url: '/api/discount/rule', payload: rule() })).json();
    const bad = await as('admin', { method: 'PUT', url: `/api/discount/rule/${ID}`, payload: { start_date: END + 60 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('end_date: must be after the start');
    const good = await as('admin', { method: 'PUT', url: `/api/discount/rule/${ID}`, payload: { comment: 'All of January', end_date: END + 86_400 } });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ comment: 'All of January', end_date: END + 86_400, start_date: START });
    expect((await as('manager', { method: 'DELETE', url: `/api/discount/rule/${ID}` })).statusCode).toBe(403);
    const removed = await as('admin', { method: 'DELETE', url: `/api/discount/rule/${ID}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ ID, comment: 'All of January', discount: { ID: spring.ID, name: 'Spring sale' } });
    expect(await db().$count(discountRules)).toBe(0);
    const actions = await db().select({ action: changelog.action }).from(changelog)
      .where(and(eq(changelog.object_type, 'discount_rule'), eq(changelog.object_id, ID))).orderBy(changelog.ID);
    expect(actions.map((c) => c.action)).toEqual(['create', 'update', 'delete']);
  });

  it("searches the comment and the discount's name, and says what a bad filter is", async () => {
    await db().insert(discountRules).values([rule({ comment: 'home' }), rule({ discount_id: staffTen.ID, comment: 'staff only' })] as never);
    const comments = async (q: string) =>
      (await as('admin', { method: 'GET', url: '/api/discount/rule', query: query({ filter: { q } }) })).json().map((r: { comment: string }) => r.comment);
    expect(await comments('spring')).toEqual(['home']);
    expect(await comments('staff')).toEqual(['staff only']);
    expect(await comments('ten only')).toEqual(['staff only']);
    const bad = await as('admin', { method: 'GET', url: '/api/discount/rule', query: { facility_id: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/facility_id: must be 0 \(all\) or a facility ID/);
  });

  it("shows a manager their own facility's rules only", async () => {
    await db().insert(discountRules).values([rule({ comment: 'home' }), rule({ facility_id: 2, comment: 'away' })] as never);
    const mine = await as('manager2', { method: 'GET', url: '/api/discount/rule', query: { facility_id: '1' } });
    expect(mine.json().map((r: { comment: string }) => r.comment)).toEqual(['away']);
    const all = await as('admin', { method: 'GET', url: '/api/discount/rule', query: query({ sort: ['facility_id', 'ASC'] }) });
    expect(all.json().map((r: { comment: string }) => r.comment)).toEqual(['home', 'away']);
    const [home] = await db().select().from(discountRules).where(inArray(discountRules.facility_id, [1]));
    expect((await as('manager2', { method: 'GET', url: `/api/discount/rule/${home.ID}` })).statusCode).toBe(404);
  });
});

describe('list totals (issue 8 item 12)', () => {
  const START = 1_767_225_600;
  const rule = (comment: string, overrides: Record<string, unknown> = {}) =>
    ({ discount_id: spring.ID, facility_id: 1, product_type_id: 2, start_date: START, end_date: START + 86400, comment, ...overrides });

  it('counts the rows it lists: rules without a facility or a product type are listed and counted alike', async () => {
    await db().insert(discountRules).values([
      rule('a'), rule('b'), rule('no product type', { product_type_id: null }), rule('no facility', { facility_id: null }), rule('c'),
    ] as never);
    const pages: string[][] = [];
    for (const range of [[0, 1], [2, 3], [4, 5]]) {
      const res = await as('admin', { method: 'GET', url: '/api/discount/rule', query: query({ range, sort: ['ID', 'ASC'] }) });
      expect(res.statusCode).toBe(200);
      const rows = res.json() as { comment: string }[];
      // Every page tells the same total, and the rows it shows are those positions of that total.
      expect(res.headers['content-range']).toBe(`discount_rules ${range[0]}-${range[0] + rows.length - 1}/5`);
      pages.push(rows.map((r) => r.comment));
    }
    expect(pages).toEqual([['a', 'b'], ['no product type', 'no facility'], ['c']]);
    const orphan = (await as('admin', { method: 'GET', url: '/api/discount/rule', query: query({ filter: { q: 'no product' } }) })).json();
    expect(orphan).toEqual([expect.objectContaining({ comment: 'no product type', product_type: null, facility: { ID: 1, name: expect.any(String) } })]);
  });
});
