import { z } from 'zod';
import { named } from './core';
import { invoice } from './invoices';

export { invoice };

export const discountRule = z.object({
  ID: z.number().int(),
  discount_id: z.number().int(),
  facility_id: z.number().int().nullable(),
  product_type_id: z.number().int().nullable(),
  start_date: z.number().int(),
  end_date: z.number().int(),
  comment: z.string(),
  CreatedAt: z.number().int(),
  UpdatedAt: z.number().int(),
  discount: z.object({
    ID: z.number().int(),
    name: z.string(),
    is_percentage: z.boolean(),
    expired: z.boolean(),
  }).nullable(),
  facility: named.nullable(),
  product_type: named.nullable(),
});

export const discount = z.object({
  ID: z.number().int(),
  name: z.string(),
  is_percentage: z.boolean(),
  value: z.number(),
  expired: z.boolean(),
  CreatedAt: z.number().int(),
  UpdatedAt: z.number().int(),
});

export const discountOffer = z.object({
  offered: z.boolean(),
  ...discount.shape,
});
