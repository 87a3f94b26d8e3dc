import { z } from 'zod';
import { facilityZone, file, named } from './core';

export { file };

export const mediaRow = z.object({
  ID: z.number().int(),
  facility_id: z.number().int(),
  facility: facilityZone,
  field: named.nullable(),
  event: z.object({
    ID: z.number().int(),
    start_date: z.number().int(),
    product_type: z.object({ ID: z.number().int(), name: z.string(), reporting: z.string() }),
  }).nullable(),
  thumbnail: z.string(),
  s3_url: z.string(),
  to_keep: z.boolean(),
  date: z.number().int(),
  CreatedAt: z.number().int(),
  UpdatedAt: z.number().int(),
});

