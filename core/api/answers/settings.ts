import { z } from 'zod';

/** A stored row's ID and times, last in every settings record. */
const stamped = z.object({
  ID: z.number().int(),
  CreatedAt: z.number().int(),
  UpdatedAt: z.number().int(),
});

export const namePercent = z.object({
  name: z.string(),
  value: z.number(),
  ...stamped.shape,
});

export const facility = z.object({
  name: z.string(),
  nickname: z.string(),
  address: z.string(),
  tax_rate: z.number(),
  processing_fee: z.number(),
  time_zone: z.string(),
  active: z.boolean(),
  ...stamped.shape,
});

export const field = z.object({
  number: z.number(),
  name: z.string(),
  new_field_type_id: z.number().int().nullable(),
  facility_id: z.number().int(),
  parent_field_id: z.number().int().nullable(),
  weekday_open_time: z.number(),
  weekday_close_time: z.number(),
  weekend_open_time: z.number(),
  weekend_close_time: z.number(),
  weekday_peak_time_start: z.number(),
  weekday_peak_time_end: z.number(),
  weekend_peak_time_start: z.number(),
  weekend_peak_time_end: z.number(),
  ...stamped.shape,
});

export const fieldType = z.object({
  name: z.string(),
  capacity: z.number(),
  is_outdoors: z.boolean(),
  available_online: z.boolean(),
  is_soccer: z.boolean(),
  ...stamped.shape,
});

export const named = z.object({
  name: z.string(),
  ...stamped.shape,
});

export const productType = z.object({
  name: z.string(),
  category: z.enum(['class', 'event', 'league', 'aux', 'block', 'rental', 'tournament']),
  reporting: z.string(),
  gl: z.string(),
  ranking: z.number(),
  color: z.string(),
  showInCalendar: z.boolean(),
  allow_for_contract: z.boolean(),
  ...stamped.shape,
});

export const gl = z.object({
  code: z.string(),
  product_type_id: z.number().int(),
  season_id: z.number().int().nullable(),
  product_type: productType,
  season: named.nullable(),
  ...stamped.shape,
});

export const integration = z.object({
  name: z.string(),
  type: z.enum(['hubspot', 'acuity', 'square']),
  facility_id: z.number().int(),
  // Loose on purpose: each integration type keeps settings of its own (a JSON blob; secrets masked).
  data: z.record(z.string(), z.unknown()),
  ...stamped.shape,
});
