import type { z } from 'zod';
import { isStaffMessage } from '../../../core/validation/staff';
import { badRequest } from '../../http/errors';
import { describeIssues } from '../../../core/validation/wire';

/**
 * Parses a request's input with one of the shared staff schemas. When a field fails with one of the
 * spec's messages ('Please fill out all the fields', the phone format …) the answer is that message
 * alone, word for word, as the browser shows it; other failures name each bad field.
 */
export function parseInput<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const spec = result.error.issues.find((issue) => isStaffMessage(issue.message));
  throw badRequest(spec ? spec.message : describeIssues(result.error));
}
