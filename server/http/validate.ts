import { z } from 'zod';
import { isWholeCents, MAX_DOLLARS, TOO_MUCH } from '../../core/money';
import { badRequest } from './errors';

/** One readable sentence for a failed validation: "tax_rate: must be at least 0; name: Required". */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
      if (issue.code === 'unrecognized_keys') return `${where}unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
      return `${where}${issue.message}`;
    })
    .join('; ');
}

/** Parse request input or answer 400 with a message naming each bad field. */
export function parse<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data ?? {});
  if (!result.success) throw badRequest(describeIssues(result.error));
  return result.data;
}

/** Route parameter `id`: a positive integer, else 400. */
export const idParam = z.strictObject({ id: z.coerce.number().int().positive('must be a positive whole number') });

/** Query-string flags arrive as '1', '0', 'true', 'false'. */
export const queryBool = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');

/** An amount on the wire: dollars with at most two decimals, up to MAX_DOLLARS. */
export const dollars = z.number().max(MAX_DOLLARS, TOO_MUCH).refine(isWholeCents, 'must have at most two decimals');
