import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilities, fields, gls, productFieldTypes, productTypes, productVariations, products } from '../../server/db/schema';
import { FIELD_TYPE } from '../../server/db/seed/fields';
import { bookingProducts, bookingProductsOn } from '../../server/domain/events/bookingProduct';
import type { FieldRow } from '../../server/domain/events/access';
import { createTestContext, type TestContext } from './harness';

// The booking product of many fields read at once (bookingProductsOn: the portal's rental offerings, one
// reading for every field type) is, field by field, the one GET /event/product gives (bookingProducts):
// over the seeded catalog at every facility, for every product type, off-peak and at peak; and, over
// random catalogs, both are the rule's choice — the lowest ID among the type's products sold at the
// facility (available, not deleted) linked to the field's type, else among those linked to none.

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const HOUR = 3600;
/** Tuesday 2 June 2026, 00:00 UTC. */
const TUESDAY = 1_780_358_400;

async function both(productTypeId: number, facility: { ID: number; time_zone: string }, onFields: FieldRow[], times: { start: number; end: number }) {
  const db = ctx.database.db;
  const together = await bookingProductsOn(db, productTypeId, facility.ID, onFields, times, facility.time_zone);
  const oneByOne = [];
  for (const field of onFields) oneByOne.push((await bookingProducts(db, { product_type_id: productTypeId, ...times }, field, facility.time_zone)).product);
  return { together, oneByOne };
}

describe('booking products of many fields at once', () => {
  it('are those of GET /event/product field by field, over the seeded catalog', async () => {
    const db = ctx.database.db;
    const types = await db.select({ ID: productTypes.ID }).from(productTypes);
    const chosen = new Set<string>();
    let compared = 0;
    for (const facility of await db.select({ ID: facilities.ID, time_zone: facilities.time_zone }).from(facilities)) {
      const own = await db.select().from(fields).where(eq(fields.facility_id, facility.ID));
      for (const { ID: type } of types) {
        // 10:00 and 20:00 UTC: off-peak and peak hours in the facilities' zones.
        for (const start of [TUESDAY + 14 * HOUR, TUESDAY + 24 * HOUR]) {
          const { together, oneByOne } = await both(type, facility, own, { start, end: start + 90 * 60 });
          expect(together).toEqual(oneByOne);
          compared += own.length;
          together.forEach((p, i) => chosen.add(p ? `${own[i].new_field_type_id}:${p.new_product_id}:${p.price}` : 'none'));
        }
      }
    }
    // Not vacuous: fields priced by several products and prices, and types with no product.
    expect(compared).toBeGreaterThan(100);
    expect(chosen.has('none')).toBe(true);
    expect(chosen.size).toBeGreaterThan(5);
  }, 120_000);

  it('both choose by the rule over random catalogs', async () => {
    const db = ctx.database.db;
    const [type] = await db.insert(productTypes).values({ name: 'Rule test rental', category: 'rental' }).returning();
    const [gl] = await db.insert(gls).values({ code: '40-RULE', product_type_id: type.ID }).returning();
    const facility = (await db.select({ ID: facilities.ID, time_zone: facilities.time_zone }).from(facilities).where(eq(facilities.ID, 1)))[0];
    const [model] = await db.select().from(fields).where(eq(fields.facility_id, 1)).limit(1);
    const { ID: _id, CreatedAt: _c, UpdatedAt: _u, ...copy } = model;
    await db.insert(fields).values({ ...copy, number: 99, name: 'No type', new_field_type_id: null, parent_field_id: null });
    const onFields = await db.select().from(fields).where(eq(fields.facility_id, 1));
    expect(new Set(onFields.map((f) => f.new_field_type_id)).size).toBeGreaterThan(2);
    const linkable = [FIELD_TYPE.FIVE, FIELD_TYPE.SEVEN, FIELD_TYPE.OUTDOOR];
    const catalog = fc.array(fc.record({
      available: fc.boolean(), deleted: fc.boolean(), links: fc.subarray(linkable), price: fc.integer({ min: 0, max: 20_000 }),
    }), { minLength: 0, maxLength: 5 });

    await fc.assert(fc.asyncProperty(catalog, async (made) => {
      const ids: number[] = [];
      try {
        for (const p of made) {
          const [product] = await db.insert(products).values({ name: 'Rule test', gl_id: gl.ID, base_price: p.price, duration: HOUR, deleted_at: p.deleted ? 1 : null }).returning();
          ids.push(product.ID);
          await db.insert(productVariations).values({ new_product_id: product.ID, facility_id: 1, available: p.available, base_price: p.price });
          if (p.links.length) await db.insert(productFieldTypes).values(p.links.map((field_type_id) => ({ new_product_id: product.ID, field_type_id })));
        }
        const sold = made.map((p, i) => ({ ...p, ID: ids[i] })).filter((p) => p.available && !p.deleted);
        const expected = onFields.map((f) => (sold.find((p) => f.new_field_type_id !== null && (p.links as number[]).includes(f.new_field_type_id))
          ?? sold.find((p) => p.links.length === 0))?.ID ?? null);
        const { together, oneByOne } = await both(type.ID, facility, onFields, { start: TUESDAY + 15 * HOUR, end: TUESDAY + 16 * HOUR });
        expect(together.map((p) => p?.new_product_id ?? null)).toEqual(expected);
        expect(together).toEqual(oneByOne);
      } finally {
        if (ids.length) await db.delete(products).where(inArray(products.ID, ids));
      }
    }), { numRuns: 40 });
  }, 120_000);
});
