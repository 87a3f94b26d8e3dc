import type { FastifyInstance } from 'fastify';
import { contractDocumentRoutes } from './document';
import { contractEventRoutes } from './events';
import { contractListRoutes } from './list';
import { contractMarketingRoutes } from './marketing';
import { pickupRoutes } from './pickup';
import { contractRecordRoutes } from './records';

// Contracts and pickup sessions (spec 2 §7 "Contracts" and "Pickup"), one module per concern.

export async function contractRoutes(app: FastifyInstance) {
  await app.register(contractListRoutes);
  await app.register(contractRecordRoutes);
  await app.register(contractEventRoutes);
  await app.register(contractDocumentRoutes);
  await app.register(contractMarketingRoutes);
  await app.register(pickupRoutes);
}
