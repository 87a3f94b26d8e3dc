import { z } from 'zod';
import { membershipRow } from './core';

export { membershipRow };

export const membershipProduct = z.object({ ID: z.number().int(), name: z.string(), base_price: z.number(), duration: z.number() });

export const createMembershipAnswer = membershipRow.extend({
  invoice: z.object({ ID: z.number().int(), total: z.number() }).nullable(),
});
