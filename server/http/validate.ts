import type { z } from 'zod';
import { describeIssues } from '../../core/validation/wire';
import { badRequest } from './errors';

/** Parse request input or answer 400 with a message naming each bad field. */
export function parse<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data ?? {});
  if (!result.success) throw badRequest(describeIssues(result.error));
  return result.data;
}
