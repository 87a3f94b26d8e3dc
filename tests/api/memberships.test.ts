import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../core/time';
import { customers, families, fees, gls, invoiceItems, invoices, memberships, productFees, productTaxes, products, taxes } from '../../server/db/schema';
import { insertCustomer } from './support/customers';
import { createTestContext, type TestContext } from './harness';

// Memberships (spec 1 §5, §7): POST /memberships/active, POST /membership with its invoice under
// product type 18, PUT /membership/{id} (transfer or extend).

let ctx: TestContext;
let admin: string;
let manager: string;
let mod: string;
let productId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ admin, manager, mod } = await ctx.signInStaff());
  // A membership product of its own: 8.875 % tax and a 3 % fee, valid 30 days.
  const { db } = ctx.database;
  const [gl] = await db.insert(gls).values({ code: '60001', product_type_id: 18 }).returning();
  const [product] = await db.insert(products).values({ name: 'Test membership', gl_id: gl.ID, base_price: 4000, duration: 30 * 86400 }).returning();
  const [tax] = await db.insert(taxes).values({ name: 'Test tax', value: 8.875 }).returning();
  const [fee] = await db.insert(fees).values({ name: 'Test fee', value: 3 }).returning();
  await db.insert(productTaxes).values({ new_product_id: product.ID, product_tax_id: tax.ID });
  await db.insert(productFees).values({ new_product_id: product.ID, product_fee_id: fee.ID });
  productId = product.ID;
});
afterAll(async () => { await ctx?.close(); });

const customer = (values: Partial<typeof customers.$inferInsert> = {}) => insertCustomer(ctx.database.db, values);

async function family() {
  const parent = await customer();
  const child = await customer({ is_kid: true });
  await ctx.database.db.insert(families).values({ parent_id: parent.ID, child_id: child.ID });
  return { parent, child };
}

describe('GET /membership/products', () => {
  it('offers the membership products only, prices in dollars', async () => {
    const res = await ctx.as(mod, { method: 'GET', url: '/api/membership/products' });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<{ ID: number; name: string; base_price: number }>;
    expect(rows).toContainEqual(expect.objectContaining({ ID: productId, name: 'Test membership', base_price: 40 }));
    expect(rows.map((r) => r.name)).not.toContain('Adult Field Rental');
  });
});

describe('POST /membership', () => {
  it('creates the membership and its invoice with taxes and fees, in dollars', async () => {
    const { parent, child } = await family();
    const before = nowSeconds();
    const res = await ctx.as(mod, {
      method: 'POST', url: '/api/membership', payload: { sub_customer_id: child.ID, member_customer_id: parent.ID, new_product_id: productId, amount: 40 },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    // 40.00 + 8.875 % (3.55) + 3 % (1.20) = 44.75
    expect(body).toMatchObject({ sub_customer_id: child.ID, member_customer_id: parent.ID, is_free: false, invoice: { total: 44.75 } });
    expect(body.valid_until).toBeGreaterThanOrEqual(before + 30 * 86400);
    const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.ID, body.invoice.ID));
    expect(invoice).toMatchObject({ customer_id: parent.ID, product_type_id: 18, facility_id: 1 });
    const [item] = await ctx.database.db.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, invoice.ID));
    expect(item).toMatchObject({ price: 4000, quantity: 1, amount_taxes: 355, amount_fees: 120, new_product_id: productId });
    const profile = (await ctx.as(mod, { method: 'GET', url: `/api/customer/${parent.ID}` })).json();
    expect(profile.totals).toEqual({ invoiced: 44.75, paid: 0, balance: 44.75 });
    expect(profile.memberships).toEqual([expect.objectContaining({ ID: body.ID, valid: true, holder: expect.objectContaining({ ID: child.ID }) })]);
  });

  it('refuses with the spec’s messages and writes nothing', async () => {
    const { parent, child } = await family();
    const stranger = await customer();
    const count = () => ctx.database.db.$count(memberships, eq(memberships.member_customer_id, parent.ID));
    const cases = [
      [{ member_customer_id: parent.ID, new_product_id: productId, amount: 10 }, 'Please select a family member'],
      [{ sub_customer_id: child.ID, new_product_id: productId, amount: 10 }, "We couldn't add the membership"],
      [{ sub_customer_id: stranger.ID, member_customer_id: parent.ID, new_product_id: productId, amount: 10 }, 'Please select a family member'],
      [{ sub_customer_id: child.ID, member_customer_id: parent.ID, new_product_id: productId, amount: 0 }, 'The amount must be above zero'],
      [{ sub_customer_id: child.ID, member_customer_id: parent.ID, new_product_id: productId }, 'The amount must be above zero'],
      [{ sub_customer_id: child.ID, member_customer_id: parent.ID, new_product_id: 1, amount: 10 }, 'Please select a membership product'],
      // Selling a membership that has already ended, or ends absurdly late, would invoice a typo.
      [{ sub_customer_id: child.ID, member_customer_id: parent.ID, new_product_id: productId, amount: 10, valid_until: nowSeconds() - 365 * 86400 }, 'Please select a valid date'],
      [{ sub_customer_id: child.ID, member_customer_id: parent.ID, new_product_id: productId, amount: 10, valid_until: 1e15 }, 'Please select a valid date'],
      [{ sub_customer_id: child.ID, member_customer_id: parent.ID, new_product_id: productId, amount: 10, valid_until: 'soon' }, 'Please select a valid date'],
      [{ sub_customer_id: child.ID, member_customer_id: parent.ID, new_product_id: productId, amount: 1e15 }, 'amount: must be at most $1,000,000.00'],
    ] as const;
    for (const [payload, message] of cases) {
      const res = await ctx.as(manager, { method: 'POST', url: '/api/membership', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await count()).toBe(0);
    expect(await ctx.database.db.$count(invoices, eq(invoices.customer_id, parent.ID))).toBe(0);
  });

  it('gives a free membership (no invoice) only for admins', async () => {
    const { parent } = await family();
    const payload = { sub_customer_id: parent.ID, member_customer_id: parent.ID, new_product_id: productId, is_free: true };
    expect((await ctx.as(manager, { method: 'POST', url: '/api/membership', payload })).statusCode).toBe(403);
    const res = await ctx.as(admin, { method: 'POST', url: '/api/membership', payload });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ is_free: true, invoice: null });
    expect(await ctx.database.db.$count(invoices, eq(invoices.customer_id, parent.ID))).toBe(0);
  });
});

describe('POST /memberships/active and PUT /membership/{id}', () => {
  it('marks active holders only, within the user’s facility', async () => {
    const { db } = ctx.database;
    const active = await customer();
    const expired = await customer();
    const elsewhere = await customer({ facility_id: 2 });
    const now = nowSeconds();
    await db.insert(memberships).values([
      { sub_customer_id: active.ID, member_customer_id: active.ID, valid_until: now + 86400 },
      { sub_customer_id: expired.ID, member_customer_id: expired.ID, valid_until: now - 86400 },
      { sub_customer_id: elsewhere.ID, member_customer_id: elsewhere.ID, valid_until: now + 86400 },
    ]);
    const res = await ctx.as(manager, { method: 'POST', url: '/api/memberships/active', payload: { customer_ids: [active.ID, expired.ID, elsewhere.ID] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: { sub_customer_id: number }) => m.sub_customer_id)).toEqual([active.ID]);
  });

  it('transfers and extends for managers, with the spec’s messages', async () => {
    const { parent, child } = await family();
    const [m] = await ctx.database.db.insert(memberships)
      .values({ sub_customer_id: parent.ID, member_customer_id: parent.ID, valid_until: nowSeconds() + 86400 }).returning();
    const url = `/api/membership/${m.ID}`;
    expect((await ctx.as(mod, { method: 'PUT', url, payload: { valid_until: nowSeconds() + 9e5 } })).statusCode).toBe(403);
    for (const [payload, message] of [
      [{}, 'A problem happened'],
      [{ sub_customer_id: 'x' }, 'Please select a valid customer'],
      [{ sub_customer_id: 99_999_999 }, 'Please select a valid customer'],
      [{ valid_until: 'soon' }, 'Please select a valid date'],
      [{ valid_until: 1000 }, 'Please select a valid date'],
    ] as const) {
      const res = await ctx.as(manager, { method: 'PUT', url, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const until = nowSeconds() + 400 * 86400;
    const res = await ctx.as(manager, { method: 'PUT', url, payload: { sub_customer_id: child.ID, valid_until: until } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sub_customer_id: child.ID, valid_until: until });
  });
});
