import { z } from 'zod';
import { PRICE_KEYS, priceSchema, type PriceKey } from '../productForm';
import { listQuery } from '../validation/listQuery';
import { facilityFilterId, idParam, queryBool, recordId } from '../validation/wire';
import { endpoint } from './endpoint';
import { entity } from './entity';
import type { Gl, ProductType } from './settings';
import * as answers from './answers/products';

// Products (spec 3 §2.1, §2.2, §5, §7; spec 2 §7): the "new products" with their prices and their GL,
// their variations per facility (the spec's "product", product_id on events, invoice items, leagues
// and classes: /newproduct/settings, and the spec's /product calls), their taxes, fees and field
// types, and prices at a facility or of a booking. Everyone reads; admins and managers write,
// managers only their own facility's variations (another facility's answers 404). Money in dollars.

// ——— Answers ———

/** A product's own columns: its prices in dollars, its duration in seconds. */
export type ProductRecord = z.output<typeof answers.productRecord>;
/** The GL a product is filed under, with its product type's name and category. */
export type ProductGl = Pick<Gl, 'ID' | 'code' | 'product_type_id' | 'season_id'> & { product_type: Pick<ProductType, 'ID' | 'name' | 'category'> };
/** A row of the products list. */
export type ProductListRow = z.output<typeof answers.productListRow>;
/** A product at one facility, with that facility's prices (the spec's product). */
export type Variation = z.output<typeof answers.variation>;
/** GET /newproduct/{id}: the product with its GL, its variations (a non-admin's facility's only), taxes, fees and field types. */
export type ProductDetail = z.output<typeof answers.productDetail>;
/** One link of a product to a tax, a fee or a field type. */
export type ProductLink = z.output<typeof answers.productLink>;
/** A product sold at a facility, as a select's option: product_id is the variation's. */
export type PriceOption = z.output<typeof answers.priceOption>;
/** GET /product/prices/{id}: the prices at the facility and the price (with booking_date=1, of the booking by its peak and off-peak minutes). */
export type PriceQuote = z.output<typeof answers.priceQuote>;

// ——— Bodies ———

/** A price on the wire: dollars, or null/'' for none. */
const wirePrice = z.preprocess((v) => (v === '' ? null : v), priceSchema.nullable().optional());
const ids = z.array(z.number().int().positive('must be record IDs'), { error: 'must be a list of record IDs' }).max(100);
const pricesShape = Object.fromEntries(PRICE_KEYS.map((key) => [key, wirePrice])) as Record<PriceKey, typeof wirePrice>;

/** POST and PUT /newproduct: every field typed here; which are required follows the GL (core/productForm, checked by the server). */
const productBody = z.strictObject({
  name: z.string().max(200).optional(),
  description: z.string().max(5000, 'is too long (5000 characters at most)').optional(),
  gl_id: z.number().int().positive().optional(),
  ...pricesShape,
  duration: z.number().int().nonnegative('cannot be negative').nullable().optional(),
  prorate: z.boolean().optional(),
  field_types: ids.optional(),
  taxes: ids.optional(),
  fees: ids.optional(),
});
export type ProductBody = z.output<typeof productBody>;

const variationPrices = z.strictObject({ ...pricesShape, available: z.boolean().optional() });
const variationCreate = variationPrices.extend({
  new_product_id: z.number({ error: 'is required' }).int().positive(),
  facility_id: z.number({ error: 'is required' }).int().positive(),
});

const facilityQuery = { facility_id: recordId('must be a facility ID') };

// ——— Products ———

/** The columns the products list sorts by. */
export const PRODUCT_SORTS = ['ID', 'name', 'CreatedAt', 'UpdatedAt'] as const;

export const productList = endpoint<ProductListRow[]>()({
  method: 'GET',
  path: '/newproduct',
  summary: 'The products with their GL: q (every word in the name, GL code or product type), facility_id (sold there), product_type_id, gl_id',
  permission: { resource: 'products', action: 'list' },
  query: listQuery({
    sortable: PRODUCT_SORTS,
    defaultSort: ['name', 'ASC'],
    filters: { facility_id: facilityFilterId(), product_type_id: recordId(), gl_id: recordId() },
    searchable: true,
  }),
  answer: answers.productListRow.array(),
});

export const getProduct = endpoint<ProductDetail>()({
  method: 'GET',
  path: '/newproduct/{id}',
  summary: 'One product with its GL, variations, taxes, fees and field types',
  permission: { resource: 'products', action: 'show' },
  params: idParam,
  answer: answers.productDetail,
});

export const createProduct = endpoint<ProductDetail>()({
  method: 'POST',
  path: '/newproduct',
  summary: "Adds a product: the fields its GL asks for (spec 3 §5), the others cleared",
  permission: { resource: 'products', action: 'create' },
  status: 201,
  body: productBody,
  answer: answers.productDetail,
});

export const updateProduct = endpoint<ProductDetail>()({
  method: 'PUT',
  path: '/newproduct/{id}',
  summary: 'Changes a product: what is not sent stays, and the whole is checked against its (possibly new) GL',
  permission: { resource: 'products', action: 'edit' },
  params: idParam,
  body: productBody,
  answer: answers.productDetail,
});

export const deleteProduct = endpoint<ProductRecord>()({
  method: 'DELETE',
  path: '/newproduct/{id}',
  summary: 'Deletes (hides) a product, refused while invoices or events use it',
  permission: { resource: 'products', action: 'delete' },
  params: idParam,
  answer: answers.productRecord,
});

// ——— Variations: /newproduct/settings and the spec's /product ———

const createVariation = {
  summary: "Sets a product up at a facility with that facility's prices (those not given start as the product's); a manager's own facility whatever is sent",
  permission: { resource: 'products', action: 'edit' },
  status: 201,
  body: variationCreate,
} as const;
const updateVariation = {
  summary: "Changes a product's prices or availability at one facility",
  permission: { resource: 'products', action: 'edit' },
  params: idParam,
  body: variationPrices,
} as const;
const deleteVariation = {
  summary: "Removes a product from a facility, refused while invoices or events use it there",
  permission: { resource: 'products', action: 'edit' },
  params: idParam,
} as const;

export const createProductSettings = endpoint<Variation>()({ method: 'POST', path: '/newproduct/settings', ...createVariation, answer: answers.variation });
export const updateProductSettings = endpoint<Variation>()({ method: 'PUT', path: '/newproduct/settings/{id}', ...updateVariation, answer: answers.variation });
export const deleteProductSettings = endpoint<Variation>()({ method: 'DELETE', path: '/newproduct/settings/{id}', ...deleteVariation, answer: answers.variation });

/** The spec's product calls (spec 3 §7): a product at a facility, the same as /newproduct/settings. */
export const createFacilityProduct = endpoint<Variation>()({ method: 'POST', path: '/product', ...createVariation, answer: answers.variation });
export const updateFacilityProduct = endpoint<Variation>()({ method: 'PUT', path: '/product/{id}', ...updateVariation, answer: answers.variation });
export const deleteFacilityProduct = endpoint<Variation>()({ method: 'DELETE', path: '/product/{id}', ...deleteVariation, answer: answers.variation });

// ——— Taxes, fees and field types, one link at a time ———

const required = z.number({ error: 'is required' }).int().positive();

const link = <B extends z.ZodType>(path: string, body: B, what: string) => ({
  add: endpoint<ProductLink>()({
    method: 'POST',
    path,
    summary: `Links a product to a ${what}`,
    permission: { resource: 'products', action: 'edit' },
    status: 201,
    body,
    answer: answers.productLink,
  }),
  remove: endpoint<ProductLink>()({
    method: 'DELETE',
    path: `${path}/{id}`,
    summary: `Removes one link of a product to a ${what}`,
    permission: { resource: 'products', action: 'edit' },
    params: idParam,
    answer: answers.productLink,
  }),
});

export const productTax = link('/newproduct/tax', z.strictObject({ product_id: required, product_tax_id: required }), 'tax');
export const productFee = link('/newproduct/fee', z.strictObject({ product_id: required, product_fee_id: required }), 'fee');
export const productFieldType = link('/newproduct/fieldtype', z.strictObject({ product_id: required, field_type_id: required }), 'field type');

// ——— Prices ———

export const pricesOfType = endpoint<PriceOption[]>()({
  method: 'GET',
  path: '/newproduct/prices/{type}',
  summary: 'The products of a product type sold at the facility, with their price there (a select\'s options)',
  permission: { resource: 'products', action: 'list' },
  params: z.strictObject({ type: recordId('must be a product type ID') }),
  query: z.object(facilityQuery),
  answer: answers.priceOption.array(),
});

export const productPrice = endpoint<PriceQuote>()({
  method: 'GET',
  path: '/product/prices/{id}',
  summary: 'The price of product {id} at the facility; with booking_date=1, of a booking from start to end (unix seconds) on the field, by its peak hours',
  permission: { resource: 'products', action: 'show' },
  params: idParam,
  query: z.object({
    ...facilityQuery,
    booking_date: queryBool.optional(),
    start: z.coerce.number().int().nonnegative().optional(),
    end: z.coerce.number().int().nonnegative().optional(),
    field_id: recordId().optional(),
  }),
  answer: answers.priceQuote,
});

/** The product entity (/newproduct, /newproduct/{id}). */
export const productEntity = entity({ resource: 'newproduct', label: 'Product', list: productList, one: getProduct, create: createProduct, update: updateProduct, delete: deleteProduct });

/** A product's facility settings (variations), written from the product's page. */
export const productSettingsEntity = entity({ resource: 'product_settings', label: 'Product settings', create: createProductSettings, update: updateProductSettings, delete: deleteProductSettings });
