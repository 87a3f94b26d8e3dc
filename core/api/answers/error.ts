import { z } from 'zod';

/**
 * Every error answer (4xx, 5xx): the status, its name and a message a person can act on; a form's
 * refusal adds its reasons by field (`errors`), a 401 its `code`, a few their own detail (square_code).
 */
export const errorAnswer = z.looseObject({
  statusCode: z.number().int().min(400).max(599),
  error: z.string(),
  message: z.string().min(1),
  errors: z.record(z.string(), z.string()).optional(),
  code: z.number().int().optional(),
});
