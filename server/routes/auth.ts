import type { FastifyInstance } from 'fastify';
import { sessionRoutes } from './auth/session';
import { signupRoutes } from './auth/signup';
import { staffRoutes } from './auth/staff';

// Staff authentication and accounts, at root paths (spec 1 §7): /user/... and /check.
export async function authRoutes(app: FastifyInstance) {
  await app.register(sessionRoutes);
  await app.register(signupRoutes);
  await app.register(staffRoutes);
}
