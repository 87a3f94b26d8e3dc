import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

// Every request's params, query and JSON body are checked before any route runs:
// - PostgreSQL text cannot hold the NUL character (U+0000): a query or write carrying one fails inside
//   the database, so such input gets a 400 naming the field instead, whatever route it reaches;
// - no request of ours nests deeper than a few levels, and a body of thousands of nested arrays would
//   exhaust the stack of whatever walks it (this guard included, were it recursive): it gets a 400.

/** The deepest nesting of arrays and objects a request may carry. */
export const MAX_DEPTH = 64;
export const TOO_DEEP = `The request nests data too deeply (more than ${MAX_DEPTH} levels)`;

export type InputProblem = { kind: 'nul'; path: string } | { kind: 'deep' };

/** The first problem of `value` (a string or key holding NUL, or nesting beyond MAX_DEPTH), or null. Iterative. */
export function inputProblem(value: unknown, path: string): InputProblem | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (item.value.includes('\0')) return { kind: 'nul', path: item.path };
      continue;
    }
    if (item.value === null || typeof item.value !== 'object' || Buffer.isBuffer(item.value)) continue;
    if (item.depth >= MAX_DEPTH) return { kind: 'deep' };
    const entries = Array.isArray(item.value) ? item.value.map((v, i) => [String(i), v] as const) : Object.entries(item.value);
    // Pushed in reverse so the first field is looked at first (the message names the first bad one).
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i];
      if (key.includes('\0')) return { kind: 'nul', path: item.path };
      stack.push({ value: child, path: key === '' ? item.path : `${item.path}.${key}`, depth: item.depth + 1 });
    }
  }
  return null;
}

export function refuseUnsafeInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [['params', request.params], ['query', request.query], ['body', request.body]] as const) {
      const found = inputProblem(value, part);
      if (found?.kind === 'deep') throw badRequest(TOO_DEEP);
      if (found) throw badRequest(`${found.path.slice(part.length + 1) || part}: contains a NUL character, which cannot be stored; please retype it`);
    }
  });
}
