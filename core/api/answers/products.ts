import { z } from 'zod';

/** A product's prices. */
const prices = z.object({
  base_price: z.number(),
  full_price: z.number(),
  team_price: z.number(),
  deposit_price: z.number(),
  early_bird_price: z.number(),
  individual_price: z.number(),
  peak_price: z.number(),
  off_peak_price: z.number(),
});

export const productGl = z.object({
  ID: z.number().int(),
  code: z.string(),
  product_type_id: z.number().int(),
  season_id: z.number().int().nullable(),
  product_type: z.object({
    ID: z.number().int(),
    name: z.string(),
    category: z.enum(['class', 'event', 'league', 'aux', 'block', 'rental', 'tournament']),
  }),
});

export const productRecord = z.object({
  name: z.string(),
  description: z.string(),
  gl_id: z.number().int(),
  duration: z.number(),
  prorate: z.boolean(),
  deleted_at: z.number().int().nullable(),
  ID: z.number().int(),
  CreatedAt: z.number().int(),
  UpdatedAt: z.number().int(),
  ...prices.shape,
});

export const productListRow = z.object({
  gl: productGl,
  ...productRecord.shape,
});

export const variation = z.object({
  new_product_id: z.number().int(),
  facility_id: z.number().int(),
  available: z.boolean(),
  ID: z.number().int(),
  CreatedAt: z.number().int(),
  UpdatedAt: z.number().int(),
  ...prices.shape,
});

export const productDetail = z.object({
  variations: z.array(variation),
  taxes: z.array(z.object({
    ID: z.number().int(),
    product_tax_id: z.number().int(),
    tax: z.object({ name: z.string(), value: z.number() }),
  })),
  fees: z.array(z.object({
    ID: z.number().int(),
    product_fee_id: z.number().int(),
    fee: z.object({ name: z.string(), value: z.number() }),
  })),
  field_types: z.array(z.object({
    ID: z.number().int(),
    field_type_id: z.number().int(),
    field_type: z.object({ name: z.string() }),
  })),
  gl: productGl,
  ...productRecord.shape,
});

export const priceOption = z.object({
  product_id: z.number().int(),
  new_product_id: z.number().int(),
  facility_id: z.number().int(),
  product: z.object({
    ...prices.shape,
    ID: z.number().int(),
    name: z.string(),
    duration: z.number(),
    prorate: z.boolean(),
    gl: z.object({ ID: z.number().int(), code: z.string(), product_type_id: z.number().int() }),
  }),
  text: z.string(),
});

export const priceQuote = z.object({
  product_id: z.number().int(),
  new_product_id: z.number().int(),
  facility_id: z.number().int(),
  duration: z.number(),
  price: z.number(),
  peak_minutes: z.number(),
  off_peak_minutes: z.number(),
  field_id: z.number().int().nullable().optional(),
  start: z.number().optional(),
  end: z.number().optional(),
  ...prices.shape,
});

export const productLink = z.object({
  ID: z.number().int(),
  new_product_id: z.number().int(),
  CreatedAt: z.number().int(),
  UpdatedAt: z.number().int(),
  product_tax_id: z.number().int().optional(),
  product_fee_id: z.number().int().optional(),
  field_type_id: z.number().int().optional(),
});
