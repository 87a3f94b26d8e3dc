import { z } from 'zod';

/**
 * The body of an update: every field optional and without its default, so that a field left out
 * stays as it is (zod's .partial() would still fill in defaults).
 */
export function updateOf<S extends z.ZodRawShape>(schema: z.ZodObject<S>): z.ZodType<Partial<z.output<z.ZodObject<S>>>, Partial<z.input<z.ZodObject<S>>>> {
  const shape = Object.fromEntries(Object.entries(schema.shape).map(([key, field]) =>
    [key, ((field instanceof z.ZodDefault ? field.unwrap() : field) as z.ZodType).optional()]));
  return z.strictObject(shape) as never;
}
