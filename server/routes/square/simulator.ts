import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authorize, facilityScope } from '../../auth/guard';
import { notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import { facilityFilterId } from '../../../core/validation/wire';

// The simulator page's calls (issue 11): the pending checkouts of the user's facility (an admin's
// chosen one, or all), completed or cancelled as a customer would at the terminal, and the simulated
// payments (the "dashboard" a payment's link opens). Only with the simulator: otherwise 404.

const listQuery = z.strictObject({ facility_id: facilityFilterId().optional() });
const actionParams = z.strictObject({ id: z.string().min(1).max(200), action: z.enum(['complete', 'cancel'], { error: 'must be complete or cancel' }) });

export async function simulatorRoutes(app: FastifyInstance) {
  const { square } = app.deps;
  const controls = () => {
    if (!square.simulator) throw notFound('Square simulator (SQUARE_ENV is not simulator)');
    return square.simulator;
  };

  app.get('/square/simulator/checkouts', async (request) => {
    const user = authorize(request, 'square_simulator', 'list');
    const { facility_id } = parse(listQuery, request.query);
    return controls().pendingCheckouts(facilityScope(user, facility_id));
  });

  app.get('/square/simulator/payments', async (request) => {
    const user = authorize(request, 'square_simulator', 'list');
    const { facility_id } = parse(listQuery, request.query);
    return controls().recentPayments(facilityScope(user, facility_id));
  });

  app.post('/square/simulator/checkouts/:id/:action', async (request) => {
    const user = authorize(request, 'square_simulator', 'edit');
    const { id, action } = parse(actionParams, request.params);
    const simulator = controls();
    return action === 'complete' ? simulator.completeCheckout(id, facilityScope(user)) : simulator.cancelCheckout(id, facilityScope(user));
  });
}
