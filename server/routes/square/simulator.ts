import type { FastifyInstance } from 'fastify';
import { simulatorAct, simulatorCheckouts, simulatorPayments, type SimulatedCheckout, type SimulatedPayment } from '../../../core/api/square';
import { facilityScope } from '../../auth/guard';
import { serve } from '../../http/endpoint';
import { notFound } from '../../http/errors';

// The simulator page's calls (issue 11): the pending checkouts of the user's facility (an admin's
// chosen one, or all), completed or cancelled as a customer would at the terminal, and the simulated
// payments (the "dashboard" a payment's link opens). Only with the simulator: otherwise 404.

export async function simulatorRoutes(app: FastifyInstance) {
  const { square } = app.deps;
  const controls = () => {
    if (!square.simulator) throw notFound('Square simulator (SQUARE_ENV is not simulator)');
    return square.simulator;
  };

  serve(app, simulatorCheckouts, async ({ user, query: { facility_id } }) =>
    controls().pendingCheckouts(facilityScope(user, facility_id)) as Promise<SimulatedCheckout[]>);

  serve(app, simulatorPayments, async ({ user, query: { facility_id } }) =>
    controls().recentPayments(facilityScope(user, facility_id)) as Promise<SimulatedPayment[]>);

  serve(app, simulatorAct, async ({ user, params: { id, action } }) => {
    const simulator = controls();
    return action === 'complete' ? simulator.completeCheckout(id, facilityScope(user)) : simulator.cancelCheckout(id, facilityScope(user));
  });
}
