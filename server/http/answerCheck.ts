import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { errorAnswer } from '../../core/api/answers/error';
import { endpointKey } from '../../core/api/endpoint';
import { describeIssues } from '../../core/validation/wire';
import { errorBody } from './errors';

// The API tests' check that every answer is what its declaration says (core/api/<area>.ts `answer`),
// so that the contract the OpenAPI document publishes and the code cannot drift: each JSON (or text)
// answer a route sends is parsed by its declared schema, an error answer by the shared errorAnswer.
// Strictly: a key the declaration does not name is a mismatch too. zod's objects drop such keys from
// their output, so a key of the answer missing from the parsed output was not declared; where loose is
// meant the declaration says so (z.looseObject, z.record, z.unknown keep what they are given). The
// document publishes the same rule: an object's output schema has additionalProperties: false.
// A mismatch is recorded (tests/api/support/answerCheck.ts fails the test that made it) and answered
// as a 500 naming the issues. Registered by buildApp in tests only (CHECK_ANSWERS=1, vitest.config.ts):
// production never pays for it.

export interface AnswerMismatch {
  /** 'GET /api/invoice/{id} 200' */
  call: string;
  issues: string;
}

/** The mismatches seen since the last look (the test setup empties it after each test). */
export const answerMismatches: AnswerMismatch[] = [];

const isJson = (type: unknown) => typeof type === 'string' && /^application\/([\w.+-]+\+)?json/.test(type);

export function checkAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const status = reply.statusCode;
    // No body (204, HEAD), a redirect, a file or stream, or an answer already compressed: nothing to read.
    if (request.method === 'HEAD' || status === 204 || (status >= 300 && status < 400) || typeof payload !== 'string'
      || reply.hasHeader('Content-Encoding')) return payload;
    const endpoint = request.routeOptions.config?.endpoint;
    const json = isJson(reply.getHeader('Content-Type'));
    const schema: z.ZodType | undefined = status >= 400 ? (json ? errorAnswer : undefined) : endpoint?.answer;
    if (!schema) return payload;
    let value: unknown = payload;
    if (json) {
      try {
        value = JSON.parse(payload);
      } catch {
        value = Symbol('not JSON');
      }
    }
    const result = schema.safeParse(value);
    const undeclared = result.success ? undeclaredKeys(value, result.data) : [];
    if (result.success && !undeclared.length) return payload;
    const call = `${endpoint ? endpointKey(endpoint) : `${request.method} ${request.url}`} ${status}`;
    const issues = result.success ? undeclared.map((path) => `${path}: not declared`).join('; ') : describeIssues(result.error);
    answerMismatches.push({ call, issues });
    reply.code(500).type('application/json; charset=utf-8');
    return JSON.stringify(errorBody(500, `The answer of ${call} is not the declared one: ${issues}`));
  });
}

/**
 * The paths ('items.0.note') of the keys of a sent JSON value that its parsed output dropped: those its
 * declaration does not name. Walks the value, as deep as the JSON goes.
 */
function undeclaredKeys(sent: unknown, parsed: unknown, at = ''): string[] {
  if (sent === parsed || typeof sent !== 'object' || sent === null || typeof parsed !== 'object' || parsed === null) return [];
  const keys = Array.isArray(sent) ? sent.keys() : Object.keys(sent);
  const paths: string[] = [];
  for (const key of keys) {
    const path = at ? `${at}.${key}` : String(key);
    if (!Object.hasOwn(parsed, key)) paths.push(path);
    else paths.push(...undeclaredKeys((sent as Record<string, unknown>)[key], (parsed as Record<string, unknown>)[key], path));
  }
  return paths;
}
