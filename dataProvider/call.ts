import { fillPath, type Answer, type CallInput, type EndpointDefinition } from '../core/api/endpoint';
import type { HttpClient } from './httpClient';

// The browser's one way to call an endpoint that is not plain CRUD: through its declaration in
// core/api, so the method, the path and the input's shape are the ones the server registers.

/** Query values as the server's schemas read them: lists comma-joined, absent values left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  const entries = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : String(value)]);
  return entries.length ? `?${new URLSearchParams(entries)}` : '';
}

/** Per call: extra headers (an Idempotency-Key). */
export interface CallOptions {
  headers?: Record<string, string>;
}

/** The options of a create sent with an Idempotency-Key (none without a key). */
export const keyed = (idempotencyKey: string | undefined): CallOptions =>
  (idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {});

type Args<E extends EndpointDefinition> =
  keyof CallInput<E> extends never ? [input?: CallInput<E>, options?: CallOptions] : [input: CallInput<E>, options?: CallOptions];

export type Call = <E extends EndpointDefinition>(endpoint: E, ...args: Args<E>) => Promise<Answer<E>>;
/** The same, answering the whole response (its headers: an ETag). */
export type Request = <E extends EndpointDefinition>(endpoint: E, ...args: Args<E>) => Promise<{ json: Answer<E>; headers: Headers; status: number }>;

/** `request(endpoint, { params, query, body })` over the http client. */
export function createRequest(client: HttpClient, apiPrefix = '/api'): Request {
  return async (endpoint, ...[input, options]) => {
    const { params, query, body } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
    const url = `${fillPath(endpoint, params, apiPrefix)}${queryString(query)}`;
    const payload = body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body);
    return client(url, {
      method: endpoint.method,
      ...(payload !== undefined && { body: payload }),
      ...(options?.headers && { headers: new Headers(options.headers) }),
    });
  };
}

/** `call(endpoint, { params, query, body })`: the answer's JSON, typed. */
export function createCall(client: HttpClient, apiPrefix = '/api'): Call {
  const request = createRequest(client, apiPrefix);
  return async (endpoint, ...args) => (await request(endpoint, ...args)).json;
}
