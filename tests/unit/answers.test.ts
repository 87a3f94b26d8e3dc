import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpointKey } from '../../core/api/endpoint';
import { ENDPOINTS } from '../../core/api/index';
import { openApiDocument } from '../../core/api/openapi';

// Issue 40 item 4: every endpoint declares its answer (the type system requires one; this proves it of
// the list the server serves and the document is made from), and the OpenAPI document gives every
// operation a success answer with a schema and every error the shared one.

interface Operation { responses: Record<string, { content: Record<string, { schema: Record<string, unknown> }> }> }

describe('declared answers', () => {
  it('every endpoint declares its answer as a zod schema', () => {
    const without = ENDPOINTS.filter((e) => !(e.answer instanceof z.ZodType)).map(endpointKey);
    expect(without).toEqual([]);
    expect(ENDPOINTS.length).toBeGreaterThan(200);
  });

  it('every OpenAPI operation has a success answer with a schema, and errors the shared one', () => {
    const document = openApiDocument(ENDPOINTS, { title: 'Touchline', version: 'test' });
    const operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod as Record<string, Operation>).map(([method, operation]) => ({ call: `${method.toUpperCase()} ${path}`, operation })));
    expect(operations.length).toBe(ENDPOINTS.filter((e) => !e.unlisted).length);
    const withoutSchema = operations.filter(({ operation }) => {
      const success = Object.entries(operation.responses).filter(([status]) => /^2\d\d$/.test(status));
      return success.length !== 1 || Object.values(success[0][1].content).some(({ schema }) => Object.keys(schema).length === 0);
    }).map(({ call }) => call);
    expect(withoutSchema).toEqual([]);
    for (const { operation } of operations) {
      expect(operation.responses['4XX'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
    expect(document.components.schemas.Error).toMatchObject({ type: 'object', required: ['statusCode', 'error', 'message'] });
  });

  it('publishes an answer as the server sends it: an invoice with its integer IDs and nullable links', () => {
    const document = openApiDocument(ENDPOINTS, { title: 'Touchline', version: 'test' });
    const invoice = (document.paths['/api/invoice/{id}'] as Record<string, Operation>).get.responses['200'].content['application/json'].schema;
    expect(invoice).toMatchObject({
      type: 'object',
      properties: { ID: { type: 'integer' }, customer_id: { anyOf: [{ type: 'integer' }, { type: 'null' }] }, invoice_items: { type: 'array' } },
    });
  });
});
