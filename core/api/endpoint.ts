import type { z } from 'zod';
import type { Action } from '../roles';

// One declaration per endpoint: its method and path, the schemas of its path parameters, query string
// and body, the type of its answer, and what the role matrix (core/permissions.ts MATRIX) must allow.
// The server registers each handler against its declaration (server/http/endpoint.ts) and receives
// the parsed input; the browser calls through the same declaration (dataProvider/call.ts); the
// OpenAPI document (core/api/openapi.ts) is generated from the list of them (core/api/index.ts).

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call: a MATRIX resource and action; any signed-in staff member; a family signed in to the
 * portal (/my: a session of its own kind, which opens no staff call, as a staff session opens no portal
 * call); anyone (sign-in, public invoice links, health). The handler may check finer rules (a second
 * action for one field).
 */
export type Permission =
  | {
    readonly resource: string;
    readonly action: Action;
    /** The 403's message when the spec words it ('Only admins can create staff members'). */
    readonly refusal?: string;
  }
  | 'signedIn'
  | 'portal'
  | 'public';

/** The request body's kind: JSON (the default when a body schema is given) or a multipart upload. */
export type BodyKind = 'json' | 'multipart';

export interface EndpointDefinition {
  readonly method: Method;
  /** The spec's path with `{name}` parameters: '/membership/{id}'. Under /api unless `root`. */
  readonly path: string;
  /** At the root (authentication, spec 1 §7), not under /api. */
  readonly root?: true;
  readonly permission: Permission;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly bodyKind?: BodyKind;
  /**
   * The answer's schema (a success's; every error answers core/api/answers/error.ts'): the OpenAPI
   * document publishes it and the API tests hold every answer to it (server/http/answerCheck.ts). The
   * browser's build strips it (vite.config.ts).
   */
  readonly answer: z.ZodType;
  /**
   * How a failed validation is said, when not as describeIssues' "field: reason; …" (e.g. the spec's
   * own message alone, word for word).
   */
  readonly describe?: (error: z.ZodError) => string;
  /** The success status when not 200 (201 for a create). */
  readonly status?: number;
  /**
   * Honours an Idempotency-Key header (IDEMPOTENCY_KEY): a retry with the same key and input answers the
   * first result, never writes twice; the key with another input answers 409.
   */
  readonly idempotent?: true;
  /**
   * Served but left out of the OpenAPI document: an operator's endpoint guarded by a secret of its own
   * (GET /metrics), not part of the API that staff and integrations call.
   */
  readonly unlisted?: true;
}

/** The header a retried write carries (declarations marked `idempotent`). */
export const IDEMPOTENCY_KEY = 'Idempotency-Key';
/** An idempotency key: 8 to 200 visible ASCII characters (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;

/** A declaration with its answer's type attached (a phantom: no value is kept). */
export type Endpoint<D extends EndpointDefinition = EndpointDefinition, A = unknown> = D & { readonly __answer?: A };

/**
 * Declares an endpoint. The answer's type is the first type argument when given (the answer schema's
 * output must then be one), else the answer schema's output:
 * `endpoint<Invoice>()({ method: 'GET', path: '/invoice/{id}', …, answer: invoice })`.
 */
export const endpoint = <A = never>() => <const D extends EndpointDefinition & AnswerOfType<A>>(definition: D): Endpoint<D, [A] extends [never] ? AnswerOf<D> : A> => definition;

/** A declared answer type constrains the schema: its output must be of that type. */
type AnswerOfType<A> = [A] extends [never] ? unknown : { readonly answer: z.ZodType<A> };

type AnswerOf<D extends EndpointDefinition> = D['answer'] extends z.ZodType ? z.output<D['answer']> : unknown;

type Part<D, K extends 'params' | 'query' | 'body', IO extends 'in' | 'out'> =
  D extends Record<K, infer S extends z.ZodType> ? (IO extends 'in' ? z.input<S> : z.output<S>) : undefined;

/** What the handler receives: the parsed params, query and body. */
export interface Parsed<D extends EndpointDefinition> {
  params: Part<D, 'params', 'out'>;
  query: Part<D, 'query', 'out'>;
  body: Part<D, 'body', 'out'>;
}

type Optionalize<T> = { [K in keyof T as T[K] extends undefined ? never : K]: T[K] };

/** What a caller sends: only the parts the endpoint declares. */
export type CallInput<E extends EndpointDefinition> = Optionalize<{
  params: Part<E, 'params', 'in'>;
  query: Part<E, 'query', 'in'>;
  body: E['bodyKind'] extends 'multipart' ? FormData : Part<E, 'body', 'in'>;
}>;

/**
 * The answer's type of an endpoint: its declared type (endpoint<A>(), whose schema's output is an A),
 * else its answer schema's output.
 */
export type Answer<E> = '__answer' extends keyof E ? (E extends { readonly __answer?: infer A } ? A : unknown)
  : E extends { readonly answer: infer S extends z.ZodType } ? z.output<S> : unknown;

/** Where the API's paths start, but for the authentication's at the root (spec 1 §1). */
export const API_PREFIX = '/api';

/** The full path as the browser calls it, with `{name}` still in it: '/api/membership/{id}'. */
export const fullPath = (e: EndpointDefinition, apiPrefix = API_PREFIX) => `${e.root ? '' : apiPrefix}${e.path}`;

/** The path with its parameters filled in (each percent-encoded): '/api/membership/5'. */
export function fillPath(e: EndpointDefinition, params: Record<string, unknown> | undefined, apiPrefix = API_PREFIX): string {
  return fullPath(e, apiPrefix).replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${e.method} ${e.path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/** The names of a path's parameters, in order. */
export const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** A declaration's identity: 'GET /api/membership/{id}'. */
export const endpointKey = (e: EndpointDefinition) => `${e.method} ${fullPath(e)}`;
