import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { withAreas, type MessageTree } from '../../src/kit/i18n/areas';
import { spanishOf, twins } from '../../src/kit/i18n/declaredSpanish';
import { en } from '../../src/kit/i18n/en';
import { es } from '../../src/kit/i18n/es';

// A Spanish reader sees the declarations' reasons and the server's messages in Spanish: every reason
// any entity's create or update body can give (driven out of its schema by hostile values) has one.

// Every area's messages join the catalogue, as they do when the app has loaded them all.
const areas = import.meta.glob(['../../src/**/messages.ts', '../../resources/**/messages.ts'], { eager: true });
const api = import.meta.glob('../../core/api/*.ts', { eager: true }) as Record<string, Record<string, unknown>>;

const known = () => twins(withAreas(en as MessageTree, 'en'), withAreas(es as unknown as MessageTree, 'es'));

interface Declared { resource: string; create?: { body?: z.ZodType }; update?: { body?: z.ZodType } }
const isEntity = (value: unknown): value is Declared =>
  typeof value === 'object' && value !== null && typeof (value as Declared).resource === 'string' && ('create' in value || 'update' in value);

const HOSTILE: unknown[] = [undefined, '', -1, 0, 1.5, 1e13, 'x'.repeat(5000), 'not a value', true, [], {}];

/**
 * The reasons a body schema gives a form: every field missing, then each field given each hostile value.
 * A value of the wrong type is left out (an input gives its field's type, or nothing).
 */
const isMissing = (issue: z.core.$ZodIssue, input: unknown) =>
  issue.path.length === 1 && typeof input === 'object' && input !== null && !(String(issue.path[0]) in input);

function reasonsOf(schema: z.ZodType): Set<string> {
  const reasons = new Set<string>();
  const collect = (input: unknown) => {
    const result = schema.safeParse(input);
    if (!result.success) for (const issue of result.error.issues) {
      if (issue.code === 'unrecognized_keys' || (issue.code === 'invalid_type' && issue.expected !== 'int' && input !== undefined && !isMissing(issue, input))) continue;
      reasons.add(issue.message);
    }
  };
  collect({});
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  for (const field of Object.keys(shape)) for (const value of HOSTILE) collect({ [field]: value });
  return reasons;
}

describe('the Spanish of declared reasons', () => {
  it('takes the catalogue\'s twin of a spec message, and the patterns with their numbers kept', () => {
    expect(Object.keys(areas).length).toBeGreaterThan(10);
    const map = known();
    expect(spanishOf('The phone number must have format: 111-222-3333', map)).toMatch(/^El (número de )?teléfono debe tener el formato: 111-222-3333$/);
    expect(spanishOf('Is too long (200 characters at most)', map)).toBe('Es demasiado largo (200 caracteres como máximo)');
    expect(spanishOf('price: cannot be negative; end_date: must be after the start', map)).toBe('price: no puede ser negativo; end_date: debe ser posterior al inicio');
    expect(spanishOf('must be one of Adult, Youth', map)).toBe('debe ser uno de estos: Adult, Youth');
    expect(spanishOf('Something the server has never said', map)).toBeNull();
  });

  it('covers every reason an entity form can show', () => {
    const map = known();
    const entities = Object.values(api).flatMap((module) => Object.values(module).filter(isEntity));
    expect(entities.length).toBeGreaterThanOrEqual(10);
    const missing: string[] = [];
    let checked = 0;
    for (const entity of entities) {
      for (const verb of ['create', 'update'] as const) {
        const body = entity[verb]?.body;
        if (!body) continue;
        for (const reason of reasonsOf(body)) {
          checked++;
          if (spanishOf(reason, map) === null) missing.push(`${entity.resource} ${verb}: ${reason}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect([...new Set(missing)]).toEqual([]);
  });
});
