import type { FastifyInstance } from 'fastify';
import { classDetailRoutes } from './detail';
import { classEventRoutes } from './events';
import { classListRoutes } from './list';
import { promotionMailJobs } from '../../domain/classes/promotionMail';
import { registrationRoutes } from './registrations';
import { classTrialRoutes } from './trials';
import { classWriteRoutes } from './write';

// Classes and camps (spec 3 §7 "Classes", issue 26), one module per concern.

export async function classRoutes(app: FastifyInstance) {
  promotionMailJobs(app);
  await app.register(classListRoutes);
  await app.register(classDetailRoutes);
  await app.register(classWriteRoutes);
  await app.register(registrationRoutes);
  await app.register(classTrialRoutes);
  await app.register(classEventRoutes);
}
