import { z } from 'zod';

export const reportResult = z.union([z.record(z.string(), z.unknown()), z.array(z.record(z.string(), z.unknown()))]);

export const reportLeague = z.object({ ID: z.number().int(), name: z.string(), facility_id: z.number().int() });
