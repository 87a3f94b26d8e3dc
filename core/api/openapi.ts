import { z } from 'zod';
import { errorAnswer } from './answers/error';
import { fullPath, IDEMPOTENCY_KEY, IDEMPOTENCY_KEY_PATTERN, pathParams, type EndpointDefinition } from './endpoint';

// The OpenAPI 3.1 document of the declared endpoints (served at GET /api/openapi.json): paths,
// parameters and bodies from the zod schemas (their input side, as a caller sends them), the role
// each call needs, and each answer from its declared schema (its output side, as the server sends it;
// the API tests hold every answer to it: server/http/answerCheck.ts). It carries no data.

type JsonSchema = Record<string, unknown>;

const toJson = (schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return json;
};

/** The properties of an object schema's JSON form (query and path parameters). */
function propertiesOf(schema: z.ZodType | undefined): { name: string; schema: JsonSchema; required: boolean }[] {
  if (!schema) return [];
  const json = toJson(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, schema: property, required: required.has(name) }));
}

const who = (e: EndpointDefinition) =>
  e.permission === 'public' ? 'Anyone' : e.permission === 'signedIn' ? 'Any signed-in staff member'
    : e.permission === 'portal' ? 'A family signed in to the portal (a portal session; staff sessions are refused)' : `Role matrix: ${e.permission.resource} / ${e.permission.action}`;

const ERROR = { $ref: '#/components/schemas/Error' };

function operation(e: EndpointDefinition) {
  const params = pathParams(e.path);
  const pathProps = new Map(propertiesOf(e.params).map((p) => [p.name, p.schema]));
  const parameters = [
    ...params.map((name) => ({ name, in: 'path', required: true, schema: pathProps.get(name) ?? { type: 'string' } })),
    ...propertiesOf(e.query).map((p) => ({ name: p.name, in: 'query', required: p.required, schema: p.schema })),
    ...(e.idempotent ? [{
      name: IDEMPOTENCY_KEY, in: 'header', required: false, schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
      description: 'A retry with the same key and input answers the first result; the key with another input answers 409',
    }] : []),
  ];
  const body = e.bodyKind === 'multipart'
    ? { required: true, content: { 'multipart/form-data': { schema: { type: 'object' } } } }
    : e.body ? { required: true, content: { 'application/json': { schema: toJson(e.body) } } } : undefined;
  const success = String(e.status ?? 200);
  const answer = e.answer ? toJson(e.answer, 'output') : {};
  // A text answer (metrics, a calendar feed, a page) is no JSON.
  const answerType = answer.type === 'string' ? 'text/plain' : 'application/json';
  return {
    summary: e.summary,
    description: who(e),
    ...(e.permission !== 'public' && { security: [{ bearer: [] }] }),
    ...(parameters.length && { parameters }),
    ...(body && { requestBody: body }),
    responses: {
      [success]: { description: 'Success', content: { [answerType]: { schema: answer } } },
      400: { description: 'The input is not valid: the message names each bad field', content: { 'application/json': { schema: ERROR } } },
      ...(e.permission !== 'public' && {
        401: { description: 'Not signed in', content: { 'application/json': { schema: ERROR } } },
        403: { description: 'The role may not do this', content: { 'application/json': { schema: ERROR } } },
      }),
      '4XX': { description: 'Refused: not found, a conflict, a stale version, too many requests…', content: { 'application/json': { schema: ERROR } } },
    },
  };
}

export function openApiDocument(endpoints: readonly EndpointDefinition[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints.filter((d) => !d.unlisted)) {
    const path = fullPath(e);
    paths[path] = { ...paths[path], [e.method.toLowerCase()]: operation(e) };
  }
  return {
    openapi: '3.1.0',
    info: { ...info, description: 'The Touchline API. Money in dollars with at most two decimals; times in unix seconds (UTC).' },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: toJson(errorAnswer, 'output') },
    },
  };
}
