import type { FastifyInstance } from 'fastify';
import { syncSquareRefunds as syncEndpoint } from '../../../core/api/square';
import { facilityScope } from '../../auth/guard';
import { serve } from '../../http/endpoint';
import { syncSquareRefunds } from '../../domain/square/refunds';

// Square refunds that settle later (issue 30; domain/square/refunds.ts): read again on demand, and by
// itself every few minutes on a server talking to the real Square.

/** How often a server talking to Square reads its pending refunds again, by itself. */
const SYNC_EVERY_MS = 2 * 60_000;

/** POST /square/refunds/sync (the refund review reads them on opening), and the periodic reading. */
export async function refundSyncRoutes(app: FastifyInstance) {
  const { db, square } = app.deps;
  serve(app, syncEndpoint, async ({ user, query }) => syncSquareRefunds(db, square, { facilityId: facilityScope(user, query.facility_id) }));
  // The simulator settles every refund at once: nothing to read again.
  if (square.mode === 'simulator') return;
  const timer = setInterval(() => {
    syncSquareRefunds(db, square).catch((error: unknown) => app.log.error({ err: error }, 'reading pending Square refunds failed'));
  }, SYNC_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
