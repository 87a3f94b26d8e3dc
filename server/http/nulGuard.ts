import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

// PostgreSQL text cannot hold the NUL character (U+0000): a query or write carrying one fails inside
// the database. Every request's params, query and JSON body are checked first, so such input gets a
// 400 naming the field instead, whatever route it reaches.

/** The path of the first string (or key) holding a NUL character, or null. */
export function nulPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\0') ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulPath(item, `${path}.${i}`);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const found = key.includes('\0') ? path : nulPath(item, key === '' ? path : `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    for (const [part, value] of [['params', request.params], ['query', request.query], ['body', request.body]] as const) {
      const found = nulPath(value, part);
      if (found) throw badRequest(`${found.slice(part.length + 1) || part}: contains a NUL character, which cannot be stored; please retype it`);
    }
  });
}
