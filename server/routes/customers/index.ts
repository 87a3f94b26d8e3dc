import type { FastifyInstance } from 'fastify';
import { customerCreateRoutes } from './create';
import { customerDialogRoutes } from './dialogs';
import { customerDuplicateRoutes } from './duplicates';
import { hubspotListRoutes } from './hubspotList';
import { customerProfileRoutes } from './profile';
import { customerRelatedRoutes } from './related';
import { customerSearchRoutes } from './search';

// Customers (spec 1 §7): search, create and its duplicates, the profile and what relates to it, the
// profile's dialogs, the HubSpot list export.
export async function customerRoutes(app: FastifyInstance) {
  await app.register(customerSearchRoutes);
  await app.register(customerCreateRoutes);
  await app.register(customerDuplicateRoutes);
  await app.register(customerProfileRoutes);
  await app.register(customerRelatedRoutes);
  await app.register(hubspotListRoutes);
  await app.register(customerDialogRoutes);
}
