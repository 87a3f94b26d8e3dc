import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../http/errors';

// GET /api/health, for monitors and load balancers, without sign-in: 200 {status: 'ok'} when the
// database answers within a few seconds, 503 otherwise.

const DATABASE_TIMEOUT_MS = 3000;

export async function healthRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.get('/health', async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        db.execute(sql`select 1`),
        new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('database timeout')), DATABASE_TIMEOUT_MS); }),
      ]);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return reply.status(503).send(errorBody(503, 'The database cannot be reached'));
    } finally {
      clearTimeout(timer);
    }
  });
}
