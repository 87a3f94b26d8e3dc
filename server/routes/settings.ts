import type { FastifyInstance } from 'fastify';
import { desc } from 'drizzle-orm';
import { guard } from '../auth/guard';
import { fees, taxes } from '../db/schema';

// Placeholder until the declarative crud helper lands: lists only.
export async function taxRoutes(app: FastifyInstance) {
  app.get('/taxes', { preHandler: guard('taxes', 'list') }, async () => app.deps.db.select().from(taxes).orderBy(desc(taxes.ID)));
}
export async function feeRoutes(app: FastifyInstance) {
  app.get('/fees', { preHandler: guard('fees', 'list') }, async () => app.deps.db.select().from(fees).orderBy(desc(fees.ID)));
}
