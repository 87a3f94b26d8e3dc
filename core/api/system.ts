import { z } from 'zod';
import { endpoint } from './endpoint';
import * as answers from './answers/system';

// The calls that are no area's: the health check for monitors and load balancers, the API's own
// OpenAPI document, and the metrics for Prometheus.

export const health = endpoint<{ status: 'ok' }>()({
  method: 'GET',
  path: '/health',
  summary: '200 {status: "ok"} while the database answers within a few seconds, 503 otherwise',
  permission: 'public',
  answer: answers.healthAnswer,
});

/** Public: the document describes the calls and the roles they need, never data. */
export const openApi = endpoint<Record<string, unknown>>()({
  method: 'GET',
  path: '/openapi.json',
  summary: 'This OpenAPI 3.1 document, generated from the declarations of core/api',
  permission: 'public',
  answer: answers.openApiAnswer,
});

/**
 * Prometheus' text format (server/http/metrics.ts): requests, the database's connections, the durable
 * jobs' queue, the process. Only with the bearer METRICS_TOKEN (401 otherwise; 404 when none is set),
 * and not in the OpenAPI document: it is the operators', not the API's.
 */
export const metrics = endpoint()({
  method: 'GET',
  path: '/metrics',
  root: true,
  summary: "The server's metrics in Prometheus' text format (bearer METRICS_TOKEN)",
  permission: 'public',
  answer: z.string(),
  unlisted: true,
});
