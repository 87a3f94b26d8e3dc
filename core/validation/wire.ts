import { z } from 'zod';
import { isWholeCents, MAX_DOLLARS, TOO_MUCH } from '../money';
import { MAX_ID, RECORD_ID_MESSAGE } from './ids';

// The pieces the endpoint declarations (core/api) build their schemas from: record IDs in paths and
// query strings, query-string flags, amounts in dollars, and one readable sentence for a failure.

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

/**
 * Each field's first reason, by its path ('name', 'items.0.price'), for a form to show under its field;
 * reasons that name no field are left to the message (describeIssues).
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    for (const path of keys) {
      const field = path.join('.');
      if (field && !(field in errors)) errors[field] = issue.code === 'unrecognized_keys' ? 'unknown field' : issue.message;
    }
  }
  return errors;
}

/**
 * A record ID in a path, a query string or a JSON filter: decimal digits only (no hex, exponent, sign,
 * spaces or decimals) from `min` up to MAX_ID, else `message`. Number('0x1F') is 31, so ids are never
 * read with Number() or z.coerce alone.
 */
export function recordId(message = RECORD_ID_MESSAGE, min: 0 | 1 = 1) {
  return z.unknown().transform((value, ctx) => {
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : NaN;
    if (Number.isInteger(n) && n >= min && n <= MAX_ID) return n;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

/** A facility filter: a facility ID, or 0 for every facility. */
export const facilityFilterId = (message = 'must be a facility ID (0 for all)') => recordId(message, 0);

/** Route parameter `id`: a positive integer. */
export const idParam = z.strictObject({ id: recordId() });

/** Query-string flags arrive as '1', '0', 'true', 'false'. */
export const queryBool = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');

/** An amount on the wire: dollars with at most two decimals, up to MAX_DOLLARS. */
export const dollars = z.number().max(MAX_DOLLARS, TOO_MUCH).refine(isWholeCents, 'at most two decimals');

/**
 * A declaration's `describe` for calls whose failures the spec words itself: the first of `messages`
 * a failure names, alone and word for word; otherwise describeIssues' reasons.
 */
export const specMessageOr = (messages: readonly string[]) => (error: z.ZodError): string => {
  const reasons = describeIssues(error);
  return messages.find((message) => reasons.includes(message)) ?? reasons;
};
