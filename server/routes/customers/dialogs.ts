import type { FastifyInstance } from 'fastify';
import { customerMergeRoutes } from './merge';
import { customerPhotoRoutes } from './photo';
import { suspensionRoutes } from './suspensions';
import { trialRoutes } from './trials';

// The profile's dialogs that act beyond the customer row: suspend, merge, photo, free trial.
export async function customerDialogRoutes(app: FastifyInstance) {
  await app.register(suspensionRoutes);
  await app.register(customerMergeRoutes);
  await app.register(customerPhotoRoutes);
  await app.register(trialRoutes);
}
