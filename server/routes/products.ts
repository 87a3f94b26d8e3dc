import { and, asc, desc, eq, exists, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as api from '../../core/api/products';
import type { Endpoint, EndpointDefinition } from '../../core/api/endpoint';
import type { PRODUCT_SORTS, ProductBody } from '../../core/api/products';
import { formatMoney, toCents, toDollars, type Cents } from '../../core/money';
import { scopeFacility } from '../../core/permissions';
import { bookingPrice, flatPrice } from '../../core/pricing';
import { PRICE_KEYS, productBaseShape, productFormRules, productSchema, type PriceKey } from '../../core/productForm';
import { nowSeconds } from '../../core/time';
import type { SessionUser } from '../auth/session';
import type { Db, Tx } from '../db/client';
import {
  events, facilities, fees, fieldTypes, fields, gls, invoiceItems, productFees, productFieldTypes, productTaxes, productTypes,
  productVariations, products, taxes,
} from '../db/schema';
import { serve } from '../http/endpoint';
import { badRequest, conflict, notFound } from '../http/errors';
import { listPage, sendRange } from '../http/list';
import { containing } from '../http/listQuery';
import { parse } from '../http/validate';
import { recordChange } from '../services/changelog';

// Products (spec 3 §2.1, §2.2, §5, §7; spec 2 §7) as core/api/products.ts declares them: the "new
// products" with their prices, per-facility variations (the spec's product: /newproduct/settings and
// /product), taxes, fees and field types, and the price of a booking. Money is cents in the database
// and dollars on the wire. GLs themselves are served by ./settings.ts.

type Prices = Record<PriceKey, Cents>;
type ProductRow = typeof products.$inferSelect;
type VariationRow = typeof productVariations.$inferSelect;

const pricesToWire = (row: Prices) => Object.fromEntries(PRICE_KEYS.map((key) => [key, toDollars(row[key])])) as Record<PriceKey, number>;

const glColumns = { ID: gls.ID, code: gls.code, product_type_id: gls.product_type_id, season_id: gls.season_id };
const productTypeColumns = { ID: productTypes.ID, name: productTypes.name, category: productTypes.category };

const productToWire = (row: ProductRow) => ({ ...row, ...pricesToWire(row) });
const variationToWire = (row: VariationRow) => ({ ...row, ...pricesToWire(row) });

// Queries --------------------------------------------------------------------------------------------

/** Products with their GL and its product type (the caller keeps out deleted ones). */
const productsWithGl = (db: Db | Tx) =>
  db.select({ product: products, gl: glColumns, product_type: productTypeColumns }).from(products)
    .innerJoin(gls, eq(gls.ID, products.gl_id))
    .innerJoin(productTypes, eq(productTypes.ID, gls.product_type_id))
    .$dynamic();

async function findProduct(db: Db | Tx, id: number) {
  const [row] = await productsWithGl(db).where(and(eq(products.ID, id), isNull(products.deleted_at)));
  if (!row) throw notFound('Product');
  return { product: row.product, gl: { ...row.gl, product_type: row.product_type } };
}

/** The product as GET /newproduct/{id} answers it; a non-admin sees only their facility's variation. */
async function productDetail(db: Db | Tx, id: number, user: SessionUser) {
  const { product, gl } = await findProduct(db, id);
  const facility = scopeFacility(user, undefined);
  // One after the other: `db` may be a transaction, whose one connection takes one query at a time.
  const variations = await db.select().from(productVariations)
    .where(and(eq(productVariations.new_product_id, id), facility === null ? undefined : eq(productVariations.facility_id, facility)))
    .orderBy(asc(productVariations.facility_id));
  const productTaxRows = await db.select({ ID: productTaxes.ID, product_tax_id: productTaxes.product_tax_id, tax: { name: taxes.name, value: taxes.value } })
    .from(productTaxes).innerJoin(taxes, eq(taxes.ID, productTaxes.product_tax_id))
    .where(eq(productTaxes.new_product_id, id)).orderBy(asc(productTaxes.product_tax_id));
  const productFeeRows = await db.select({ ID: productFees.ID, product_fee_id: productFees.product_fee_id, fee: { name: fees.name, value: fees.value } })
    .from(productFees).innerJoin(fees, eq(fees.ID, productFees.product_fee_id))
    .where(eq(productFees.new_product_id, id)).orderBy(asc(productFees.product_fee_id));
  const fieldTypeRows = await db.select({ ID: productFieldTypes.ID, field_type_id: productFieldTypes.field_type_id, field_type: { name: fieldTypes.name } })
    .from(productFieldTypes).innerJoin(fieldTypes, eq(fieldTypes.ID, productFieldTypes.field_type_id))
    .where(eq(productFieldTypes.new_product_id, id)).orderBy(asc(productFieldTypes.field_type_id));
  return {
    ...productToWire(product),
    gl,
    variations: variations.map(variationToWire),
    taxes: productTaxRows,
    fees: productFeeRows,
    field_types: fieldTypeRows,
  };
}

/** Whether invoices or events refer to the product, or to one of the given variations. */
async function inUse(tx: Tx, productId: number | null, variationIds: number[]): Promise<boolean> {
  for (const table of [invoiceItems, events]) {
    const refs: SQL[] = [];
    if (productId !== null) refs.push(eq(table.new_product_id, productId));
    if (variationIds.length) refs.push(inArray(table.product_id, variationIds));
    if (refs.length && (await tx.select({ ID: table.ID }).from(table).where(or(...refs)).limit(1)).length) return true;
  }
  return false;
}

/** 400 unless every id names a row of the table. */
async function assertExist(tx: Tx, table: typeof taxes | typeof fees | typeof fieldTypes, ids: number[], field: string) {
  if (!ids.length) return;
  const rows = await tx.select({ ID: table.ID }).from(table).where(inArray(table.ID, ids));
  const missing = ids.filter((id) => !rows.some((r) => r.ID === id));
  if (missing.length) throw badRequest(`${field}: no record with ID ${missing.join(', ')}`);
}

// Bodies ---------------------------------------------------------------------------------------------

/**
 * Checks a product's values against its GL's rules and answers the row to store: the prices, duration
 * and flags the GL asks for, the others cleared (so a GL change leaves no stale price behind).
 */
async function checkProduct(tx: Tx, values: ProductBody) {
  const base = parse(z.object(productBaseShape), values);
  const [gl] = await tx.select({ code: gls.code, category: productTypes.category }).from(gls)
    .innerJoin(productTypes, eq(productTypes.ID, gls.product_type_id)).where(eq(gls.ID, base.gl_id as number));
  if (!gl) throw badRequest(`gl_id: no GL with ID ${base.gl_id}`);
  const rules = productFormRules(gl);
  const checked = parse(productSchema(rules), values) as Record<string, unknown>;
  const price = (key: PriceKey) => (key in rules.prices && typeof checked[key] === 'number' ? toCents(checked[key] as number) : 0);
  const row = {
    name: base.name as string,
    description: values.description ?? '',
    gl_id: base.gl_id as number,
    ...(Object.fromEntries(PRICE_KEYS.map((key) => [key, price(key)])) as Prices),
    duration: rules.duration ? (checked.duration as number) : 0,
    prorate: rules.prorate ? Boolean(checked.prorate) : false,
  };
  return { row, fieldTypes: rules.fieldTypes ? (checked.field_types as number[]) : [] };
}

/** Replaces the product's links of one kind with these ids. */
async function replaceLinks(
  tx: Tx,
  productId: number,
  link: typeof productTaxes | typeof productFees | typeof productFieldTypes,
  column: 'product_tax_id' | 'product_fee_id' | 'field_type_id',
  wanted: number[],
) {
  await tx.delete(link).where(eq(link.new_product_id, productId));
  if (wanted.length) await tx.insert(link).values([...new Set(wanted)].map((id) => ({ new_product_id: productId, [column]: id }) as never));
}

async function saveLinks(tx: Tx, productId: number, body: ProductBody, fieldTypeIds: number[]) {
  await assertExist(tx, fieldTypes, fieldTypeIds, 'field_types');
  await replaceLinks(tx, productId, productFieldTypes, 'field_type_id', fieldTypeIds);
  if (body.taxes) {
    await assertExist(tx, taxes, body.taxes, 'taxes');
    await replaceLinks(tx, productId, productTaxes, 'product_tax_id', body.taxes);
  }
  if (body.fees) {
    await assertExist(tx, fees, body.fees, 'fees');
    await replaceLinks(tx, productId, productFees, 'product_fee_id', body.fees);
  }
}

const audit = (tx: Tx, user: SessionUser, action: string, row: ProductRow) =>
  recordChange(tx, { object: 'product', object_id: row.ID, action, user_id: user.ID, new_value: productToWire(row) });

// Variations (facility settings) ------------------------------------------------------------------------

/** Dollars given → cents; prices not given (undefined) are left out; null is 0. */
const pricesToStorage = (body: Partial<Record<PriceKey, number | null | undefined>>): Partial<Prices> =>
  Object.fromEntries(PRICE_KEYS.filter((key) => body[key] !== undefined).map((key) => [key, toCents(body[key] ?? 0)]));

/** The variation with this id, if the user's facility scope reaches it; else 404. */
const variationScope = (id: number, user: SessionUser) => {
  const facility = scopeFacility(user, undefined);
  return and(eq(productVariations.ID, id), facility === null ? undefined : eq(productVariations.facility_id, facility));
};

// Lists ----------------------------------------------------------------------------------------------

const SORT_COLUMNS = {
  ID: products.ID, name: products.name, CreatedAt: products.CreatedAt, UpdatedAt: products.UpdatedAt,
} as const satisfies Record<(typeof PRODUCT_SORTS)[number], unknown>;

/** The longest booking priced at once. */
const MAX_BOOKING_SECONDS = 31 * 86400;

/** The facility a request names: the user's own unless admin (who must name one). */
function facilityFor(user: SessionUser, requested: number): number {
  return scopeFacility(user, requested) ?? requested;
}

export async function productRoutes(app: FastifyInstance) {
  const db = () => app.deps.db;

  serve(app, api.productList, async ({ user, query }, _request, reply) => {
    const { facility_id, product_type_id, gl_id } = query.filters as { facility_id?: number; product_type_id?: number; gl_id?: number };
    // Every product is listed; a facility filter (pinned to their own for non-admins) keeps those sold there.
    const facility = facility_id === undefined ? null : scopeFacility(user, facility_id);
    const where = and(
      isNull(products.deleted_at),
      product_type_id === undefined ? undefined : eq(gls.product_type_id, product_type_id),
      gl_id === undefined ? undefined : eq(products.gl_id, gl_id),
      facility === null ? undefined : exists(db().select({ ID: productVariations.ID }).from(productVariations)
        .where(and(eq(productVariations.new_product_id, products.ID), eq(productVariations.facility_id, facility)))),
      ...query.words.map((word) => or(...[products.name, gls.code, productTypes.name].map((c) => ilike(c, containing(word))))),
      query.ids ? inArray(products.ID, query.ids) : undefined,
    );
    const direction = query.sort.order === 'ASC' ? asc : desc;
    const sortColumn = SORT_COLUMNS[query.sort.field as keyof typeof SORT_COLUMNS];
    const page = await listPage(db(), () => productsWithGl(db()).where(where), [direction(sortColumn), direction(products.ID)], query.range);
    sendRange(reply, 'products', page);
    return page.rows.map(({ product, gl, product_type }) => ({ ...productToWire(product), gl: { ...gl, product_type } }));
  });

  serve(app, api.getProduct, async ({ user, params }) => productDetail(db(), params.id, user));

  serve(app, api.createProduct, async ({ user, body }) =>
    db().transaction(async (tx) => {
      const { row, fieldTypes: fieldTypeIds } = await checkProduct(tx, body);
      const [product] = await tx.insert(products).values(row).returning();
      await saveLinks(tx, product.ID, body, fieldTypeIds);
      await audit(tx, user, 'create', product);
      return productDetail(tx, product.ID, user);
    }));

  serve(app, api.updateProduct, async ({ user, params: { id }, body }) =>
    db().transaction(async (tx) => {
      const { product } = await findProduct(tx, id);
      const linked = await tx.select({ ID: productFieldTypes.field_type_id }).from(productFieldTypes).where(eq(productFieldTypes.new_product_id, id));
      // What is not sent stays as it is, and the whole is checked against the (possibly new) GL.
      const current: ProductBody = { ...productToWire(product), field_types: linked.map((l) => l.ID) };
      const { row, fieldTypes: fieldTypeIds } = await checkProduct(tx, { ...current, ...body });
      const [updated] = await tx.update(products).set(row).where(eq(products.ID, id)).returning();
      await saveLinks(tx, id, body, fieldTypeIds);
      await audit(tx, user, 'update', updated);
      return productDetail(tx, id, user);
    }));

  /** Refused while invoices or events use the product; else it is hidden (leagues, classes … keep their link). */
  serve(app, api.deleteProduct, async ({ user, params: { id } }) =>
    db().transaction(async (tx) => {
      await findProduct(tx, id);
      const variationIds = (await tx.select({ ID: productVariations.ID }).from(productVariations)
        .where(eq(productVariations.new_product_id, id))).map((v) => v.ID);
      if (await inUse(tx, id, variationIds)) throw conflict('This product is used by invoices or events and cannot be deleted');
      const [deleted] = await tx.update(products).set({ deleted_at: nowSeconds() }).where(eq(products.ID, id)).returning();
      await audit(tx, user, 'delete', deleted);
      return productToWire(deleted);
    }));

  // A product at one facility, with that facility's prices: the facility settings, and the spec's product.
  for (const [create, update, remove] of [
    [api.createProductSettings, api.updateProductSettings, api.deleteProductSettings],
    [api.createFacilityProduct, api.updateFacilityProduct, api.deleteFacilityProduct],
  ] as const) {
    serve(app, create, async ({ user, body }) => {
      // Non-admins set up their own facility whatever they sent.
      const facility_id = facilityFor(user, body.facility_id);
      return db().transaction(async (tx) => {
        const { product } = await findProduct(tx, body.new_product_id);
        const [facility] = await tx.select({ ID: facilities.ID }).from(facilities).where(eq(facilities.ID, facility_id));
        if (!facility) throw badRequest(`facility_id: no facility with ID ${facility_id}`);
        // Prices not given start as the base product's.
        const values = { new_product_id: product.ID, facility_id, ...pricesFrom(product), ...pricesToStorage(body), available: body.available ?? true };
        const [variation] = await tx.insert(productVariations).values(values).returning();
        return variationToWire(variation);
      });
    });

    serve(app, update, async ({ user, params: { id }, body }) => {
      const changes = { ...pricesToStorage(body), ...(body.available !== undefined && { available: body.available }) };
      const [variation] = Object.keys(changes).length
        ? await db().update(productVariations).set(changes).where(variationScope(id, user)).returning()
        : await db().select().from(productVariations).where(variationScope(id, user));
      if (!variation) throw notFound('Product setting');
      return variationToWire(variation);
    });

    serve(app, remove, async ({ user, params: { id } }) =>
      db().transaction(async (tx) => {
        const [variation] = await tx.select().from(productVariations).where(variationScope(id, user));
        if (!variation) throw notFound('Product setting');
        if (await inUse(tx, null, [id])) throw conflict('These facility settings are used by invoices or events and cannot be deleted');
        await tx.delete(productVariations).where(eq(productVariations.ID, id));
        return variationToWire(variation);
      }));
  }

  // A product's taxes, fees and field types, one link at a time.
  linkRoutes(app, api.productTax, productTaxes, 'product_tax_id', taxes, 'Product tax');
  linkRoutes(app, api.productFee, productFees, 'product_fee_id', fees, 'Product fee');
  linkRoutes(app, api.productFieldType, productFieldTypes, 'field_type_id', fieldTypes, 'Product field type');

  // Prices.

  serve(app, api.pricesOfType, async ({ user, params: { type }, query }) => {
    const facility = facilityFor(user, query.facility_id);
    const rows = await db()
      .select({ variation: productVariations, product: products, gl: { ID: gls.ID, code: gls.code, product_type_id: gls.product_type_id } })
      .from(productVariations)
      .innerJoin(products, eq(products.ID, productVariations.new_product_id))
      .innerJoin(gls, eq(gls.ID, products.gl_id))
      .where(and(eq(gls.product_type_id, type), eq(productVariations.facility_id, facility), eq(productVariations.available, true), isNull(products.deleted_at)))
      .orderBy(asc(products.name), asc(products.ID));
    return rows.map(({ variation, product, gl }) => ({
      product_id: variation.ID,
      new_product_id: product.ID,
      facility_id: variation.facility_id,
      product: { ID: product.ID, name: product.name, duration: product.duration, prorate: product.prorate, gl, ...pricesToWire(variation) },
      text: `${product.name} - $${formatMoney(flatPrice(variation) || variation.team_price)}`,
    }));
  });

  /**
   * The price of product {id} at the facility; with booking_date=1, of a booking from start to end
   * (unix seconds) on the field, by its peak hours (core/pricing). Without a field, every minute is at
   * the base rate.
   */
  serve(app, api.productPrice, async ({ user, params: { id }, query }) => {
    const facilityId = facilityFor(user, query.facility_id);
    const { product } = await findProduct(db(), id);
    const [[variation], [facility]] = await Promise.all([
      db().select().from(productVariations).where(and(eq(productVariations.new_product_id, id), eq(productVariations.facility_id, facilityId))),
      db().select({ time_zone: facilities.time_zone }).from(facilities).where(eq(facilities.ID, facilityId)),
    ]);
    if (!variation || !facility) throw notFound('Product at this facility');
    const prices = { ...variation, duration: product.duration };
    const answer = { product_id: variation.ID, new_product_id: id, facility_id: facilityId, ...pricesToWire(variation), duration: product.duration };
    if (!query.booking_date) return { ...answer, price: toDollars(flatPrice(variation)), peak_minutes: 0, off_peak_minutes: 0 };

    const { start, end } = query;
    if (start === undefined || end === undefined) throw badRequest('start, end: a booking price needs the start and end of the booking');
    if (end <= start) throw badRequest('end: must be after start');
    if (end - start > MAX_BOOKING_SECONDS) throw badRequest('end: a booking is priced for 31 days at most');
    let hours = null;
    if (query.field_id !== undefined) {
      [hours] = await db().select().from(fields).where(and(eq(fields.ID, query.field_id), eq(fields.facility_id, facilityId)));
      if (!hours) throw notFound('Field at this facility');
    }
    const priced = bookingPrice(prices, { start, end }, hours, facility.time_zone);
    return { ...answer, ...priced, price: toDollars(priced.price), field_id: query.field_id ?? null, start, end };
  });
}

/** The price columns of a product, to start a variation from. */
function pricesFrom(product: ProductRow): Prices {
  return Object.fromEntries(PRICE_KEYS.map((key) => [key, product[key]])) as Prices;
}

/** POST {path} {product_id, <column>} and DELETE {path}/{id}: one link of a product to a tax, fee or field type. */
function linkRoutes<C extends 'product_tax_id' | 'product_fee_id' | 'field_type_id'>(
  app: FastifyInstance,
  declared: { add: Endpoint<EndpointDefinition & { body: z.ZodType<{ product_id: number } & Record<C, number>>; status: 201 }>; remove: typeof api.productTax.remove },
  link: typeof productTaxes | typeof productFees | typeof productFieldTypes,
  column: C,
  target: typeof taxes | typeof fees | typeof fieldTypes,
  label: string,
) {
  serve(app, declared.add, async ({ body: values }) =>
    app.deps.db.transaction(async (tx) => {
      await findProduct(tx, values.product_id);
      await assertExist(tx, target, [values[column]], column);
      const [row] = await tx.insert(link).values({ new_product_id: values.product_id, [column]: values[column] } as never).returning();
      return row;
    }));
  serve(app, declared.remove, async ({ params: { id } }) => {
    const [row] = await app.deps.db.delete(link).where(eq(link.ID, id)).returning();
    if (!row) throw notFound(label);
    return row;
  });
}
