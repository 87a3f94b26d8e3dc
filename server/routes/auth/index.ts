import type { FastifyInstance } from 'fastify';
import { sessionRoutes } from './session';
import { signupRoutes } from './signup';
import { staffRoutes } from './staff';

// Staff authentication and accounts, at root paths (spec 1 §7): /user/... and /check.
export async function authRoutes(app: FastifyInstance) {
  await app.register(sessionRoutes);
  await app.register(signupRoutes);
  await app.register(staffRoutes);
}
