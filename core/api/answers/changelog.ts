import { z } from 'zod';
import { customerName } from './core';

export const changelogEntry = z.object({
  ID: z.number().int(),
  action: z.string(),
  user: customerName.nullable(),
  CreatedAt: z.number().int(),
  new_value: z.string(),
});
