import type { WebsocketHandler } from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fullPath, IDEMPOTENCY_KEY, IDEMPOTENCY_KEY_PATTERN, pathParams, type Answer, type Endpoint, type EndpointDefinition, type Parsed, type Permission } from '../../core/api/endpoint';
import { describeIssues } from '../../core/validation/wire';
import { authorize, requireUser } from '../auth/guard';
import type { SessionUser } from '../auth/session';
import { badRequest } from './errors';

// Registers a handler against its declaration in core/api: the route's method and path come from it,
// the role matrix guards it (401/403 before anything is read), and the handler receives the params,
// query and body already parsed by the declared schemas (400 with a readable reason otherwise).

type UserOf<P extends Permission> = P extends 'public' ? SessionUser | null : SessionUser;

export type EndpointInput<D extends EndpointDefinition> = Parsed<D> & {
  user: UserOf<D['permission']>;
  /** The request's Idempotency-Key, when the declaration is `idempotent` and the caller sent one. */
  idempotencyKey: string | undefined;
};

export type EndpointHandler<D extends EndpointDefinition, A> = (
  input: EndpointInput<D>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<A | FastifyReply> | A | FastifyReply;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration a route serves (every route of ours has one: tests/api/contract.test.ts). */
    endpoint?: EndpointDefinition;
  }
}

function userFor(permission: Permission, request: FastifyRequest): SessionUser | null {
  if (permission === 'public') return request.user;
  if (permission === 'signedIn') return requireUser(request);
  return authorize(request, permission.resource, permission.action, permission.refusal);
}

function parsePart(endpoint: EndpointDefinition, schema: z.ZodType | undefined, data: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  throw badRequest((endpoint.describe ?? describeIssues)(result.error));
}

/** The Idempotency-Key header of an `idempotent` declaration's request, checked. */
function idempotencyKeyOf(endpoint: EndpointDefinition, request: FastifyRequest): string | undefined {
  const header = endpoint.idempotent ? request.headers[IDEMPOTENCY_KEY.toLowerCase()] : undefined;
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw badRequest(`${IDEMPOTENCY_KEY}: must be 8 to 200 visible characters`);
  return key;
}

/** '/membership/{id}' → '/membership/:id' (Fastify's form). */
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** The route's URL on `app`: the declaration's full path relative to the plugin's prefix. */
function routeUrl(app: FastifyInstance, endpoint: EndpointDefinition): string {
  const path = fullPath(endpoint);
  if (!path.startsWith(app.prefix)) throw new Error(`${endpoint.method} ${path} registered under ${app.prefix}`);
  if (pathParams(endpoint.path).length > 0 && !endpoint.params) throw new Error(`${endpoint.method} ${path} declares no params schema`);
  return fastifyPath(path.slice(app.prefix.length)) || '/';
}

/**
 * Serves `endpoint` on `app` (the root app or the /api plugin: the path is taken relative to the
 * plugin's prefix, so a declaration is served where it says whichever plugin registers it).
 */
export function serve<D extends EndpointDefinition, A>(
  app: FastifyInstance,
  endpoint: Endpoint<D, A>,
  handler: EndpointHandler<D, Answer<Endpoint<D, A>>>,
): void {
  app.route({
    method: endpoint.method,
    url: routeUrl(app, endpoint),
    config: { endpoint },
    handler: async (request, reply) => {
      const user = userFor(endpoint.permission, request);
      const input = {
        user,
        params: parsePart(endpoint, endpoint.params, request.params),
        query: parsePart(endpoint, endpoint.query, request.query),
        body: endpoint.bodyKind === 'multipart' ? undefined : parsePart(endpoint, endpoint.body, request.body),
        idempotencyKey: idempotencyKeyOf(endpoint, request),
      } as EndpointInput<D>;
      if (endpoint.status) reply.status(endpoint.status);
      return handler(input, request, reply);
    },
  });
}

/**
 * Serves a WebSocket `endpoint`: a GET that @fastify/websocket (registered by the calling plugin)
 * upgrades and hands to `handler`. Its declaration is public, since a browser cannot send headers on
 * an upgrade: the socket's own protocol says who is at the other end. A GET without the upgrade
 * answers 404.
 */
export function serveSocket(app: FastifyInstance, endpoint: EndpointDefinition & { method: 'GET'; permission: 'public' }, handler: WebsocketHandler): void {
  app.route({ method: 'GET', url: routeUrl(app, endpoint), websocket: true, config: { endpoint }, handler });
}
