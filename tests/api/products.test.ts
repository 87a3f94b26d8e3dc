import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../../server/auth/session';
import { events, fields, gls, productVariations, products, users } from '../../server/db/schema';
import { createTestContext, type TestContext } from './harness';

// Products and GLs (spec 3 §7, spec 2 §7): /newproduct and its facility settings, taxes, fees and
// field types, and the prices of products and bookings. The reference seed's catalog is there; the
// tests add their own products beside it.

let ctx: TestContext;
const tokens: Record<string, string> = {};
type Who = 'admin' | 'manager' | 'manager2' | 'mod' | 'referee';
const as = (who: Who, options: InjectOptions) => ctx.as(tokens[who], options);
const get = (who: Who, url: string, query?: Record<string, string>) => as(who, { method: 'GET', url, query });
const send = (who: Who, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => as(who, { method, url, payload });

/** Seed GL ids by code. */
const GL: Record<string, number> = {};
/** Seed product 5 (Adult Field Rental, GL 10000) and 13 (Youth Class Season, product type 10). */
const RENTAL = 5;

/** Unix seconds of a New York wall-clock time in November 2026 (UTC−5); Wed 18 is a weekday, Sat 21 a weekend day. */
const ny = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour + 5, minute) / 1000;

const rentalBody = (extra: object = {}) => ({
  name: 'Test 6v6 rental', gl_id: GL['10000'], base_price: 150.5, duration: 3600, field_types: [1, 2], taxes: [1], fees: [1], ...extra,
});
async function createProduct(body: object = rentalBody()): Promise<{ ID: number }> {
  const res = await send('admin', 'POST', '/api/newproduct', body);
  expect(res.statusCode).toBe(201);
  return res.json();
}

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.database;
  for (const who of ['admin', 'manager', 'manager2', 'mod', 'referee'] as const) {
    const [user] = await db.select({ ID: users.ID }).from(users).where(eq(users.email, `${who}@touchline.test`));
    tokens[who] = await openSession(db, user.ID, ctx.config);
  }
  for (const gl of await db.select().from(gls)) GL[gl.code] = gl.ID;
});
afterAll(async () => { await ctx?.close(); });

describe('GET /api/newproduct', () => {
  it('lists live products with their GL and product type, prices in dollars, for every role', async () => {
    const res = await get('referee', '/api/newproduct');
    expect(res.statusCode).toBe(200);
    const rental = res.json().find((p: { ID: number }) => p.ID === RENTAL);
    expect(rental).toMatchObject({
      name: 'Adult Field Rental', base_price: 150, peak_price: 180, off_peak_price: 120, duration: 3600,
      gl: { code: '10000', product_type_id: 1, product_type: { ID: 1, name: 'Adult Rental', category: 'rental' } },
    });
    expect(res.headers['content-range']).toMatch(/^products 0-\d+\/\d+$/);
  });

  it('matches every word of q against the name, GL code or product type', async () => {
    const res = await get('admin', '/api/newproduct', { q: 'field RENTAL youth' });
    expect(res.json().map((p: { name: string }) => p.name)).toEqual(['Youth Field Rental']);
    // 'contract' is in the product type's name, '103' in the GL code.
    const across = await get('admin', '/api/newproduct', { q: 'youth contract 103' });
    expect(across.json().map((p: { name: string }) => p.name)).toEqual(['Youth Contract Rental']);
    const byCode = await get('admin', '/api/newproduct', { q: '60000' });
    expect(byCode.json().map((p: { name: string }) => p.name).sort()).toEqual(['Annual Membership', 'Monthly Membership']);
  });

  it('filters by product type and GL, pages with range and counts with Content-Range', async () => {
    const byType = await get('admin', '/api/newproduct', { product_type_id: '10' });
    expect(byType.json().map((p: { name: string }) => p.name)).toEqual(['Youth Class Season']);
    const byGl = await get('admin', '/api/newproduct', { filter: JSON.stringify({ gl_id: GL['60000'] }), sort: '["name","DESC"]', range: '[1,1]' });
    expect(byGl.json().map((p: { name: string }) => p.name)).toEqual(['Annual Membership']);
    expect(byGl.headers['content-range']).toBe('products 1-1/2');
  });

  it('keeps the products sold at a facility, pinned to their own facility for non-admins', async () => {
    const { ID } = await createProduct(rentalBody({ name: 'Only in the Bronx' }));
    expect((await send('admin', 'POST', '/api/newproduct/settings', { new_product_id: ID, facility_id: 3 })).statusCode).toBe(201);
    const names = async (who: Who, facility: string) =>
      (await get(who, '/api/newproduct', { facility_id: facility, q: 'bronx' })).json().map((p: { name: string }) => p.name);
    expect(await names('admin', '3')).toEqual(['Only in the Bronx']);
    expect(await names('admin', '2')).toEqual([]);
    // The manager of facility 1 asking for facility 3 gets facility 1.
    expect(await names('manager', '3')).toEqual([]);
  });

  it('answers 400 for an unknown filter', async () => {
    expect((await get('admin', '/api/newproduct', { colour: 'red' })).statusCode).toBe(400);
  });
});

describe('GET /api/newproduct/{id}', () => {
  it('answers the product with its variations, taxes, fees and field types', async () => {
    const res = await get('mod', `/api/newproduct/${RENTAL}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ID: RENTAL, gl: { code: '10000', product_type_id: 1 } });
    expect(body.field_types.map((f: { field_type_id: number }) => f.field_type_id)).toEqual([1, 2, 4]);
    expect(body.taxes.map((t: { product_tax_id: number }) => t.product_tax_id)).toEqual([1, 2, 3]);
    expect(body.fees).toMatchObject([{ product_fee_id: 1, fee: { name: 'Card processing', value: 3 } }]);
    // A mod of facility 1 sees facility 1's variation only.
    expect(body.variations).toMatchObject([{ facility_id: 1, base_price: 150, peak_price: 180 }]);
  });

  it('shows an admin every facility', async () => {
    const body = (await get('admin', `/api/newproduct/${RENTAL}`)).json();
    expect(body.variations.length).toBeGreaterThan(10);
    expect(body.variations.find((v: { facility_id: number }) => v.facility_id === 6)).toMatchObject({ peak_price: 198 });
  });

  it('answers 404 for a product that does not exist', async () => {
    expect((await get('admin', '/api/newproduct/999999')).statusCode).toBe(404);
  });
});

describe('POST /api/newproduct', () => {
  it('creates a rental with its links, storing cents', async () => {
    const res = await send('manager', 'POST', '/api/newproduct', rentalBody());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Test 6v6 rental', base_price: 150.5, duration: 3600, gl: { code: '10000' }, variations: [] });
    expect(body.field_types.map((f: { field_type_id: number }) => f.field_type_id)).toEqual([1, 2]);
    expect(body.taxes.map((t: { product_tax_id: number }) => t.product_tax_id)).toEqual([1]);
    const [stored] = await ctx.database.db.select().from(products).where(eq(products.ID, body.ID));
    expect(stored.base_price).toBe(15050);
  });

  it('keeps only the prices the GL asks for', async () => {
    const body = { name: 'Test league', gl_id: GL['01000'], team_price: 1000, deposit_price: 200, full_price: 1000, peak_price: 99, duration: 60 };
    const created = (await send('admin', 'POST', '/api/newproduct', body)).json();
    expect(created).toMatchObject({ team_price: 1000, deposit_price: 200, full_price: 1000, peak_price: 0, duration: 0, early_bird_price: 0 });
  });

  it('stores a membership duration given in seconds of whole days', async () => {
    const created = await createProduct({ name: 'Test weekly pass', gl_id: GL['60000'], base_price: 20, duration: 7 * 86400 });
    expect((await get('admin', `/api/newproduct/${created.ID}`)).json()).toMatchObject({ duration: 604800, base_price: 20 });
  });

  it.each([
    // Bodies are built when the test runs, once the seed's GL ids are known.
    ['a negative price', () => rentalBody({ base_price: -5 }), 'base_price: Must be at least 0'],
    ["a GL prefix's required price missing", () => ({ name: 'L', gl_id: GL['01000'], team_price: 10, deposit_price: 2 }), 'full_price: Required'],
    ['a rental without base or peak prices', () => rentalBody({ base_price: null, peak_price: 10 }), 'base_price: Enter a base price, or both peak and off-peak prices'],
    ['a rental without field types', () => rentalBody({ field_types: [] }), 'field_types: Pick at least one field type'],
    ['a duration that is not whole minutes', () => rentalBody({ duration: 90 }), 'duration: Must be a whole number of minutes above 0'],
    ['a fraction of a cent', () => rentalBody({ base_price: 1.234 }), 'base_price: An amount has at most two decimals'],
    ['a price past the ceiling', () => rentalBody({ base_price: 2_000_000 }), 'base_price: Must be at most $1,000,000.00'],
    ['no name', () => rentalBody({ name: '' }), 'name: Required'],
    ['no GL', () => rentalBody({ gl_id: undefined }), 'gl_id: Required'],
    ['an unknown GL', () => rentalBody({ gl_id: 99999 }), 'gl_id: no GL with ID 99999'],
    ['an unknown field type', () => rentalBody({ field_types: [99999] }), 'field_types: no record with ID 99999'],
    ['an unknown field', () => rentalBody({ colour: 'red' }), 'unknown field colour'],
  ])('answers 400 for %s and stores nothing', async (_, body, message) => {
    const before = await ctx.database.db.$count(products);
    const res = await send('admin', 'POST', '/api/newproduct', body());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await ctx.database.db.$count(products)).toBe(before);
  });

  it('refuses a mod (403) and an anonymous caller (401)', async () => {
    expect((await send('mod', 'POST', '/api/newproduct', rentalBody())).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/newproduct', payload: rentalBody() })).statusCode).toBe(401);
  });
});

describe('PUT /api/newproduct/{id}', () => {
  it('changes what is sent and keeps the rest', async () => {
    const { ID } = await createProduct();
    const res = await send('admin', 'PUT', `/api/newproduct/${ID}`, { peak_price: 200, off_peak_price: 100, taxes: [2, 3] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ base_price: 150.5, peak_price: 200, off_peak_price: 100, duration: 3600 });
    expect(res.json().taxes.map((t: { product_tax_id: number }) => t.product_tax_id)).toEqual([2, 3]);
    expect(res.json().field_types).toHaveLength(2);
  });

  it('checks the whole product against a new GL', async () => {
    const { ID } = await createProduct({ name: 'Test beer', gl_id: GL['41000'], base_price: 7 });
    const res = await send('admin', 'PUT', `/api/newproduct/${ID}`, { gl_id: GL['10000'], duration: 3600 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('field_types: Pick at least one field type');
  });

  it('answers 400 for a negative price, 403 for a mod, 404 for an unknown product', async () => {
    const { ID } = await createProduct();
    expect((await send('admin', 'PUT', `/api/newproduct/${ID}`, { base_price: -1 })).statusCode).toBe(400);
    expect((await send('mod', 'PUT', `/api/newproduct/${ID}`, { base_price: 1 })).statusCode).toBe(403);
    expect((await send('admin', 'PUT', '/api/newproduct/999999', { base_price: 1 })).statusCode).toBe(404);
  });
});

describe('DELETE /api/newproduct/{id}', () => {
  it('hides an unused product', async () => {
    const { ID } = await createProduct();
    const res = await send('manager', 'DELETE', `/api/newproduct/${ID}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted_at).toEqual(expect.any(Number));
    expect((await get('admin', `/api/newproduct/${ID}`)).statusCode).toBe(404);
    expect((await get('admin', '/api/newproduct')).json().some((p: { ID: number }) => p.ID === ID)).toBe(false);
  });

  it('refuses (409) a product an event uses, and a mod (403)', async () => {
    const { ID } = await createProduct();
    await ctx.database.db.insert(events).values({ product_type_id: 1, field_id: 1, facility_id: 1, start_date: ny(18, 19), end_date: ny(18, 20), new_product_id: ID });
    expect((await send('mod', 'DELETE', `/api/newproduct/${ID}`)).statusCode).toBe(403);
    const res = await send('admin', 'DELETE', `/api/newproduct/${ID}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This product is used by invoices or events and cannot be deleted');
    expect((await get('admin', `/api/newproduct/${ID}`)).statusCode).toBe(200);
  });
});

describe('facility settings /api/newproduct/settings', () => {
  it('creates a variation from the base prices and the overrides given', async () => {
    const { ID } = await createProduct();
    const res = await send('admin', 'POST', '/api/newproduct/settings', { new_product_id: ID, facility_id: 4, peak_price: 170 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ new_product_id: ID, facility_id: 4, base_price: 150.5, peak_price: 170, available: true });
    const again = await send('admin', 'POST', '/api/newproduct/settings', { new_product_id: ID, facility_id: 4 });
    expect(again.statusCode).toBe(409);
  });

  it("pins a manager's new variation to their own facility", async () => {
    const { ID } = await createProduct();
    const res = await send('manager2', 'POST', '/api/newproduct/settings', { new_product_id: ID, facility_id: 5 });
    expect(res.statusCode).toBe(201);
    expect(res.json().facility_id).toBe(2);
  });

  it("lets a manager change their facility's variation but not another's (404)", async () => {
    const { ID } = await createProduct();
    const mine = (await send('admin', 'POST', '/api/newproduct/settings', { new_product_id: ID, facility_id: 1 })).json();
    const theirs = (await send('admin', 'POST', '/api/newproduct/settings', { new_product_id: ID, facility_id: 2 })).json();
    const ok = await send('manager', 'PUT', `/api/newproduct/settings/${mine.ID}`, { base_price: 99.99, available: false });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ base_price: 99.99, available: false, peak_price: 0 });
    expect((await send('manager', 'PUT', `/api/newproduct/settings/${theirs.ID}`, { base_price: 1 })).statusCode).toBe(404);
    expect((await send('manager', 'DELETE', `/api/newproduct/settings/${theirs.ID}`)).statusCode).toBe(404);
    const [untouched] = await ctx.database.db.select().from(productVariations).where(eq(productVariations.ID, theirs.ID));
    expect(untouched.base_price).toBe(15050);
  });

  it('answers 400 for a negative price or an unknown field, 403 for a mod', async () => {
    const { ID } = await createProduct();
    const v = (await send('admin', 'POST', '/api/newproduct/settings', { new_product_id: ID, facility_id: 1 })).json();
    expect((await send('admin', 'PUT', `/api/newproduct/settings/${v.ID}`, { full_price: -3 })).statusCode).toBe(400);
    expect((await send('admin', 'PUT', `/api/newproduct/settings/${v.ID}`, { facility_id: 2 })).statusCode).toBe(400);
    expect((await send('admin', 'POST', '/api/newproduct/settings', { new_product_id: ID, facility_id: 3, base_price: -1 })).statusCode).toBe(400);
    expect((await send('mod', 'PUT', `/api/newproduct/settings/${v.ID}`, { base_price: 1 })).statusCode).toBe(403);
  });

  it('deletes an unused variation and refuses (409) one an event uses', async () => {
    const { ID } = await createProduct();
    const unused = (await send('admin', 'POST', '/api/newproduct/settings', { new_product_id: ID, facility_id: 1 })).json();
    expect((await send('manager', 'DELETE', `/api/newproduct/settings/${unused.ID}`)).statusCode).toBe(200);
    expect((await send('manager', 'DELETE', `/api/newproduct/settings/${unused.ID}`)).statusCode).toBe(404);
    const used = (await send('admin', 'POST', '/api/newproduct/settings', { new_product_id: ID, facility_id: 1 })).json();
    await ctx.database.db.insert(events).values({ product_type_id: 1, field_id: 1, facility_id: 1, start_date: ny(18, 19), end_date: ny(18, 20), product_id: used.ID });
    expect((await send('admin', 'DELETE', `/api/newproduct/settings/${used.ID}`)).statusCode).toBe(409);
  });
});

describe("the spec's product calls /api/product and /api/product/{id} (spec 3 §7)", () => {
  it('create, change and delete a product at a facility: the variation /newproduct/settings and the product page show', async () => {
    const { ID } = await createProduct();
    const created = await send('manager2', 'POST', '/api/product', { new_product_id: ID, facility_id: 5, full_price: 80 });
    expect(created.statusCode).toBe(201);
    // A manager's own facility whatever was sent; prices not given are the base product's.
    expect(created.json()).toMatchObject({ new_product_id: ID, facility_id: 2, base_price: 150.5, full_price: 80, available: true });
    const variation = created.json().ID;
    const changed = await send('admin', 'PUT', `/api/product/${variation}`, { base_price: 140.25, available: false });
    expect(changed.json()).toMatchObject({ ID: variation, base_price: 140.25, available: false });
    const [stored] = await ctx.database.db.select().from(productVariations).where(eq(productVariations.ID, variation));
    expect(stored).toMatchObject({ base_price: 14025, full_price: 8000, available: false });
    const detail = (await get('admin', `/api/newproduct/${ID}`)).json();
    expect(detail.variations.map((v: { ID: number }) => v.ID)).toEqual([variation]);
    expect((await send('admin', 'DELETE', `/api/product/${variation}`)).statusCode).toBe(200);
    expect((await send('admin', 'DELETE', `/api/product/${variation}`)).statusCode).toBe(404);
    expect(await ctx.database.db.$count(productVariations, eq(productVariations.ID, variation))).toBe(0);
  });

  it("refuses a mod (403), another facility's manager (404), a bad price (400) and a product in use (409)", async () => {
    const { ID } = await createProduct();
    expect((await send('mod', 'POST', '/api/product', { new_product_id: ID, facility_id: 1 })).statusCode).toBe(403);
    const bad = await send('admin', 'POST', '/api/product', { new_product_id: ID, facility_id: 1, base_price: 1.005 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('base_price: An amount has at most two decimals');
    const used = (await send('admin', 'POST', '/api/product', { new_product_id: ID, facility_id: 1 })).json();
    expect((await send('manager2', 'PUT', `/api/product/${used.ID}`, { base_price: 1 })).statusCode).toBe(404);
    expect((await send('manager2', 'DELETE', `/api/product/${used.ID}`)).statusCode).toBe(404);
    await ctx.database.db.insert(events).values({ product_type_id: 1, field_id: 1, facility_id: 1, start_date: ny(18, 19), end_date: ny(18, 20), product_id: used.ID });
    const refused = await send('admin', 'DELETE', `/api/product/${used.ID}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('These facility settings are used by invoices or events and cannot be deleted');
    const [kept] = await ctx.database.db.select().from(productVariations).where(eq(productVariations.ID, used.ID));
    expect(kept.base_price).toBe(15050);
  });
});

describe('taxes, fees and field types of a product', () => {
  it.each([
    ['/api/newproduct/tax', 'product_tax_id', 2],
    ['/api/newproduct/fee', 'product_fee_id', 2],
    ['/api/newproduct/fieldtype', 'field_type_id', 3],
  ] as const)('%s adds and removes one link', async (path, column, target) => {
    const { ID } = await createProduct();
    const res = await send('manager', 'POST', path, { product_id: ID, [column]: target });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ new_product_id: ID, [column]: target });
    expect((await send('manager', 'POST', path, { product_id: ID, [column]: target })).statusCode).toBe(409);
    expect((await send('admin', 'POST', path, { product_id: ID, [column]: 99999 })).statusCode).toBe(400);
    expect((await send('admin', 'POST', path, { product_id: 999999, [column]: target })).statusCode).toBe(404);
    expect((await send('mod', 'POST', path, { product_id: ID, [column]: target })).statusCode).toBe(403);
    expect((await send('admin', 'DELETE', `${path}/${res.json().ID}`)).statusCode).toBe(200);
    expect((await send('admin', 'DELETE', `${path}/${res.json().ID}`)).statusCode).toBe(404);
  });
});

describe('prices', () => {
  it('GET /newproduct/prices/{type} lists the products of a type with their price at the facility', async () => {
    const res = await get('mod', '/api/newproduct/prices/10', { facility_id: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{
      product_id: expect.any(Number), new_product_id: 13, facility_id: 1, text: 'Youth Class Season - $240.00',
      product: expect.objectContaining({ ID: 13, name: 'Youth Class Season', base_price: 240, individual_price: 30, gl: expect.objectContaining({ code: '14001' }) }),
    }]);
    // Another facility, another price (Queens is 0.95 of the list price); a manager gets their own.
    expect((await get('admin', '/api/newproduct/prices/10', { facility_id: '2' })).json()[0].product.base_price).toBe(228);
    expect((await get('manager', '/api/newproduct/prices/10', { facility_id: '2' })).json()[0].facility_id).toBe(1);
    expect((await get('admin', '/api/newproduct/prices/10')).statusCode).toBe(400);
  });

  it('GET /product/prices/{id} answers the list price at the facility', async () => {
    const res = await get('referee', `/api/product/prices/${RENTAL}`, { facility_id: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ new_product_id: RENTAL, facility_id: 1, price: 150, peak_price: 180, off_peak_price: 120 });
  });

  it('prices a booking by the peak hours of its field (weekday peak 18–22, weekend 10–14)', async () => {
    const price = async (facility: number, field: number, start: number, end: number) => {
      const res = await get('admin', `/api/product/prices/${RENTAL}`, {
        facility_id: String(facility), booking_date: '1', start: String(start), end: String(end), field_id: String(field),
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    expect(await price(1, 1, ny(18, 19), ny(18, 20))).toMatchObject({ price: 180, peak_minutes: 60, off_peak_minutes: 0 });
    expect(await price(1, 1, ny(18, 17, 30), ny(18, 18, 30))).toMatchObject({ price: 150, peak_minutes: 30, off_peak_minutes: 30 });
    expect(await price(1, 1, ny(21, 19), ny(21, 20))).toMatchObject({ price: 120 });
    // Los Angeles (facility 6, prices × 1.1): 19:00 in New York is 16:00 there, off-peak.
    const [laField] = await ctx.database.db.select().from(fields).where(and(eq(fields.facility_id, 6), eq(fields.number, 1)));
    expect(await price(6, laField.ID, ny(18, 19), ny(18, 20))).toMatchObject({ price: 132 });
  });

  it('answers 400 without the booking times, 404 for a field of another facility or a product not sold there', async () => {
    const url = `/api/product/prices/${RENTAL}`;
    expect((await get('admin', url, { facility_id: '1', booking_date: '1' })).statusCode).toBe(400);
    expect((await get('admin', url, { facility_id: '1', booking_date: '1', start: String(ny(18, 20)), end: String(ny(18, 19)) })).statusCode).toBe(400);
    const [otherField] = await ctx.database.db.select().from(fields).where(eq(fields.facility_id, 2));
    expect((await get('admin', url, {
      facility_id: '1', booking_date: '1', start: String(ny(18, 19)), end: String(ny(18, 20)), field_id: String(otherField.ID),
    })).statusCode).toBe(404);
    const { ID } = await createProduct();
    expect((await get('admin', `/api/product/prices/${ID}`, { facility_id: '1' })).statusCode).toBe(404);
  });
});
