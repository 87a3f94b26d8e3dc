import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth';
import { facilityRoutes, feeRoutes, taxRoutes } from './settings';

// One plugin per domain. Authentication lives at root paths (spec 1 §7); everything else under /api.

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(async (api) => {
    await api.register(facilityRoutes);
    await api.register(taxRoutes);
    await api.register(feeRoutes);
  }, { prefix: '/api' });
}
