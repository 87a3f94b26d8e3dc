import type { WebsocketHandler } from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fullPath, IDEMPOTENCY_KEY, IDEMPOTENCY_KEY_PATTERN, pathParams, type Answer, type Endpoint, type EndpointDefinition, type Parsed, type Permission } from '../../core/api/endpoint';
import { describeIssues, fieldErrors } from '../../core/validation/wire';
import { authorize, requireUser } from '../auth/guard';
import { resolvePortalSession, type PortalUser } from '../auth/portalSession';
import type { SessionUser } from '../auth/session';
import { badRequest, unauthorized } from './errors';

// Registers a handler against its declaration in core/api: the route's method and path come from it,
// the role matrix guards it (401/403 before anything is read), and the handler receives the params,
// query and body already parsed by the declared schemas (400 with a readable reason otherwise).

type UserOf<P extends Permission> = P extends 'public' ? SessionUser | null : P extends 'portal' ? PortalUser : SessionUser;

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

/** The portal's account holder behind the request's bearer token (a portal session, never a staff one), or 401. */
async function portalUser(request: FastifyRequest): Promise<PortalUser> {
  const match = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
  const { db, config } = request.server.deps;
  const found = match ? await resolvePortalSession(db, match[1], config) : null;
  if (!found) throw unauthorized();
  return found;
}

async function userFor(permission: Permission, request: FastifyRequest): Promise<SessionUser | PortalUser | null> {
  if (permission === 'public') return request.user;
  if (permission === 'portal') return portalUser(request);
  if (permission === 'signedIn') return requireUser(request);
  return authorize(request, permission.resource, permission.action, permission.refusal);
}

function parsePart(endpoint: EndpointDefinition, schema: z.ZodType | undefined, data: unknown, part: 'params' | 'query' | 'body'): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const message = (endpoint.describe ?? describeIssues)(result.error);
  // A body's reasons also by field, for a form to show each under its field (react-admin reads `errors`).
  const errors = part === 'body' ? fieldErrors(result.error) : {};
  throw badRequest(message, Object.keys(errors).length ? { errors } : undefined);
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
      const user = await userFor(endpoint.permission, request);
      const input = {
        user,
        params: parsePart(endpoint, endpoint.params, request.params, 'params'),
        query: parsePart(endpoint, endpoint.query, request.query, 'query'),
        body: endpoint.bodyKind === 'multipart' ? undefined : parsePart(endpoint, endpoint.body, request.body, 'body'),
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
