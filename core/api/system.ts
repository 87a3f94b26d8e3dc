import { endpoint } from './endpoint';

// The calls that are no area's: the health check for monitors and load balancers, and the API's own
// OpenAPI document.

export const health = endpoint<{ status: 'ok' }>()({
  method: 'GET',
  path: '/health',
  summary: '200 {status: "ok"} while the database answers within a few seconds, 503 otherwise',
  permission: 'public',
});

/** Public: the document describes the calls and the roles they need, never data. */
export const openApi = endpoint<Record<string, unknown>>()({
  method: 'GET',
  path: '/openapi.json',
  summary: 'This OpenAPI 3.1 document, generated from the declarations of core/api',
  permission: 'public',
});
