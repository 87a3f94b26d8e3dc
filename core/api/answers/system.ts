import { z } from 'zod';

export const healthAnswer = z.object({ status: z.literal('ok') });

// Loose on purpose: the OpenAPI document's own shape is OpenAPI 3.1's (tests/api/contract.test.ts validates it).
export const openApiAnswer = z.record(z.string(), z.unknown());
