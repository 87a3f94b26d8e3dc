import { z } from 'zod';
import { named } from './core';

export const staffMember = z.object({
  ID: z.number().int(),
  email: z.string(),
  user_type: z.enum(['admin', 'manager', 'mod', 'coach', 'referee']),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  facility_id: z.number().int(),
  facility: named,
  password_set: z.boolean(),
});
