import { z } from 'zod';

export const loginAnswer = z.object({
  token: z.string(),
  type: z.enum(['admin', 'manager', 'mod', 'coach', 'referee']),
  facility_id: z.number().int(),
  user: z.object({ ID: z.number().int(), email: z.string(), first_name: z.string(), last_name: z.string() }),
});

export const staffIdentity = z.object({
  ID: z.number().int(),
  email: z.string(),
  type: z.enum(['admin', 'manager', 'mod', 'coach', 'referee']),
  facility_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});

export const logoutAnswer = z.never();

export const openedSession = z.object({
  token: z.string(),
  type: z.enum(['admin', 'manager', 'mod', 'coach', 'referee']),
  facility_id: z.number().int(),
});

export const requestPasswordResetAnswer = z.object({ message: z.string() });
