import type { FastifyRequest } from 'fastify';
import { can, scopeFacility, type Action } from '../../core/permissions';
import { forbidden, unauthorized } from '../common/errors';
import type { SessionUser } from './session';

/** The signed-in user, or 401. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * The signed-in user when the role matrix lets their role do `action` on `resource`; else 401, or 403
 * with `refusal` (by default a sentence naming the role and the action).
 */
export function authorize(request: FastifyRequest, resource: string, action: Action, refusal?: string): SessionUser {
  const user = requireUser(request);
  if (!can(user.role, resource, action)) throw forbidden(refusal ?? `A ${user.role} cannot ${action} ${resource.replace(/_/g, ' ')}`);
  return user;
}

/** A preHandler form of `authorize`, for routes declared with options. */
export const guard = (resource: string, action: Action) => async (request: FastifyRequest) => {
  authorize(request, resource, action);
};

/** The facility a request is scoped to: the user's own unless admin (null = every facility). */
export function facilityScope(user: SessionUser, requested?: number): number | null {
  return scopeFacility(user, requested);
}
