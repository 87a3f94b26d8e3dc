import { z } from 'zod';

// Loose on purpose: each report has columns of its own (core/reports), not declared one by one here.
export const reportResult = z.union([z.record(z.string(), z.unknown()), z.array(z.record(z.string(), z.unknown()))]);

export const reportLeague = z.object({ ID: z.number().int(), name: z.string(), facility_id: z.number().int() });
