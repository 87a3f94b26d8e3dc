import type { FastifyInstance } from 'fastify';
import { bulkRoutes } from './bulk';
import { calendarRoutes } from './calendar';
import { emailRoutes } from './email';
import { bookingRoutes } from './event';
import { matchRosterRoutes } from './matchRoster';
import { matchScoreRoutes } from './matchScores';
import { peopleRoutes } from './people';
import { bookingProductRoutes } from './product';
import { recurrentRoutes } from './recurrent';
import { switchRoutes } from './switches';

// Events and the calendar (spec 2 §7 "Events and calendar"), one module per concern.

export async function eventRoutes(app: FastifyInstance) {
  await app.register(calendarRoutes);
  await app.register(bookingRoutes);
  await app.register(bookingProductRoutes);
  await app.register(recurrentRoutes);
  await app.register(bulkRoutes);
  await app.register(switchRoutes);
  await app.register(peopleRoutes);
  await app.register(emailRoutes);
  await app.register(matchScoreRoutes);
  await app.register(matchRosterRoutes);
}
