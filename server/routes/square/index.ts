import type { FastifyInstance } from 'fastify';
import { chargeRoutes } from './charge';
import { checkoutDeadlineJobs } from './deadline';
import { refundSyncRoutes } from './refundSync';
import { simulatorRoutes } from './simulator';
import { terminalRoutes } from './terminal';

// Square (issue 11): terminal checkouts, card charges, the simulator page's calls; refunds that settle later (issue 30).
export async function squareRoutes(app: FastifyInstance) {
  checkoutDeadlineJobs(app);
  await app.register(terminalRoutes);
  await app.register(chargeRoutes);
  await app.register(simulatorRoutes);
  await app.register(refundSyncRoutes);
}
