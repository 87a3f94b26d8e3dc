import { z } from 'zod';

export const healthAnswer = z.object({ status: z.literal('ok') });

export const openApiAnswer = z.record(z.string(), z.unknown());
